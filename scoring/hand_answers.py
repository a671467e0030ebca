"""What the hand-by-hand page's script reads (``static/kitty/hand.js``), answered by the API
(``scoring.api_hands``) for a club's sheet and a table's code alike: the hand tapped, read
from the pad's inputs; the line added; a refusal in the page's words; and what another phone
at the table needs to catch up with the sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from club.errors import DomainError
from engine.rules import Game
from scoring import entrypage, handpad, lineform
from scoring.models import HandLine, Scoresheet
from scoring.selectors import SheetView, sheet_lines, sheet_view

RECENT = 3


def pad_reader(post: Mapping[str, Any]) -> Callable[[Game], dict[str, Any]]:
    """Reads the tapped hand once the sheet's game is known (the pad depends on it)."""

    def typed(game: Game) -> dict[str, Any]:
        columns = lineform.line_columns(game, [""] * game.seating.sides)
        pad = handpad.pad_for(game, columns)
        return handpad.line_from_pad(pad, columns, game.seating.sides, post)

    return typed


def recent_lines(lines: list[HandLine], view: SheetView, game: Game) -> list[dict[str, Any]]:
    """The last hands, newest first, each as one line of text: the page shows them, and the
    script keeps them up to date."""
    columns = lineform.line_columns(game, view.side_labels)
    recent = []
    for line in reversed(lines[-RECENT:]):
        totals = ", ".join(
            f"{label} {total}"
            for label, total in zip(view.side_labels, line.scores_after, strict=True)
        )
        text = lineform.line_text(line.line, columns)
        result = lineform.result_word(line.made)
        recent.append({"number": line.number, "summary": f"{text} · {result} · {totals}"})
    return recent


def sheet_news(sheet: Scoresheet, since: str) -> dict[str, Any]:
    """What another phone on the same table needs to catch up with the sheet: nothing when
    it already shows the sheet's ``revision`` (``since``), else the totals, the last hands,
    and the next hand's number and dealer. The page asks for this every few seconds."""
    if lineform.whole_number(since) == sheet.revision:
        return {"revision": sheet.revision, "changed": False}
    lines = sheet_lines(sheet=sheet, for_display=True)
    view = sheet_view(sheet=sheet, lines=lines)
    return {
        "revision": sheet.revision,
        "changed": True,
        "totals": view.totals,
        "recent": recent_lines(lines, view, view.game),
        "next_number": view.next_number,
        "next_dealer": view.next_dealer + 1 if view.next_dealer is not None else None,
        "is_over": view.is_over,
        "is_locked": sheet.is_locked,
    }


def hand_added(line: HandLine) -> dict[str, Any]:
    """The line added, and where the sheet now stands."""
    view = sheet_view(sheet=line.sheet)
    return {
        "number": line.number,
        "client_key": line.client_key,
        "notice": entrypage.LINE_ADDED.format(number=line.number),
        "sides": view.side_labels,
        "totals": view.totals,
        "next_number": view.next_number,
        "next_dealer": view.next_dealer + 1 if view.next_dealer is not None else None,
        "is_over": view.is_over,
        "end_text": view.end_text,
    }


def hand_refused(sheet: Scoresheet, error: DomainError, data: Mapping[str, Any]) -> dict[str, Any]:
    """What the refusal adds to its code and field: its message in the page's words, a
    sentence the phone puts between its own ("Hand 5 was not added. … Correct it and tap
    Add."), and the next number, so the phone renumbers the hands still waiting (somebody else
    added lines meanwhile: ``stale``)."""
    view = sheet_view(sheet=sheet)
    columns = lineform.line_columns(view.game, view.side_labels)
    message = lineform.refusal_text(error, columns, data, view.game.seating.seats)
    return {"message": message, "next_number": view.next_number}
