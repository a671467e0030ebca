"""What the pages show of online matches' times: a match's time page, the round page's list
of times, and a player's matches to arrange (My tables). Reads only; the writes are
``tournaments.services.times``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.db.models import Prefetch

from club.models import Player
from tournaments.models import (
    Match,
    MatchTime,
    MatchTimeStatus,
    Round,
    RoundStatus,
    Seating,
)
from tournaments.services.times import match_is_over

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser


@dataclass
class ProposalRow:
    """One proposal as a viewer sees it, with what they may do to it."""

    record: MatchTime
    can_answer: bool = False
    can_withdraw: bool = False


@dataclass
class MatchTimeView:
    match: Match
    round: Round
    seatings: list[Seating]
    proposals: list[ProposalRow]
    #: The viewer's side at the match, or ``None`` (a director who does not play it).
    side: int | None
    can_direct: bool
    is_over: bool
    #: Players who have an open proposal of the other side to answer.
    waiting_for: list[Player] = field(default_factory=list)

    @property
    def can_propose(self) -> bool:
        return self.side is not None and not self.is_over and self.round.has_window


def _seatings(match: Match) -> list[Seating]:
    return list(Seating.objects.filter(table_id=match.table_id).select_related("player"))


def _waiting_for(seatings: list[Seating], records: list[MatchTime]) -> list[Player]:
    """The players of the sides that have an open proposal of the other side to answer."""
    sides = {s.player_id: s.side for s in seatings if s.player_id is not None}
    asked = {
        side
        for record in records
        if record.status == MatchTimeStatus.OPEN and record.proposed_by_id in sides
        for side in set(sides.values()) - {sides[record.proposed_by_id]}
    }
    return [s.player for s in seatings if s.player is not None and s.side in asked]


def match_time_view(*, match: Match, player: Player | None, can_direct: bool) -> MatchTimeView:
    """A match's time page for ``player`` (``None``: not a player) or a director."""
    seatings = _seatings(match)
    sides = {s.player_id: s.side for s in seatings if s.player_id is not None}
    side = sides.get(player.pk) if player is not None else None
    records = list(
        MatchTime.objects.filter(match=match).select_related("proposed_by", "answered_by", "set_by")
    )
    over = match_is_over(match)
    rows = []
    for record in records:
        row = ProposalRow(record)
        if record.status == MatchTimeStatus.OPEN and side is not None and not over:
            own = record.proposed_by_id is not None and sides.get(record.proposed_by_id) == side
            row.can_answer, row.can_withdraw = not own, own
        rows.append(row)
    return MatchTimeView(
        match=match,
        round=match.round,
        seatings=seatings,
        proposals=rows,
        side=side,
        can_direct=can_direct,
        is_over=over,
        waiting_for=_waiting_for(seatings, records),
    )


@dataclass(frozen=True)
class RoundTimeRow:
    match: Match
    waiting_for: list[Player]
    #: The viewer plays this match: the link to its time page is theirs.
    is_mine: bool


def round_times(
    *, round_: Round, user: AbstractBaseUser | AnonymousUser, can_direct: bool
) -> dict[str, object]:
    """The round page's part: each online match of a published round played over days with
    its time, who has a proposal to answer, and whether the viewer may open its time page
    (its players and the directors); nothing for a draft or a round without a window."""
    if round_.status == RoundStatus.DRAFT or not round_.has_window:
        return {"times": [], "times_direct": can_direct}
    matches = (
        Match.objects.filter(round=round_, online=True)
        .select_related("table")
        .prefetch_related(
            Prefetch("table__seatings", queryset=Seating.objects.select_related("player")),
            Prefetch("times", queryset=MatchTime.objects.filter(status=MatchTimeStatus.OPEN)),
        )
        .order_by("table__number")
    )
    rows = []
    for match in matches:
        seatings = list(match.table.seatings.all())
        mine = any(s.player is not None and s.player.user_id == user.pk for s in seatings)
        rows.append(RoundTimeRow(match, _waiting_for(seatings, list(match.times.all())), mine))
    return {"times": rows, "times_direct": can_direct}


def matches_to_arrange(user: AbstractBaseUser | AnonymousUser) -> list[MatchTime]:
    """Open proposals the signed-in player is asked to answer (the other side's), soonest
    first, each with its match, round and event: My tables lists them."""
    if not user.is_authenticated:
        return []
    mine = Seating.objects.filter(
        player__user_id=user.pk,
        table__match__online=True,
        round__closes_at__isnull=False,
        round__status=RoundStatus.PUBLISHED,
    ).values_list("table_id", "side")
    found: list[MatchTime] = []
    for table_id, side in mine:
        theirs = set(
            Seating.objects.filter(table_id=table_id)
            .exclude(side=side)
            .values_list("player_id", flat=True)
        )
        found += MatchTime.objects.filter(
            match__table_id=table_id, status=MatchTimeStatus.OPEN, proposed_by_id__in=theirs
        ).select_related("match__round__event__club", "match__table", "proposed_by")
    return sorted(found, key=lambda record: record.at)[:10]
