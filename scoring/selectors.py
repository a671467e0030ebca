"""Reads of scoresheets. Every sheet is read through its club."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from club.models import Club
from engine.rules import GAME_NAMES, Game
from scoring import engine_bridge as bridge
from scoring.models import Entry, HandLine, LineRevision, Scoresheet, SheetStatus


def scoresheet_list(*, club: Club, status: str | None = None) -> QuerySet[Scoresheet]:
    """The club's sheets, newest first; only one status when given."""
    sheets = Scoresheet.objects.for_club(club).prefetch_related("sides")
    if status in SheetStatus.values:
        sheets = sheets.filter(status=status)
    return sheets.order_by("-created", "-pk")


def scoresheet_get(*, club: Club, pk: int) -> Scoresheet:
    """The club's sheet ``pk``. Raises ``Http404`` for another club's sheet."""
    return get_object_or_404(Scoresheet.objects.for_club(club), pk=pk)


def sheet_lines(*, sheet: Scoresheet, entry: str = Entry.PRIMARY) -> list[HandLine]:
    """The live lines of one entry, in order."""
    return list(
        HandLine.objects.live()
        .filter(sheet=sheet, entry=entry)
        .select_related("created_by")
        .order_by("number")
    )


def sheet_history(*, sheet: Scoresheet) -> QuerySet[LineRevision]:
    """Every change of every line of the sheet, oldest first."""
    return (
        LineRevision.objects.filter(line__sheet=sheet)
        .select_related("line", "by")
        .order_by("at", "pk")
    )


def line_history(*, sheet: Scoresheet, line: HandLine) -> QuerySet[LineRevision]:
    return sheet_history(sheet=sheet).filter(line=line)


@dataclass(frozen=True)
class SheetView:
    """What the pages and the API show of a sheet besides its lines."""

    sheet: Scoresheet
    game: Game
    game_name: str
    side_labels: list[str]
    seat_names: list[str]
    seat_sides: list[int]
    totals: list[int]
    winners: list[str]
    end_text: str


def sheet_view(*, sheet: Scoresheet, lines: list[HandLine] | None = None) -> SheetView:
    """Names of sides and seats (by who sat there, when known), totals and how it ended."""
    game = bridge.game_for(sheet)
    sides = list(sheet.sides.order_by("index"))
    labels = [side.label for side in sides]
    seats = {seat.seat: seat for seat in sheet.seats.select_related("player")}
    seating = game.seating
    names = []
    for seat in range(seating.seats):
        player = seats[seat].player if seat in seats else None
        names.append(player.display_name if player else f"Seat {seat + 1}")
    if lines is None:
        lines = sheet_lines(sheet=sheet)
    totals = list(lines[-1].scores_after) if lines else [0] * seating.sides
    winners = [labels[w] for w in (sheet.winners or []) if w < len(labels)]
    end_text = ""
    if sheet.winners is not None:
        who = " and ".join(winners) or "Nobody"
        end_text = f"{who} won: {bridge.reason_text(sheet.end_reason)}."
    return SheetView(
        sheet=sheet,
        game=game,
        game_name=GAME_NAMES.get(sheet.game, sheet.game),
        side_labels=labels,
        seat_names=names,
        seat_sides=list(seating.seat_side),
        totals=totals,
        winners=winners,
        end_text=end_text,
    )


def status_counts(*, club: Club) -> dict[str, Any]:
    return {
        status: Scoresheet.objects.for_club(club).filter(status=status).count()
        for status in SheetStatus.values
    }
