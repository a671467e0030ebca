"""Finished games read out of scoresheets, as the plain data standings, pairing and ratings take.

A *match outcome* is one table's game: who sat on each side (entrants and players in person),
each side's final score (the running total of the sheet's last line) and the winning sides.
Only confirmed sheets count: a sheet still being entered or checked changes no standings, no
Swiss score and no rating.

Reading is a few queries whatever the number of games: matches, their seats, and the last line
of each sheet (a correlated subquery), never every line.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery

from scoring.models import Entry, HandLine, SheetStatus
from tournaments.models import Match, NoShow, Seating
from tournaments.standings.byes import RoundBye
from tournaments.standings.types import GameResult, SideResult


@dataclass(frozen=True)
class MatchOutcome:
    match_id: int
    event_id: int
    played_on: date
    round_number: int
    table_number: int
    sheet_id: int | None
    confirmed: bool
    sides: tuple[tuple[int, ...], ...]  # entrant ids per side, each once
    players: tuple[tuple[int, ...], ...]  # player ids per side, seat order
    points: tuple[int, ...] | None  # None: no line yet
    winners: tuple[int, ...]
    no_show: str = ""  # Match.no_show: "computer" or "forfeit" when a seat was absent
    absent: tuple[int, ...] = ()  # entrant ids of the absent seats, each once

    @property
    def finished(self) -> bool:
        """A game played to its end and confirmed (a forfeit is not a game played)."""
        return self.confirmed and bool(self.winners) and self.points is not None

    @property
    def forfeited(self) -> bool:
        """A confirmed forfeit: the ``winners`` are the sides that came, with no hands."""
        return self.confirmed and self.no_show == NoShow.FORFEIT

    @property
    def decided(self) -> bool:
        """Whether the match has winners that go through: played, or won by forfeit."""
        return self.finished or self.forfeited

    def side_results(self, keys: Mapping[int, int] | None = None) -> tuple[SideResult, ...]:
        """One ``SideResult`` per side; ``keys`` maps entrant ids to the ids to rank."""
        points = self.points or (0,) * len(self.sides)
        return tuple(
            SideResult(
                entrant_ids=tuple(keys[e] if keys else e for e in side),
                points=points[index],
                won=index in self.winners,
            )
            for index, side in enumerate(self.sides)
        )

    def game_result(self, keys: Mapping[int, int] | None = None) -> GameResult:
        return GameResult(
            game_id=self.match_id,
            round_number=self.round_number,
            sides=self.side_results(keys),
            event_id=self.event_id,
            finished=self.finished,
        )

    def rated_game(self) -> GameResult:
        """The game as ratings see it: each side is the players who sat there."""
        points = self.points or (0,) * len(self.sides)
        return GameResult(
            game_id=self.match_id,
            round_number=self.round_number,
            sides=tuple(
                SideResult(entrant_ids=players, points=points[i], won=i in self.winners)
                for i, players in enumerate(self.players)
            ),
            event_id=self.event_id,
            finished=self.finished and all(self.players),
        )


def match_outcomes(*, event_ids: Iterable[int], confirmed_only: bool = True) -> list[MatchOutcome]:
    """Outcomes of the events' published matches, oldest first (date, round, table).

    Three queries whatever the number of games; ids are never sent back as long lists (a
    season has thousands of tables, more than SQLite takes as parameters).
    """
    ids = list(event_ids)
    matches = Match.objects.filter(round__event_id__in=ids, sheet__isnull=False)
    if confirmed_only:
        matches = matches.filter(sheet__status=SheetStatus.CONFIRMED)
    rows = list(
        matches.order_by(
            "round__event__date", "round__event_id", "round__number", "table__number"
        ).values_list(
            "pk",
            "table_id",
            "sheet_id",
            "sheet__status",
            "sheet__winners",
            "round__number",
            "round__event_id",
            "round__event__date",
            "table__number",
            "no_show",
            "absent_seats",
        )
    )
    seats: dict[int, list[tuple[int, int, int, int | None]]] = defaultdict(list)
    for seat in (
        Seating.objects.filter(round__event_id__in=ids)
        .order_by("table_id", "seat")
        .values_list("table_id", "seat", "side", "entrant_id", "player_id")
    ):
        seats[seat[0]].append(seat[1:])
    totals = final_scores(sheet_ids=matches.values("sheet_id"))
    return [_outcome(row, seats[row[1]], totals) for row in rows]


def _outcome(
    row: tuple[Any, ...],
    seats: list[tuple[int, int, int, int | None]],
    totals: Mapping[int, tuple[int, ...]],
) -> MatchOutcome:
    """One match's outcome from its row (as ``match_outcomes`` reads it) and its seats."""
    pk, _, sheet_id, status, winners, number, event_id, played_on, table, no_show, gone = row
    by_side_entrants: dict[int, list[int]] = defaultdict(list)
    by_side_players: dict[int, list[int]] = defaultdict(list)
    absent: list[int] = []
    for seat, side, entrant_id, player_id in seats:
        if entrant_id not in by_side_entrants[side]:
            by_side_entrants[side].append(entrant_id)
        if player_id is not None:
            by_side_players[side].append(player_id)
        if seat in (gone or ()) and entrant_id not in absent:
            absent.append(entrant_id)
    count = max(by_side_entrants, default=-1) + 1
    return MatchOutcome(
        match_id=pk,
        event_id=event_id,
        played_on=played_on,
        round_number=number,
        table_number=table,
        sheet_id=sheet_id,
        confirmed=status == SheetStatus.CONFIRMED,
        sides=tuple(tuple(by_side_entrants[s]) for s in range(count)),
        players=tuple(tuple(by_side_players[s]) for s in range(count)),
        points=totals.get(sheet_id),
        winners=tuple(winners or ()),
        no_show=no_show if no_show in (NoShow.COMPUTER, NoShow.FORFEIT) else "",
        absent=tuple(absent),
    )


def final_scores(*, sheet_ids: Iterable[int] | QuerySet[Any, Any]) -> dict[int, tuple[int, ...]]:
    """Each sheet's running totals after its last live line (sheets without lines left out).

    ``sheet_ids`` may be a queryset of ids, read as a subquery.
    """
    if not isinstance(sheet_ids, QuerySet):
        sheet_ids = list(sheet_ids)
        if not sheet_ids:
            return {}
    live = HandLine.objects.filter(deleted=False, entry=Entry.PRIMARY)
    last = live.filter(sheet_id=OuterRef("sheet_id")).order_by("-number").values("number")[:1]
    lines = live.filter(sheet_id__in=sheet_ids, number=Subquery(last)).values_list(
        "sheet_id", "scores_after"
    )
    return {sheet_id: tuple(scores) for sheet_id, scores in lines}


def games_won(outcomes: Iterable[MatchOutcome]) -> dict[int, float]:
    """Finished games won per entrant id: the Swiss score."""
    wins: dict[int, float] = defaultdict(float)
    for outcome in outcomes:
        if not outcome.finished:
            continue
        for index, side in enumerate(outcome.sides):
            for entrant in side:
                wins[entrant] += 1.0 if index in outcome.winners else 0.0
    return dict(wins)


def forfeit_results(
    outcomes: Iterable[MatchOutcome], keys: Mapping[int, int] | None = None
) -> tuple[list[GameResult], list[RoundBye]]:
    """Confirmed forfeits as standings read them: each absent side a game lost with nothing,
    against an empty side (nobody's opponent: no head-to-head, no Buchholz), and each entrant
    of a side that came a bye of that round, scored as the event's bye rule says. ``keys``
    maps entrant ids to the ids ranked (a season's partnerships and players)."""
    losses: list[GameResult] = []
    byes: list[RoundBye] = []
    for outcome in outcomes:
        if not outcome.forfeited:
            continue
        for index, entrants in enumerate(outcome.sides):
            side = tuple(keys[e] if keys else e for e in entrants)
            if index in outcome.winners:
                byes += [RoundBye(e, outcome.round_number, outcome.event_id) for e in side]
                continue
            lost = SideResult(entrant_ids=side, points=0, won=False)
            losses.append(
                GameResult(
                    game_id=outcome.match_id,
                    round_number=outcome.round_number,
                    sides=(lost, SideResult(entrant_ids=(), points=0, won=True)),
                    event_id=outcome.event_id,
                )
            )
    return losses, byes


#: The marks of a standings row: the computer played for the entrant, or a forfeit.
COMPUTER, FORFEIT_WON, FORFEIT_LOST = "computer", "forfeit_won", "forfeit_lost"


def outcome_marks(outcomes: Iterable[MatchOutcome]) -> dict[int, list[dict[str, Any]]]:
    """Per entrant, the rounds whose result was not a game played in full by its players:
    ``{"round", "mark"}`` with ``mark`` one of ``computer`` (the computer played for the
    entrant's absent player), ``forfeit_won`` and ``forfeit_lost``."""
    marks: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for outcome in outcomes:
        if outcome.no_show == NoShow.COMPUTER and outcome.finished:
            for entrant in outcome.absent:
                marks[entrant].append({"round": outcome.round_number, "mark": COMPUTER})
        elif outcome.forfeited:
            for index, side in enumerate(outcome.sides):
                mark = FORFEIT_WON if index in outcome.winners else FORFEIT_LOST
                for entrant in side:
                    marks[entrant].append({"round": outcome.round_number, "mark": mark})
    return dict(marks)
