"""The one-hand-at-a-time entry page, made for a phone held in one hand: the dealer filled in,
the bidder as seat buttons, bid and trump as buttons, the points as a stepper, the engine's
check as it is tapped, one big "Add", and both sides' totals always on screen.

Each hand posted carries a key its page made (``client_key``): a phone that lost its
connection keeps the hands it could not send (``static/kitty/hand.js``) and sends them when
the connection returns, and a hand sent twice is added once. Without JavaScript the page is a
plain form: the key is then made here, so a double tap adds one line too. The director's
sheet page (``scoring.views.sheets``) stays the way to type a whole paper sheet on a laptop.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from club.acting import acting_user
from club.models import Club
from club.permissions import Capability, club_required
from engine.rules import Game
from scoring import entrypage, handpad, lineform, ownership, services
from scoring.entrypage import can
from scoring.errors import ScoringError
from scoring.models import HandLine, Scoresheet
from scoring.seated import seated_at_sheet, seated_entry_open
from scoring.selectors import SheetView, scoresheet_get, sheet_lines, sheet_view

RECENT = 3


def wants_json(request: HttpRequest) -> bool:
    return request.headers.get("Accept", "").startswith("application/json")


def _seats(view: SheetView) -> list[dict[str, Any]]:
    """Each seat as its button reads: number from 1, who sits there, their side."""
    return [
        {"value": str(number), "number": number, "name": name, "side": side}
        for number, name, side in view.seats
    ]


def _recent(lines: list[HandLine], view: SheetView, game: Game) -> list[dict[str, Any]]:
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


def hand_context(
    request: HttpRequest,
    club: Club,
    sheet: Scoresheet,
    *,
    data: Mapping[str, Any] | None = None,
    error: ScoringError | None = None,
) -> dict[str, Any]:
    """What the page shows; ``data`` and ``error``: a refused hand, kept as tapped."""
    lines = sheet_lines(sheet=sheet)
    view = sheet_view(sheet=sheet, lines=lines)
    game = view.game
    columns = lineform.line_columns(game, view.side_labels)
    refusal = None
    if error is not None:
        refusal = entrypage.refusal_of(error, columns, data or {}, view)
    values = {key: str(value) for key, value in (data or {}).items()}
    if data is None and view.next_dealer is not None:
        values["dealer"] = str(view.next_dealer + 1)
    table = None if sheet.is_locked else ownership.playing_table_name(sheet)
    may_enter = can(request, Capability.SCORE) or seated_entry_open(
        club=club, sheet_id=sheet.pk, user=request.user
    )
    may_score = may_enter and not sheet.is_locked and table is None
    args = [club.slug, sheet.pk]
    pad = handpad.pad_for(game, columns)
    return {
        "club": club,
        "sheet": sheet,
        "view": view,
        "pad": pad,
        "seats": _seats(view),
        "side_inputs": [
            {
                "name": f"{pad.per_side}_{index}",
                "label": label,
                "value": values.get(f"{pad.per_side}_{index}", ""),
            }
            for index, label in enumerate(view.side_labels)
        ],
        "category_inputs": [
            {"name": f"cat_{name}", "label": label, "value": values.get(f"cat_{name}", "")}
            for name, label, _ in pad.categories
        ],
        # The page opens at its top, on the bidder: no input below it takes the focus (the
        # browser would scroll down to it).
        "extra_cells": (
            entrypage.input_cells(pad.extra, data or {}, view, focus=False) if pad.extra else []
        ),
        "values": values,
        "refusal": refusal,
        "recent": _recent(lines, view, game),
        "can_enter": may_score and not view.is_over,
        "table_playing": ownership.TABLE_PLAYING.format(table=table) if table else "",
        "client_key": values.get("client_key") or uuid.uuid4().hex,
        "add_url": reverse("sheet_hand", args=args),
        "check_url": reverse("sheet_line_check", args=args),
        "sheet_url": reverse("sheet_entry", args=args),
        "lines_url": reverse("sheet_hand_lines", args=args),
    }


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
        "recent": _recent(lines, view, view.game),
        "next_number": view.next_number,
        "next_dealer": view.next_dealer + 1 if view.next_dealer is not None else None,
        "is_over": view.is_over,
        "is_locked": sheet.is_locked,
    }


@require_GET
@club_required(Capability.VIEW)
def hand_lines(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """``sheet_news`` of the club's sheet, for its hand-by-hand page."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    return JsonResponse(sheet_news(sheet, request.GET.get("since", "")))


def _added_json(line: HandLine) -> dict[str, Any]:
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


@require_http_methods(["GET", "POST"])
@club_required(Capability.SCORE, or_when=seated_at_sheet)
def hand_entry(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """GET: the page. POST: add the hand tapped in. The page's script asks for JSON (the
    line added, or the refusal's code, message and field); a plain form post is answered
    with the page again: the next hand after a redirect, or the refused hand as tapped.
    Scorers enter any sheet; a player, the sheet of the table they sit at (``seated``)."""
    if request.method != "POST":
        sheet = scoresheet_get(club=club, pk=sheet_id)
        return render(request, "scoring/hand_entry.html", hand_context(request, club, sheet))

    typed = pad_reader(request.POST)
    number = lineform.whole_number(request.POST.get("number", "")) or 0
    try:
        added = services.handline_add_to(
            club=club,
            sheet_id=sheet_id,
            line=typed,
            expected_number=number,
            by=acting_user(request),
            client_key=request.POST.get("client_key", "").strip(),
        )
    except ScoringError as error:
        sheet = scoresheet_get(club=club, pk=sheet_id)
        if wants_json(request):
            return refused_json(sheet, error, request.POST)
        context = hand_context(request, club, sheet, data=request.POST, error=error)
        return render(request, "scoring/hand_entry.html", context, status=error.status)
    return added_answer(request, added, reverse("sheet_hand", args=[club.slug, sheet_id]))


def pad_reader(post: Mapping[str, Any]) -> Callable[[Game], dict[str, Any]]:
    """Reads the tapped hand once the sheet's game is known (the pad depends on it)."""

    def typed(game: Game) -> dict[str, Any]:
        columns = lineform.line_columns(game, [""] * game.seating.sides)
        pad = handpad.pad_for(game, columns)
        return handpad.line_from_pad(pad, columns, game.seating.sides, post)

    return typed


def refused_json(sheet: Scoresheet, error: ScoringError, data: Mapping[str, Any]) -> JsonResponse:
    """The refusal for the page's script: its message in the page's words, a sentence the
    phone puts between its own ("Hand 5 was not added. … Correct it and tap Add.")."""
    view = sheet_view(sheet=sheet)
    columns = lineform.line_columns(view.game, view.side_labels)
    message = lineform.refusal_text(error, columns, data, view.game.seating.seats)
    # The next number lets the phone renumber the hands still waiting (somebody else added
    # lines meanwhile: ``stale``).
    body = {**error.as_dict(), "message": message, "next_number": view.next_number}
    return JsonResponse(body, status=error.status)


def added_answer(request: HttpRequest, added: HandLine, page_url: str) -> HttpResponse:
    """The line added: as JSON for the page's script, else back to the page with a notice."""
    if wants_json(request):
        return JsonResponse(_added_json(added), status=201)
    messages.success(request, entrypage.LINE_ADDED.format(number=added.number))
    return redirect(page_url)
