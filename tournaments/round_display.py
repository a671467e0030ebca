"""What a round looks like on a page: tables with their sides, seats, first dealer and
scores so far, the byes and the director's changes; and every game's result.

The pairings pages (public and director), the results page, the results CSV and the API all
read these shapes, so they always agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_noop

from scoring.models import SheetStatus
from tournaments.models import (
    Bye,
    EntrantKind,
    Event,
    Match,
    Round,
    RoundStatus,
    Seating,
    SeatingChange,
)
from tournaments.outcomes import final_scores

# Partners face each other: North-South against East-West at a table of four.
SEAT_NAMES = {
    4: (
        gettext_noop("North"),
        gettext_noop("East"),
        gettext_noop("South"),
        gettext_noop("West"),
    ),
}


def seat_name(seat: int, seats_at_table: int) -> str:
    """A seat as people call it: its compass point at a table of four, else its number."""
    if seats_at_table in SEAT_NAMES:
        return gettext(SEAT_NAMES[seats_at_table][seat])
    return gettext("seat {number}").format(number=seat + 1)


def seating_name(seating: Seating) -> str:
    """Who sits in ``seating``: the player, or the entrant when no player is named."""
    return seating.player.display_name if seating.player is not None else seating.entrant.name


def table_company(seating: Seating, table: list[Seating]) -> tuple[list[str], list[str]]:
    """The partners and the opponents of ``seating`` among the seatings of its ``table``, by
    name: what the "pairings are up" email and the home page's "Tonight" both tell a player."""
    others = [other for other in table if other.pk != seating.pk]
    partners = [seating_name(other) for other in others if other.side == seating.side]
    opponents = [seating_name(other) for other in others if other.side != seating.side]
    return partners, opponents


@dataclass
class SeatView:
    seat: int
    name: str
    entrant: str
    deals_first: bool
    compass: str


@dataclass
class SideView:
    index: int
    label: str
    seats: list[SeatView]
    score: int | None = None
    won: bool = False


@dataclass
class TableView:
    number: int
    sides: list[SideView]
    match: Match | None
    reasons: list[dict[str, str]]
    sheet_status: str = ""
    sheet_status_label: str = ""
    # The table's other side disagreed with the sheet (scoring.tablecodes): the director looks.
    flagged: bool = False

    @property
    def dealer(self) -> str:
        return next((s.name for side in self.sides for s in side.seats if s.deals_first), "")


@dataclass
class RoundView:
    round: Round
    tables: list[TableView]
    byes: list[Bye]
    changes: list[SeatingChange] = field(default_factory=list)

    @property
    def seat_finder(self) -> list[tuple[str, int, str]]:
        """(player, table, partner/side) sorted by name: "where do I sit?"."""
        found = []
        for table in self.tables:
            for side in table.sides:
                for seat in side.seats:
                    found.append((seat.name, table.number, seat.compass))
        return sorted(found, key=lambda f: f[0].lower())


def round_view(*, round_: Round, kind: str) -> RoundView:
    """Tables with their sides, seats, first dealer, scoresheet state; byes and changes."""
    matches = {m.table_id: m for m in Match.objects.filter(round=round_).select_related("sheet")}
    seatings = (
        Seating.objects.filter(round=round_)
        .select_related("table", "entrant", "player")
        .order_by("table__number", "seat")
    )
    by_table: dict[int, list[Seating]] = {}
    tables = {}
    for seating in seatings:
        by_table.setdefault(seating.table_id, []).append(seating)
        tables[seating.table_id] = seating.table
    sheet_ids = [m.sheet_id for m in matches.values() if m.sheet_id]
    totals = final_scores(sheet_ids=sheet_ids)
    views = []
    for table_id, seats in sorted(by_table.items(), key=lambda kv: tables[kv[0]].number):
        match = matches.get(table_id)
        sheet = match.sheet if match else None
        scores = totals.get(sheet.pk) if sheet else None
        count = len(seats)
        sides: dict[int, SideView] = {}
        for seating in seats:
            name = seating.player.display_name if seating.player else seating.entrant.name
            side = sides.setdefault(seating.side, SideView(seating.side, "", []))
            side.seats.append(
                SeatView(
                    seat=seating.seat,
                    name=name,
                    entrant=seating.entrant.name,
                    deals_first=seating.deals_first,
                    compass=seat_name(seating.seat, count),
                )
            )
            if kind == EntrantKind.PARTNERSHIP:
                side.label = seating.entrant.name
        for side in sides.values():
            if not side.label:
                side.label = " & ".join(s.name for s in side.seats)
            if scores is not None and side.index < len(scores):
                side.score = scores[side.index]
            side.won = bool(sheet and sheet.winners and side.index in sheet.winners)
        views.append(
            TableView(
                number=tables[table_id].number,
                sides=[sides[k] for k in sorted(sides)],
                match=match,
                reasons=list(tables[table_id].reasons),
                sheet_status=sheet.status if sheet else "",
                sheet_status_label=str(SheetStatus(sheet.status).label) if sheet else "",
                flagged=bool(sheet and sheet.flagged_at and not sheet.is_locked),
            )
        )
    byes = list(
        Bye.objects.filter(round=round_).select_related("entrant").order_by("entrant__name")
    )
    changes = list(SeatingChange.objects.filter(round=round_).select_related("by"))
    return RoundView(round=round_, tables=views, byes=byes, changes=changes)


@dataclass
class ResultRow:
    round: int
    table: int
    sides: list[str]
    scores: list[int | None]
    winners: list[str]
    status: str
    sheet_id: int | None

    @property
    def pairs(self) -> list[tuple[str, int | None]]:
        return list(zip(self.sides, self.scores, strict=True))


def event_results(*, event: Event) -> list[ResultRow]:
    """Every published game of the event, by round and table, with its score so far."""
    rows = []
    for round_ in (
        Round.objects.filter(event=event).exclude(status=RoundStatus.DRAFT).order_by("number")
    ):
        view = round_view(round_=round_, kind=event.entrant_kind)
        for table in view.tables:
            rows.append(
                ResultRow(
                    round=round_.number,
                    table=table.number,
                    sides=[side.label for side in table.sides],
                    scores=[side.score for side in table.sides],
                    winners=[side.label for side in table.sides if side.won],
                    status=table.sheet_status_label,
                    sheet_id=table.match.sheet_id if table.match else None,
                )
            )
    return rows
