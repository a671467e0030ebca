"""What the entry page shows: the sheet's lines as rows of text, the new line's inputs with
what was typed and the refusal next to the input at fault, and the preview of a line that the
engine accepts (made or set, the change, the totals after it).

The pages build their context here so that the views stay a few lines each; nothing here
writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from club.errors import DomainError
from club.models import Club
from club.permissions import Capability
from scoring import engine_bridge as bridge
from scoring import lineform, ownership
from scoring import linestore as store
from scoring.errors import LineRefused, ScoringError
from scoring.lineform import Column
from scoring.models import Entry, HandLine, Scoresheet
from scoring.seated import seated_entry_open
from scoring.selectors import SheetView, sheet_lines, sheet_view, sheet_view_after

MODE_LABELS = dict(lineform.MODE_CHOICES)
LINE_ADDED = gettext_lazy("Line {number} added.")


@dataclass(frozen=True)
class Cell:
    """One input of the line form: what is typed in it, and the refusal shown next to it."""

    column: Column
    value: str
    error: str = ""
    focus: bool = False


@dataclass(frozen=True)
class Row:
    """One line of the sheet as text, ready for the table."""

    line: HandLine
    cells: list[str]
    result: str
    totals: list[tuple[int, int]]  # (total after the hand, change) per side
    edit_url: str = ""
    history_url: str = ""


@dataclass(frozen=True)
class Refusal:
    """A refused line in the page's words, and the input it belongs to (``None``: the row)."""

    code: str
    headline: str
    text: str
    column: str | None


@dataclass(frozen=True)
class Preview:
    """What an accepted line would do: made/set, change and totals per side, the game end."""

    result: str
    sides: list[tuple[str, int, int]]  # (side, change, total after)
    end_text: str


def can(request: HttpRequest, capability: Capability) -> bool:
    return capability in getattr(request, "club_capabilities", frozenset())


def entry_of(data: Mapping[str, Any]) -> str:
    """The entry a request is about: the sheet, unless it says the second entry."""
    return Entry.CHECK if data.get("entry") == Entry.CHECK else Entry.PRIMARY


def seat_text(seat: int | None, view: SheetView) -> str:
    if seat is None or not 0 <= seat < len(view.seat_names):
        return ""
    name = view.seat_names[seat]
    first = name.split()[0] if not name.startswith("Seat ") else ""
    return f"{seat + 1} {first}".strip()


def line_row(
    line: HandLine,
    columns: Sequence[Column],
    view: SheetView,
    urls: Mapping[str, str] | None = None,
) -> Row:
    typed = lineform.form_from_line(columns, line.line)
    cells = []
    for column in columns:
        value = typed[column.name]
        if column.kind == "seat":
            seat = line.line.get(column.key)
            value = seat_text(seat if type(seat) is int else None, view)
        elif column.kind == "check":
            value = "✓" if value else ""
        elif column.kind == "choice":
            value = str(MODE_LABELS.get(value, value))
        cells.append(value)
    totals = list(zip(line.scores_after, line.delta, strict=True))
    urls = urls or {}
    return Row(
        line=line,
        cells=cells,
        result=lineform.result_word(line.made),
        totals=totals,
        # Reversed once per page with a placeholder number: a sheet has a row per hand.
        edit_url=urls.get("edit", "").replace("/lines/0/", f"/lines/{line.number}/", 1),
        history_url=f"{urls.get('history', '')}?line={line.number}",
    )


def refusal_of(
    error: DomainError, columns: Sequence[Column], data: Mapping[str, Any], view: SheetView
) -> Refusal:
    seats = view.game.seating.seats
    return Refusal(
        code=error.code,
        headline=lineform.headline(error.code),
        text=lineform.refusal_text(error, columns, data, seats),
        column=lineform.error_column(columns, error.field),
    )


def input_cells(
    columns: Sequence[Column],
    data: Mapping[str, Any] | None,
    view: SheetView,
    refusal: Refusal | None = None,
    *,
    focus: bool = True,
) -> list[Cell]:
    """The new line's inputs: what was typed (kept after a refusal), else a fresh row with the
    dealer filled in when it is known. Focus goes to the input at fault, else the first;
    nowhere with ``focus=False`` (a page whose inputs are not its start)."""
    if data is None:
        dealer = view.next_dealer
        values = {c.name: "" for c in columns}
        if dealer is not None:
            values["dealer"] = str(dealer + 1)
    else:
        values = {c.name: str(data.get(c.name, "") or "") for c in columns}
    focused = refusal.column if refusal is not None and refusal.column else columns[0].name
    return [
        Cell(
            column=c,
            value=values.get(c.name, ""),
            error=refusal.text if refusal is not None and refusal.column == c.name else "",
            focus=focus and c.name == focused,
        )
        for c in columns
    ]


def preview_line(
    columns: Sequence[Column],
    data: Mapping[str, Any],
    view: SheetView,
    last: HandLine | None,
) -> Preview | Refusal | None:
    """The engine's answer for the typed line, writing nothing; ``None`` while the line is not
    typed far enough to say anything (a required input still empty)."""
    line = lineform.line_from_form(columns, data)
    game = view.game
    number = last.number + 1 if last is not None else 1
    try:
        score = bridge.line_check(game, line, bridge.tally_after(game, last))
        turn = store.turn_after(view.sheet, game, last)
        store.rotation_or_refuse(view.sheet, [line], number, turn)
    except LineRefused as error:
        if error.code == "missing_field" and lineform.is_untyped(columns, data, error.field):
            return None
        return refusal_of(error, columns, data, view)
    sides = list(zip(view.side_labels, score.delta, score.scores_after, strict=True))
    end_text = ""
    if score.result is not None:
        winners = [view.side_labels[w] for w in score.result.winners]
        who = " and ".join(winners) or "Nobody"
        end_text = gettext("This line ends the game: {who} won, {value}.").format(
            who=who, value=bridge.reason_text(score.result.reason)
        )
    return Preview(result=lineform.result_word(score.made), sides=sides, end_text=end_text)


@dataclass(frozen=True)
class Heading:
    """A cell of the sheet's two-row header: a column alone (two rows high), or the name of
    a group of per-side columns ("Points") above one heading per side."""

    label: str
    span: int = 1
    rows: int = 2


GROUP_LABELS = {
    "points": gettext_lazy("Points"),
    "books": gettext_lazy("Books"),
    "auction_max_bid": gettext_lazy("Highest call"),
}


def headings(columns: Sequence[Column], sides: Sequence[str]) -> tuple[list[Heading], list[str]]:
    """The two header rows of the sheet table: (first row, second row of side names)."""
    first = [Heading("#")]
    second: list[str] = []
    for column in columns:
        if column.side is None:
            first.append(Heading(column.heading))
        else:
            if column.side == 0:
                first.append(Heading(str(GROUP_LABELS.get(column.key, column.key)), len(sides), 1))
            second.append(column.heading)
    first.append(Heading(gettext("Result")))
    first.append(Heading(gettext("Totals"), len(sides), 1))
    second.extend(sides)
    first.append(Heading(""))
    return first, second


def entry_urls(club: Club, sheet: Scoresheet) -> dict[str, str]:
    args = [club.slug, sheet.pk]
    return {
        "add_url": reverse("sheet_line_add", args=args),
        "check_url": reverse("sheet_line_check", args=args),
    }


def row_urls(club: Club, sheet: Scoresheet, entry: str) -> dict[str, str]:
    edit = reverse("sheet_line_edit", args=[club.slug, sheet.pk, 0])
    return {
        "edit": edit + ("?entry=check" if entry == Entry.CHECK else ""),
        "history": reverse("sheet_history", args=[club.slug, sheet.pk]),
    }


def _sheet_context(
    request: HttpRequest, club: Club, sheet: Scoresheet, view: SheetView, entry: str
) -> dict[str, Any]:
    """What the whole sheet and the answer to an added line both show."""
    columns = lineform.line_columns(view.game, view.side_labels)
    is_over = view.is_over
    table = None if sheet.is_locked else ownership.playing_table_name(sheet)
    open_ = not sheet.is_locked and table is None
    scorer = can(request, Capability.SCORE)
    may_score = scorer and open_
    # A player seated at the sheet enters it hand by hand while their table's code opens it.
    seated = not scorer and seated_entry_open(club=club, sheet_id=sheet.pk, user=request.user)
    return {
        "club": club,
        "sheet": sheet,
        "view": view,
        "entry": entry,
        "is_over": is_over,
        "columns": columns,
        "can_enter": may_score and not is_over,
        "can_correct": may_score,
        "can_tap": (scorer or seated) and open_ and not is_over,
        "seated_entry": seated,
        # Why nothing can be typed here: the online table writes this sheet while it plays.
        "table_playing": ownership.TABLE_PLAYING.format(table=table) if table else "",
        "width": 3 + len(columns) + len(view.side_labels),
        **entry_urls(club, sheet),
    }


def entry_context(
    request: HttpRequest,
    club: Club,
    sheet: Scoresheet,
    *,
    entry: str = Entry.PRIMARY,
    data: Mapping[str, Any] | None = None,
    error: ScoringError | None = None,
    notice: str = "",
) -> dict[str, Any]:
    """Everything the entry page (or its ``sheet`` fragment) shows.

    ``data`` is what was typed when the line was refused (kept in the inputs), ``error`` the
    refusal, ``notice`` a message above the sheet (a stale form, a line added).
    """
    lines = sheet_lines(sheet=sheet, entry=entry, for_display=True)
    view = sheet_view(sheet=sheet, lines=lines, entry=entry)
    context = _sheet_context(request, club, sheet, view, entry)
    columns = context["columns"]
    refusal = None
    if error is not None and data is not None:
        refusal = refusal_of(error, columns, data, view)
    elif error is not None:
        refusal = Refusal(error.code, lineform.headline(error.code), error.message, None)
    urls = row_urls(club, sheet, entry)
    context.update(
        {
            "is_check": entry == Entry.CHECK,
            "rows": [line_row(line, columns, view, urls) for line in lines],
            "cells": input_cells(columns, data, view, refusal) if context["can_enter"] else [],
            "refusal": refusal,
            "row_refusal": refusal if refusal is not None and refusal.column is None else None,
            "notice": notice,
            "headings": headings(columns, view.side_labels),
        }
    )
    return context


def added_context(
    request: HttpRequest, club: Club, sheet: Scoresheet, *, line: HandLine, entry: str
) -> dict[str, Any]:
    """The ``added`` fragment, the answer to a line added: the new row, the totals, the
    notice, the game's end and a fresh input row (none once the game is over), each swapped
    into its place on the page (htmx out-of-band). The rows already there stay: a sheet is
    typed hand after hand all evening, and sending every row back each time cost most of the
    answer's time."""
    view = sheet_view_after(sheet=sheet, last=line)
    context = _sheet_context(request, club, sheet, view, entry)
    columns = context["columns"]
    context.update(
        {
            "row": line_row(line, columns, view, row_urls(club, sheet, entry)),
            "cells": input_cells(columns, None, view) if context["can_enter"] else [],
            "notice": LINE_ADDED.format(number=line.number),
            "oob": True,
        }
    )
    return context


def check_context(
    request: HttpRequest, club: Club, sheet: Scoresheet, data: Mapping[str, Any]
) -> dict[str, Any]:
    """The ``check`` fragment: the preview row and every input's refusal slot."""
    entry = entry_of(data)
    lines = sheet_lines(sheet=sheet, entry=entry)
    view = sheet_view(sheet=sheet, lines=lines, entry=entry)
    columns = lineform.line_columns(view.game, view.side_labels)
    answer: Preview | Refusal | None
    if sheet.is_locked:
        answer = Refusal("locked", lineform.headline("locked"), "A director must unlock it.", None)
    elif any(str(data.get(c.name, "") or "").strip() for c in columns if c.name != "dealer"):
        answer = preview_line(columns, data, view, lines[-1] if lines else None)
    else:
        answer = None
    refusal = answer if isinstance(answer, Refusal) else None
    # The tap page asks too (``hand_entry.html``): its hint speaks of taps, not of Tab, and
    # the whole refusal shows in the check, whose room is kept, not under an input above "Add".
    tap = data.get("tap") == "1"
    return {
        "club": club,
        "sheet": sheet,
        "view": view,
        "entry": entry,
        "columns": columns,
        "preview": answer if isinstance(answer, Preview) else None,
        "refusal": refusal,
        "row_refusal": refusal if refusal is not None and refusal.column is None else None,
        "slots": []
        if tap
        else [
            (c.name, refusal.text if refusal is not None and refusal.column == c.name else "")
            for c in columns
        ],
        "width": 3 + len(columns) + len(view.side_labels),
        "tap": tap,
        **entry_urls(club, sheet),
    }
