"""Reads of scoresheets. Every sheet is read through its club."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, JSONField, Max, OuterRef, QuerySet, Subquery
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from club.models import Club
from club.wording import join_words
from engine.rules import GAME_NAMES, Game
from scoring import engine_bridge as bridge
from scoring.models import Entry, HandLine, LineRevision, Scoresheet, SheetStatus
from scoring.rotation import Turn, dealer_in_turn


def scoresheet_list(*, club: Club, status: str | None = None) -> QuerySet[Scoresheet]:
    """The club's sheets, newest first; only one status when given. Each carries ``totals``:
    the running totals after its last line (``None`` before the first)."""
    last_totals = (
        HandLine.objects.live()
        .filter(sheet=OuterRef("pk"), entry=Entry.PRIMARY)
        .order_by("-number")
        .values("scores_after")[:1]
    )
    sheets = (
        Scoresheet.objects.for_club(club)
        .prefetch_related("sides")
        .annotate(totals=Subquery(last_totals, output_field=JSONField()))
    )
    if status in SheetStatus.values:
        sheets = sheets.filter(status=status)
    return sheets.order_by("-created", "-pk")


def scoresheet_get(*, club: Club, pk: int) -> Scoresheet:
    """The club's sheet ``pk``. Raises ``Http404`` for another club's sheet."""
    return get_object_or_404(Scoresheet.objects.for_club(club), pk=pk)


DISPLAYED = (
    "id",
    "sheet_id",
    "entry",
    "number",
    "line",
    "made",
    "delta",
    "scores_after",
    "result",
    "version",
)


def sheet_lines(
    *, sheet: Scoresheet, entry: str = Entry.PRIMARY, for_display: bool = False
) -> list[HandLine]:
    """The live lines of one entry, in order. ``for_display`` reads only what the entry page
    shows (it is read on every line typed); otherwise each line comes with its author."""
    lines = HandLine.objects.live().filter(sheet=sheet, entry=entry).order_by("number")
    if for_display:
        return list(lines.only(*DISPLAYED))
    return list(lines.select_related("created_by"))


def sheet_line_get(*, sheet: Scoresheet, number: int, entry: str = Entry.PRIMARY) -> HandLine:
    """Live line ``number`` of one entry. Raises ``Http404`` when there is none."""
    return get_object_or_404(
        HandLine.objects.live().filter(sheet=sheet, entry=entry), number=number
    )


def sheet_history(*, sheet: Scoresheet, number: int | None = None) -> QuerySet[LineRevision]:
    """Every change of the sheet's lines, oldest first; of one line number when given (the
    lines that held that number, as numbers move up when a line is deleted)."""
    revisions = LineRevision.objects.filter(line__sheet=sheet).select_related("line", "by")
    if number is not None:
        revisions = revisions.filter(line__number=number)
    return revisions.order_by("at", "pk")


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
    is_over: bool
    next_number: int
    next_dealer: int | None

    @property
    def side_totals(self) -> list[tuple[str, int]]:
        return list(zip(self.side_labels, self.totals, strict=True))

    @property
    def seats(self) -> list[tuple[int, str, str]]:
        """(seat number from 1, who sat there, their side's name) in seat order."""
        return [
            (seat + 1, name, self.side_labels[self.seat_sides[seat]])
            for seat, name in enumerate(self.seat_names)
        ]


def sheet_view(
    *, sheet: Scoresheet, lines: list[HandLine] | None = None, entry: str = Entry.PRIMARY
) -> SheetView:
    """Names of sides and seats (by who sat there, when known), the entry's totals, who deals
    next, and how the game ended."""
    if lines is None:
        lines = sheet_lines(sheet=sheet, entry=entry)
    return sheet_view_after(sheet=sheet, last=lines[-1] if lines else None)


def sheet_view_after(*, sheet: Scoresheet, last: HandLine | None) -> SheetView:
    """``sheet_view`` from the entry's last live line alone: live lines are numbered 1, 2, …
    without gaps, so it knows the count, and it holds the totals and the game's end. Adding a
    line answers with this, without reading the other lines again."""
    game = bridge.game_for(sheet)
    seating = game.seating
    # One query for both, of plain values (this runs on every line added): every side has
    # its seats.
    rows = sheet.seats.values_list("seat", "side__index", "side__label", "player__display_name")
    sides: dict[int, str] = {}
    players: dict[int, str | None] = {}
    for seat, side, label, player in rows:
        sides[side] = label
        players[seat] = player
    labels = [
        sides.get(index, gettext("Side {value}").format(value=index + 1))
        for index in range(seating.sides)
    ]
    names = [
        players.get(seat) or gettext("Seat {value}").format(value=seat + 1)
        for seat in range(seating.seats)
    ]
    count = last.number if last is not None else 0
    totals = list(last.scores_after) if last is not None else [0] * seating.sides
    result = last.result if last is not None else None
    winner_ids = result["winners"] if result else []
    winners = [labels[w] for w in winner_ids if w < len(labels)]
    end_text = ""
    if result:
        who = join_words(winners) or gettext("Nobody")
        end_text = gettext("{who} won: {reason}.").format(
            who=who, reason=bridge.reason_text(result["reason"])
        )
    return SheetView(
        sheet=sheet,
        game=game,
        game_name=gettext(GAME_NAMES[sheet.game]) if sheet.game in GAME_NAMES else sheet.game,
        side_labels=labels,
        seat_names=names,
        seat_sides=list(seating.seat_side),
        totals=totals,
        winners=winners,
        end_text=end_text,
        is_over=bool(result),
        next_number=count + 1,
        next_dealer=dealer_in_turn(
            Turn(seating.seats, sheet.first_dealer, last.dealer if last is not None else None),
            count + 1,
        ),
    )


def status_counts(*, club: Club) -> dict[str, int]:
    """How many of the club's sheets have each status."""
    counts = dict.fromkeys(SheetStatus.values, 0)
    rows = Scoresheet.objects.for_club(club).order_by().values("status").annotate(n=Count("pk"))
    for row in rows:
        counts[row["status"]] = row["n"]
    return counts


@dataclass(frozen=True)
class SheetProgress:
    """How far a sheet's entry has come: live lines and when the last one was entered."""

    hands: int
    last_at: datetime.datetime | None


def sheets_progress(*, sheet_ids: list[int]) -> dict[int, SheetProgress]:
    """``SheetProgress`` of each sheet in ``sheet_ids`` (one query); a sheet without a line
    is left out. The director's round page reads this every few seconds."""
    rows = (
        HandLine.objects.live()
        .filter(sheet_id__in=sheet_ids, entry=Entry.PRIMARY)
        .order_by()
        .values("sheet_id")
        .annotate(hands=Count("pk"), last_at=Max("created"))
    )
    return {row["sheet_id"]: SheetProgress(row["hands"], row["last_at"]) for row in rows}
