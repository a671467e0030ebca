"""Reads of events for pages, exports, the API and the services (who is paired, rounds played).

Club pages read through the club (``event_get(club=…)`` is a 404 for another club's event);
public pages read an event by id alone, since standings and pairings are public. The shapes
returned here (``TableView``, ``ResultRow``) are what templates and CSV exports show, so the
three stay in step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Count, Max, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import pgettext

from club.models import Club, Membership, Partnership, Player
from scoring.models import Scoresheet
from tournaments.models import (
    Entrant,
    EntrantKind,
    Event,
    EventStatus,
    Job,
    JobState,
    Match,
    PlayerRating,
    RatingChange,
    Round,
    RoundStatus,
    Season,
    StandingsSnapshot,
)


def events_public() -> QuerySet[Event]:
    """Every club's events, running ones first, then by date (newest first)."""
    return (
        Event.objects.select_related("club", "season")
        .annotate(
            running=Count("pk", filter=Q(status=EventStatus.RUNNING)),
            entrant_count=Count("entrants", filter=Q(entrants__checked_in=True)),
        )
        .order_by("-running", "-date", "-pk")
    )


def club_events(*, club: Club) -> QuerySet[Event]:
    return (
        Event.objects.for_club(club)
        .select_related("season")
        .annotate(entrant_count=Count("entrants", filter=Q(entrants__checked_in=True)))
        .order_by("-date", "-pk")
    )


def club_seasons(*, club: Club) -> QuerySet[Season]:
    return Season.objects.filter(club=club).annotate(nights=Count("events")).order_by("-created")


def event_get(*, club: Club, event_id: int) -> Event:
    """The club's event. Raises ``Http404`` for another club's."""
    return get_object_or_404(
        Event.objects.select_related("club", "season", "rule_set"), club=club, pk=event_id
    )


def event_get_public(*, event_id: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club", "season"), pk=event_id)


def season_get(*, club: Club, season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), club=club, pk=season_id)


def season_get_public(*, season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), pk=season_id)


def season_nights(*, season: Season) -> QuerySet[Event]:
    return (
        Event.objects.filter(season=season)
        .annotate(entrant_count=Count("entrants", filter=Q(entrants__checked_in=True)))
        .order_by("date", "pk")
    )


def standings_of(
    *, event: Event | None = None, season: Season | None = None
) -> StandingsSnapshot | None:
    return StandingsSnapshot.objects.filter(event=event, season=season).first()


def event_rounds(*, event: Event) -> list[Round]:
    return list(Round.objects.filter(event=event).order_by("number"))


def round_get(*, event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number)


def round_sheets(*, round_: Round) -> list[Scoresheet]:
    """The scoresheets of a published round, by table number (none for a draft)."""
    matches = (
        Match.objects.filter(round=round_, sheet__isnull=False)
        .select_related("sheet", "sheet__rule_set")
        .order_by("table__number")
    )
    return [match.sheet for match in matches if match.sheet is not None]


def round_shown(*, event: Event, public: bool) -> Round | None:
    """The round a pairings page shows: the latest one (the public never sees a draft)."""
    rounds = Round.objects.filter(event=event)
    if public:
        rounds = rounds.exclude(status=RoundStatus.DRAFT)
    return rounds.order_by("-number").first()


# --- Check-in at the door -------------------------------------------------------------------


@dataclass
class DoorRow:
    key: str  # "player-12" or "partnership-3": what the door form posts
    name: str
    detail: str
    entrant: Entrant | None

    @property
    def here(self) -> bool:
        return self.entrant is not None and self.entrant.is_active

    @property
    def status(self) -> str:
        """Whether they are here, in the reader's language."""
        entrant = self.entrant
        if entrant is None or not entrant.checked_in:
            return pgettext("at the door", "not here")
        if entrant.withdrawn:
            return pgettext("at the door", "left after round {number}").format(
                number=entrant.left_after_round
            )
        if entrant.joined_round:
            return pgettext("at the door", "here from round {number}").format(
                number=entrant.joined_round
            )
        return pgettext("at the door", "here")


def door_rows(*, event: Event) -> list[DoorRow]:
    """Everyone who could play tonight, by name, with whether they are here."""
    entrants = {(e.partnership_id, e.player_id): e for e in Entrant.objects.filter(event=event)}
    rows: list[DoorRow] = []
    if event.entrant_kind == EntrantKind.PARTNERSHIP:
        for partnership in Partnership.objects.filter(club_id=event.club_id).prefetch_related(
            Prefetch("players", queryset=Player.objects.order_by("display_name"))
        ):
            names = ", ".join(p.display_name for p in partnership.players.all())
            rows.append(
                DoorRow(
                    f"partnership-{partnership.pk}",
                    partnership.name,
                    names,
                    entrants.get((partnership.pk, None)),
                )
            )
    else:
        for membership in Membership.objects.filter(club_id=event.club_id).select_related("player"):
            player = membership.player
            rows.append(
                DoorRow(
                    f"player-{player.pk}", player.display_name, "", entrants.get((None, player.pk))
                )
            )
    return sorted(rows, key=lambda r: r.name.lower())


def event_entrants(*, event: Event) -> QuerySet[Entrant]:
    return (
        Entrant.objects.filter(event=event)
        .select_related("partnership", "player")
        .order_by("name", "pk")
    )


# --- Jobs and ratings -------------------------------------------------------------------------


def event_jobs(*, event: Event) -> list[Job]:
    """Jobs a director should see: running ones, and the last failure if nothing ran since."""
    active = list(Job.objects.filter(event=event).active().order_by("created"))
    latest = (
        Job.objects.filter(event=event)
        .exclude(state__in=[JobState.QUEUED, JobState.RUNNING])
        .first()
    )
    if latest is not None and latest.state == JobState.FAILED:
        active.append(latest)
    return active


def job_get(*, club: Club, job_id: int) -> Job:
    return get_object_or_404(Job.objects.select_related("event"), club=club, pk=job_id)


def club_ratings(*, club: Club) -> list[PlayerRating]:
    ratings = PlayerRating.objects.filter(club=club).select_related("player")
    return sorted(ratings, key=lambda r: -r.rating.ordinal)


def player_rating(*, club: Club, player: Player) -> PlayerRating | None:
    return PlayerRating.objects.filter(club=club, player=player).first()


def rating_history(*, club: Club, player: Player) -> Sequence[RatingChange]:
    return list(
        RatingChange.objects.filter(club=club, player=player)
        .select_related("event", "match__table", "match__round")
        .order_by("position")
    )


def active_entrants(*, event: Event) -> list[Entrant]:
    """Entrants to pair: here and not gone home, seeds first, then by name."""
    entrants = (
        Entrant.objects.filter(event=event, checked_in=True, withdrawn=False)
        .select_related("partnership", "player")
        .prefetch_related("partnership__players")
    )
    return sorted(entrants, key=lambda e: (e.seed is None, e.seed or 0, e.name.lower(), e.pk))


def played_rounds(event: Event) -> int:
    """The number of the last round that is not a draft (0 before play)."""
    last = (
        Round.objects.filter(event=event)
        .exclude(status=RoundStatus.DRAFT)
        .aggregate(last=Max("number"))["last"]
    )
    return last or 0
