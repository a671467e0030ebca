"""Publishing a draft round: one scoresheet per match, made through
``scoring.services.scoresheet_create`` with the seats' players and the first dealer, each with
a table code (``scoring.tablecodes``) so the table may enter its own hands; the
pairings then go public, and ``tournaments.signals.round_published`` is sent once that is
committed.

A sheet gets the event's own copy of the rules: its rule set when that still says the same,
else the game's standard rules with the event's options written over them (the rule set was
edited or deleted since the event was made).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.models import Player
from scoring.models import Scoresheet
from scoring.services import SideSpec, scoresheet_create
from scoring.tablecodes import tablecode_issue
from tournaments.errors import TournamentError
from tournaments.formats import Layout, game_of
from tournaments.models import (
    Entrant,
    EntrantKind,
    Event,
    EventStatus,
    Match,
    MatchTime,
    MatchTimeStatus,
    PlaysAt,
    Round,
    RoundStatus,
    TimeSource,
)
from tournaments.services.clashes import clash_check
from tournaments.services.rounds import event_layout, require_draft
from tournaments.signals import round_going_online, round_published

if TYPE_CHECKING:
    from django.contrib.auth.models import User

NO_TABLES = gettext_lazy("Round {number} has no table to play.")
NOT_CHOSEN_BY_ROUND = gettext_lazy(
    "{event} plays every round {where}: choose the tables played online only for an event"
    " whose rounds are chosen round by round."
)
NO_SUCH_TABLES = gettext_lazy("Round {number} has no table {tables}.")
WINDOW_BACKWARDS = gettext_lazy("The window must open before its deadline.")
DEFAULT_OUTSIDE = gettext_lazy("The default time must lie within the window.")
WINDOW_AT_THE_HALL = gettext_lazy(
    "A window and a default time are for matches played online; this round has none."
)
RULES_GONE = gettext_lazy(
    "The event's rules were deleted and its game needs {seats} players at a"
    " table; choose rules for the event again."
)


@dataclass(frozen=True)
class RoundWindow:
    """An online round played over days: its matches start between ``opens_at`` and
    ``closes_at``, at a time their players agree, else at ``default_at``."""

    opens_at: datetime
    closes_at: datetime
    default_at: datetime

    def check(self) -> None:
        if self.opens_at >= self.closes_at:
            raise TournamentError("window_backwards", WINDOW_BACKWARDS, "window.closes_at")
        if not self.opens_at <= self.default_at <= self.closes_at:
            raise TournamentError("default_outside", DEFAULT_OUTSIDE, "window.default_at")


@transaction.atomic
def round_publish(
    *,
    round_: Round,
    by: User | None = None,
    online_tables: Collection[int] | None = None,
    window: RoundWindow | None = None,
) -> Round:
    """Publish a draft: one scoresheet per match, the pairings shown to everyone, and (once
    committed) each seated player told where they sit. A match played online (every match of
    an event played online; the tables numbered ``online_tables`` of one choosing round by
    round) gets a live table, not a table code (``round_going_online``, in this transaction:
    a table refused undoes it all). It starts now, or at ``window``'s default time until its
    players agree another.

    Raises:
        TournamentError: ``not_draft``, ``no_tables``, ``rules_gone``; ``not_by_round``,
            ``no_such_tables`` (field ``online_tables``); ``window_backwards``,
            ``default_outside``, ``window_at_the_hall`` (field ``window`` or one of its
            times); ``clash`` (a player of an online match has another online match then);
            a sheet the scoring app refuses (its code and message).
    """
    from scoring.errors import ScoringError

    round_ = (
        Round.objects.select_for_update().select_related("event", "event__club").get(pk=round_.pk)
    )
    require_draft(round_, "published")
    event = round_.event
    matches = _matches_of(round_)
    if not matches:
        raise TournamentError("no_tables", NO_TABLES.format(number=round_.number))
    layout = event_layout(event)
    online = _online_numbers(round_, matches, online_tables)
    _window_check(window, online)
    now = timezone.now()
    _clashes_check([m for m in matches if m.table.number in online], window, now)
    for match in matches:
        try:
            sheet = _sheet_for(event, layout, round_, match, by)
        except ScoringError as error:
            raise TournamentError(error.code, error.message) from error
        match.sheet = sheet
        match.save(update_fields=["sheet"])
        if match.table.number in online:
            _set_online(match, window, now)
        else:
            tablecode_issue(sheet=sheet, by=by)  # each table may score itself from a phone
        Scoresheet.objects.filter(pk=sheet.pk).update(match_id=match.pk)
    _mark_published(round_, now, online=bool(online), window=window)
    if online:  # the live tables write those sheets: no table codes, one table per match
        round_going_online.send(sender=Round, round_id=round_.pk)
    if event.status == EventStatus.PLANNED:
        event.status = EventStatus.RUNNING
        event.save(update_fields=["status"])
    # "Pairings are up": listeners (the players' notices) hear of it once this is committed;
    # one that fails is logged and does not undo the publication.
    transaction.on_commit(partial(round_published.send_robust, sender=Round, round_id=round_.pk))
    return round_


def _matches_of(round_: Round) -> list[Match]:
    """The round's matches in table order, with the seats their sheets name."""
    return list(
        Match.objects.filter(round=round_)
        .select_related("table")
        .prefetch_related("table__seatings__entrant__partnership", "table__seatings__player")
        .order_by("table__number")
    )


def _mark_published(
    round_: Round, now: datetime, *, online: bool, window: RoundWindow | None
) -> None:
    round_.status = RoundStatus.PUBLISHED
    round_.published_at = now
    round_.online = online
    if window is not None:
        round_.opens_at, round_.closes_at = window.opens_at, window.closes_at
        round_.default_at = window.default_at
    round_.save(
        update_fields=["status", "published_at", "online", "opens_at", "closes_at", "default_at"]
    )


def _online_numbers(
    round_: Round, matches: list[Match], chosen: Collection[int] | None
) -> set[int]:
    """The numbers of the round's tables played online."""
    event = round_.event
    numbers = {match.table.number for match in matches}
    if event.plays_at != PlaysAt.BY_ROUND:
        if chosen is not None:
            where = PlaysAt(event.plays_at).label.lower()
            raise TournamentError(
                "not_by_round",
                NOT_CHOSEN_BY_ROUND.format(event=event, where=where),
                "online_tables",
            )
        return numbers if event.plays_at == PlaysAt.ONLINE else set()
    unknown = set(chosen or ()) - numbers
    if unknown:
        listed = ", ".join(str(number) for number in sorted(unknown))
        raise TournamentError(
            "no_such_tables",
            NO_SUCH_TABLES.format(number=round_.number, tables=listed),
            "online_tables",
        )
    return set(chosen or ())


def _window_check(window: RoundWindow | None, online: set[int]) -> None:
    if window is None:
        return
    if not online:
        raise TournamentError("window_at_the_hall", WINDOW_AT_THE_HALL, "window")
    window.check()


def _clashes_check(online: list[Match], window: RoundWindow | None, now: datetime) -> None:
    """Refuse the publication when a player of an online match has another online match (of
    another event, or an earlier round still open) starting near the time this one starts.
    Checked before anything is made, so the refusal leaves the draft as it was."""
    starts_at = now if window is None else window.default_at
    for match in online:
        clash_check(match=match, at=starts_at)


def _set_online(match: Match, window: RoundWindow | None, now: datetime) -> None:
    """An online match starts now, or at the window's default time until its players agree
    another (that default is its first current time)."""
    match.online = True
    if window is None:
        match.starts_at, match.time_source = now, TimeSource.ROUND
    else:
        match.starts_at, match.time_source = window.default_at, TimeSource.DEFAULT
        MatchTime.objects.create(match=match, at=window.default_at, status=MatchTimeStatus.DEFAULT)
    match.save(update_fields=["online", "starts_at", "time_source"])


def _sheet_for(
    event: Event, layout: Layout, round_: Round, match: Match, by: User | None
) -> Scoresheet:
    seatings = sorted(match.table.seatings.all(), key=lambda s: s.seat)
    specs = []
    for side in range(layout.sides):
        at_side = [s for s in seatings if s.side == side]
        if event.entrant_kind == EntrantKind.PARTNERSHIP:
            entrant = at_side[0].entrant
            specs.append(SideSpec(label=entrant.name, partnership=entrant.partnership))
        else:
            specs.append(SideSpec(label=" & ".join(_name(s.player, s.entrant) for s in at_side)))
    seat_players: dict[int, Player | None] = {s.seat: s.player for s in seatings}
    dealer = next((s.seat for s in seatings if s.deals_first), None)
    title = f"{event.name}: round {round_.number}, table {match.table.number}"
    rule_set = event.rule_set
    kwargs: dict[str, Any] = {}
    if rule_set is not None and _same_rules(rule_set.game, rule_set.options, event):
        kwargs["rule_set"] = rule_set
    else:
        standard = game_of(event.game, {})
        if standard.seating.seats != layout.seats:
            raise TournamentError("rules_gone", RULES_GONE.format(seats=layout.seats))
        kwargs["game_id"] = event.game
    sheet = scoresheet_create(
        club=event.club,
        by=by,
        title=title[:120],
        sides=specs,
        seat_players=seat_players,
        first_dealer=dealer,
        **kwargs,
    )
    if "game_id" in kwargs:
        # The copied rules of the event, not the standard ones the sheet started from.
        game = game_of(event.game, event.options)
        Scoresheet.objects.filter(pk=sheet.pk).update(
            options=game.options_dict(), target=game.target, rule_set_name=event.rule_set_name
        )
        sheet.refresh_from_db()
    return sheet


def _same_rules(game_id: str, options: Mapping[str, Any] | None, event: Event) -> bool:
    try:
        current = game_of(game_id, dict(options or {}))
    except TournamentError:
        return False
    return current.id == event.game and current.options_dict() == event.options


def _name(player: Player | None, entrant: Entrant) -> str:
    return player.display_name if player is not None else entrant.name
