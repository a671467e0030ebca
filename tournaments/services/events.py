"""Seasons and events: creating them (rules copied, format checked against the game) and
finishing them."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from datetime import date
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy

from club.clocks import GRACE_SECONDS, TURN_SECONDS
from club.models import Club, RuleSet
from club.wording import counted
from scoring.tablecodes import tablecodes_close
from tournaments.errors import TournamentError
from tournaments.formats import game_of, layout_for, tiebreaks_clean
from tournaments.models import (
    ByeScoring,
    Event,
    EventFormat,
    EventStatus,
    JobKind,
    Match,
    NoShowRule,
    PlaysAt,
    Round,
    RoundStatus,
    Season,
)
from tournaments.models.events import entrant_kind_of
from tournaments.services.jobs import job_enqueue

if TYPE_CHECKING:
    from django.contrib.auth.models import User

RULE_SET_OTHER_CLUB = gettext_lazy("Those rules belong to another club.")
SEASON_OTHER_CLUB = gettext_lazy("That season belongs to another club.")
SEASON_KIND = gettext_lazy(
    "{season} is a league of {kind}; a {format} night pairs {other}. Choose a format of the "
    "same kind."
)
NO_GAME = gettext_lazy("Choose the rules (or a game) the event is played under.")
BEST_OF = gettext_lazy("Count at least one night, or leave it empty to count them all.")
DRAFT_OPEN = gettext_lazy(
    "Round {number} is still a draft: publish or discard it before finishing."
)
UNKNOWN_FORMAT = gettext_lazy("There is no format {value!r}; formats: {known}.")
ALREADY_FINISHED = gettext_lazy("{event} is already finished.")
PUBLISH_NEEDS_PAIRING = gettext_lazy(
    "An event publishes only a round it paired itself: let it pair the next round too."
)
FORFEIT_NEEDS_MINUTES = gettext_lazy(
    "Under the forfeit rule, give the absent players at least one minute."
)


@dataclass(frozen=True)
class OnlinePlay:
    """Where an event's rounds are played, and the clocks of its live tables when online
    (the seconds a turn may take, and a dropped player's grace time; 0: none); what happens
    to a seat still empty after the grace time; and whether the event pairs (and publishes)
    its next round itself once the last match of a round is confirmed.

    The online-only values are kept for an event played at the hall: they hold again the
    day its rounds go online.
    """

    plays_at: str = PlaysAt.HALL
    turn_seconds: int = TURN_SECONDS
    grace_seconds: int = GRACE_SECONDS
    no_show: str = NoShowRule.COMPUTER
    forfeit_minutes: int = Event._meta.get_field("forfeit_minutes").default
    pairs_itself: bool = False
    publishes_itself: bool = False

    def check(self) -> None:
        """Raises:
        TournamentError: ``publish_needs_pairing`` (publishing a round the event did not
            pair), ``forfeit_needs_minutes`` (a forfeit rule forfeiting at once)."""
        if self.publishes_itself and not self.pairs_itself:
            raise TournamentError(
                "publish_needs_pairing", PUBLISH_NEEDS_PAIRING, "publishes_itself"
            )
        if self.no_show == NoShowRule.FORFEIT and self.forfeit_minutes < 1:
            raise TournamentError("forfeit_needs_minutes", FORFEIT_NEEDS_MINUTES, "forfeit_minutes")

    def write(self, event: Event) -> None:
        """Onto ``event``, checked here and by its ``full_clean`` (``invalid`` for a bad
        value)."""
        self.check()
        event.plays_at = self.plays_at
        event.turn_seconds = self.turn_seconds
        event.grace_seconds = self.grace_seconds
        event.no_show = self.no_show
        event.forfeit_minutes = self.forfeit_minutes
        event.pairs_itself = self.pairs_itself
        event.publishes_itself = self.publishes_itself

    @classmethod
    def of(cls, event: Event) -> OnlinePlay:
        """The event's values as they are (what a change leaves alone)."""
        return cls(**{f.name: getattr(event, f.name) for f in fields(cls)})


def format_check(value: str) -> None:
    if value not in EventFormat.values:
        known = ", ".join(EventFormat.values)
        raise TournamentError("format", UNKNOWN_FORMAT.format(value=value, known=known), "format")


def _season_kind_check(season: Season | None, format: str) -> None:
    """A league's nights all pair one kind of entrant, so its standings can add them up."""
    if season is not None and season.entrant_kind != entrant_kind_of(format):
        raise TournamentError(
            "season_kind",
            SEASON_KIND.format(
                season=season,
                kind=season.entrant_kind.label,
                format=EventFormat(format).label,
                other=entrant_kind_of(format).label,
            ),
            "format",
        )


def _invalid(error: ValidationError) -> TournamentError:
    field, messages = next(iter(error.message_dict.items()))
    return TournamentError("invalid", " ".join(messages), None if field == "__all__" else field)


@transaction.atomic
def season_create(
    *,
    club: Club,
    name: str,
    format: str,
    rule_set: RuleSet | None = None,
    best_of: int | None = None,
    tiebreaks: Sequence[str] | None = None,
) -> Season:
    """A new league season; its nights are events made with ``season_night_create``.

    Raises:
        TournamentError: rules of another club or for a game the format cannot seat, a bad
            standings order, best-of below 1, a name already used.
    """
    format_check(format)
    if rule_set is not None:
        if rule_set.club_id != club.pk:
            raise TournamentError("rule_set", RULE_SET_OTHER_CLUB, "rule_set")
        layout_for(format, game_of(rule_set.game, rule_set.options or {}))
    if best_of is not None and best_of < 1:
        raise TournamentError("best_of", BEST_OF, "best_of")
    season = Season(
        club=club,
        name=name.strip(),
        format=format,
        rule_set=rule_set,
        best_of=best_of,
        tiebreaks=tiebreaks_clean(format, tiebreaks),
    )
    try:
        season.full_clean()
    except ValidationError as error:
        raise _invalid(error) from error
    season.save()
    return season


@transaction.atomic
def event_create(
    *,
    club: Club,
    name: str,
    date: date,
    format: str,
    rule_set: RuleSet | None = None,
    game_id: str = "",
    season: Season | None = None,
    rounds_planned: int | None = None,
    tiebreaks: Sequence[str] | None = None,
    points_cap: int | None = None,
    third_place: bool = False,
    bye_scores: str = ByeScoring.NOTHING,
    online: OnlinePlay | None = None,
    seed: int | None = None,
    by: User | None = None,
) -> Event:
    """A new event under ``rule_set`` (or ``game_id``'s standard rules), rules copied onto it.

    Raises:
        TournamentError: ``rule_set`` / ``season`` of another club, ``format_game`` (the
            game cannot seat the format), ``season_kind`` (a night pairing another kind of
            entrant than its season), ``tiebreaks``, ``invalid`` (a field the model refuses).
    """
    format_check(format)
    if rule_set is not None and rule_set.club_id != club.pk:
        raise TournamentError("rule_set", RULE_SET_OTHER_CLUB, "rule_set")
    if season is not None and season.club_id != club.pk:
        raise TournamentError("season", SEASON_OTHER_CLUB, "season")
    if rule_set is None and not game_id:
        raise TournamentError("rule_set", NO_GAME, "rule_set")
    game = game_of(rule_set.game, rule_set.options or {}) if rule_set else game_of(game_id, {})
    layout_for(format, game)
    _season_kind_check(season, format)
    event = Event(
        club=club,
        season=season,
        name=name.strip(),
        date=date,
        format=format,
        rule_set=rule_set,
        rule_set_name=rule_set.name if rule_set else "standard rules",
        game=game.id,
        options=game.options_dict(),
        rounds_planned=rounds_planned,
        tiebreaks=tiebreaks_clean(format, tiebreaks or (season.tiebreaks if season else None)),
        points_cap=points_cap,
        third_place=third_place,
        bye_scores=bye_scores,
        seed=secrets.randbelow(2**31) if seed is None else seed,
        created_by=by,
    )
    (online or OnlinePlay()).write(event)
    try:
        event.full_clean()
    except ValidationError as error:
        raise _invalid(error) from error
    event.save()
    return event


def season_night_create(
    *,
    season: Season,
    date: date,
    name: str = "",
    rounds_planned: int | None = None,
    seed: int | None = None,
    by: User | None = None,
    plays_at: str | None = None,
) -> Event:
    """The season's next night, with the season's format, rules and standings order, and the
    last night's way of playing online (its clocks, no-show rule, pairing by itself), played
    where ``plays_at`` says (``None``: where the last night was)."""
    number = season.events.count() + 1
    last = season.events.order_by("-date", "-pk").first()
    online = OnlinePlay.of(last) if last is not None else OnlinePlay()
    if plays_at is not None:
        online = replace(online, plays_at=plays_at)
    return event_create(
        club=season.club,
        name=name.strip() or f"{season.name}, night {number}",
        date=date,
        format=season.format,
        rule_set=season.rule_set,
        season=season,
        rounds_planned=rounds_planned,
        tiebreaks=season.tiebreaks,
        online=online,
        seed=seed,
        by=by,
    )


@transaction.atomic
def event_finish(*, event: Event, by: User | None = None) -> Event:
    """Close the event: no more rounds, and the tables' codes stop working. Standings are
    computed once more.

    Raises:
        TournamentError: ``finished`` (already), ``draft_open`` (a draft round is pending).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.is_finished:
        raise TournamentError("finished", ALREADY_FINISHED.format(event=event))
    draft = Round.objects.filter(event=event, status=RoundStatus.DRAFT).first()
    if draft is not None:
        raise TournamentError("draft_open", DRAFT_OPEN.format(number=draft.number))
    event.status = EventStatus.FINISHED
    event.save(update_fields=["status"])
    # The tables' codes end with the event, whether their sheets were confirmed or not.
    sheet_ids = Match.objects.filter(round__event=event, sheet__isnull=False)
    tablecodes_close(sheet_ids=list(sheet_ids.values_list("sheet_id", flat=True)))
    job_enqueue(club=event.club, kind=JobKind.STANDINGS, event=event, by=by)
    return event


@transaction.atomic
def event_round_add(*, event: Event) -> Event:
    """Plan one more round than the event planned (an extra round on the night), so the next
    one can be paired. An event with no planned count has nothing to raise and is unchanged.

    Raises:
        TournamentError: ``finished``.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.is_finished:
        raise TournamentError("finished", FINISHED_NO_ROUND.format(event=event))
    if event.rounds_planned is not None:
        paired = Round.objects.filter(event=event).count()
        event.rounds_planned = max(event.rounds_planned, paired) + 1
        event.save(update_fields=["rounds_planned"])
    return event


FINISHED_NO_ROUND = gettext_lazy("{event} is finished: no round can be added.")
STARTED = gettext_lazy("Round 1 is already paired: the format and the rules stay as they are.")
ROUNDS_BELOW_PAIRED = gettext_lazy("{count} already paired: plan at least that many.")
KIND_WITH_ENTRANTS = gettext_lazy(
    "{count} {kind} are checked in already; a {format} event pairs {other}. Check them out "
    "first or keep a format of the same kind."
)


@transaction.atomic
def event_update(
    *,
    event: Event,
    name: str,
    date: date,
    format: str,
    rule_set: RuleSet | None,
    rounds_planned: int | None,
    tiebreaks: Sequence[str] | None,
    points_cap: int | None,
    third_place: bool,
    bye_scores: str | None = None,
    online: OnlinePlay | None = None,
    by: User | None = None,
) -> Event:
    """Change an event that is not finished (``bye_scores``, ``online``: ``None`` keeps it).
    Where the rounds are played may change at any time: it holds for the rounds published
    after.

    The format and the rules can change only until round 1 is paired, since every seating and
    line after that was made under them. A new standings order or points cap applies to the
    rounds played too, so the standings are recomputed (in the background) when any exist.

    Raises:
        TournamentError: ``finished``, ``started`` (format or rules after round 1), ``rounds``
            (fewer rounds planned than paired), the checks of ``event_create``.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.is_finished:
        raise TournamentError("finished", ALREADY_FINISHED.format(event=event))
    paired = Round.objects.filter(event=event).count()
    rules_change = _check_changes(event, paired, format, rule_set, rounds_planned)
    if rules_change:
        _rules_apply(event, format, rule_set)
    bye_scores = event.bye_scores if bye_scores is None else bye_scores
    standings_change = (
        list(tiebreaks or ()) != list(event.tiebreaks)
        or points_cap != event.points_cap
        or bye_scores != event.bye_scores
    )
    event.name = name.strip()
    event.date = date
    event.rounds_planned = rounds_planned
    event.tiebreaks = tiebreaks_clean(event.format, tiebreaks or None)
    event.points_cap = points_cap
    event.third_place = third_place
    event.bye_scores = bye_scores
    if online is not None:
        online.write(event)
    try:
        event.full_clean()
    except ValidationError as error:
        raise _invalid(error) from error
    event.save()
    if paired and standings_change:
        job_enqueue(club=event.club, kind=JobKind.STANDINGS, event=event, by=by)
    return event


def _check_changes(
    event: Event, paired: int, format: str, rule_set: RuleSet | None, rounds_planned: int | None
) -> bool:
    """Whether the format or the rules change: refused once a round is paired (``paired``),
    as is planning fewer rounds than are paired."""
    rules_change = format != event.format or (
        rule_set is not None and rule_set.pk != event.rule_set_id
    )
    if paired and rules_change:
        field = "format" if format != event.format else "rule_set"
        raise TournamentError("started", STARTED, field)
    if rounds_planned is not None and rounds_planned < paired:
        raise TournamentError(
            "rounds", ROUNDS_BELOW_PAIRED.format(count=counted(paired, "round")), "rounds_planned"
        )
    return rules_change


def _rules_apply(event: Event, format: str, rule_set: RuleSet | None) -> None:
    """Check a new format and rules as ``event_create`` does, and copy them onto ``event``."""
    format_check(format)
    kind = entrant_kind_of(format)
    checked_in = event.entrants.filter(checked_in=True).count()
    if kind != event.entrant_kind and checked_in:
        raise TournamentError(
            "entrant_kind",
            KIND_WITH_ENTRANTS.format(
                count=checked_in,
                kind=event.entrant_kind.label,
                format=EventFormat(format).label,
                other=kind.label,
            ),
            "format",
        )
    if rule_set is not None and rule_set.club_id != event.club_id:
        raise TournamentError("rule_set", RULE_SET_OTHER_CLUB, "rule_set")
    game = (
        game_of(rule_set.game, rule_set.options or {})
        if rule_set is not None
        else game_of(event.game, event.options)
    )
    layout_for(format, game)
    _season_kind_check(event.season, format)
    event.format = format
    if rule_set is not None:
        event.rule_set = rule_set
        event.rule_set_name = rule_set.name
        event.game = game.id
        event.options = game.options_dict()
