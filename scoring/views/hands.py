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
from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from club.acting import acting_user
from club.errors import DomainError
from club.models import Club
from club.permissions import Capability, club_required
from scoring import entrypage, handpad, lineform, ownership, services
from scoring.entrypage import can
from scoring.hand_answers import pad_reader, recent_lines
from scoring.models import HandLine, Scoresheet
from scoring.seated import seated_at_sheet, seated_entry_open
from scoring.selectors import SheetView, scoresheet_get, sheet_lines, sheet_view


def _seats(view: SheetView) -> list[dict[str, Any]]:
    """Each seat as its button reads: number from 1, who sits there, their side."""
    return [
        {"value": str(number), "number": number, "name": name, "side": side}
        for number, name, side in view.seats
    ]


def hand_context(
    request: HttpRequest,
    club: Club,
    sheet: Scoresheet,
    *,
    data: Mapping[str, Any] | None = None,
    error: DomainError | None = None,
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
        "recent": recent_lines(lines, view, game),
        "can_enter": may_score and not view.is_over,
        "table_playing": ownership.TABLE_PLAYING.format(table=table) if table else "",
        "client_key": values.get("client_key") or uuid.uuid4().hex,
        "add_url": reverse("sheet_hand", args=args),
        "check_url": reverse("sheet_line_check", args=args),
        "sheet_url": reverse("sheet_entry", args=args),
        "api_url": reverse("api_sheet_hand", args=args),
    }


@require_http_methods(["GET", "POST"])
@club_required(Capability.SCORE, or_when=seated_at_sheet)
def hand_entry(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """GET: the page. POST: add the hand tapped in, answered with the page again: the next
    hand after a redirect, or the refused hand as tapped. The page's script sends its hands
    to the API instead (``scoring.api_hands``), which answers JSON. Scorers enter any sheet;
    a player, the sheet of the table they sit at (``seated``)."""
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
    except DomainError as error:
        sheet = scoresheet_get(club=club, pk=sheet_id)
        context = hand_context(request, club, sheet, data=request.POST, error=error)
        return render(request, "scoring/hand_entry.html", context, status=error.status)
    return added_answer(request, added, reverse("sheet_hand", args=[club.slug, sheet_id]))


def added_answer(request: HttpRequest, added: HandLine, page_url: str) -> HttpResponse:
    """The line added: back to the page with a notice, for the next hand."""
    messages.success(request, entrypage.LINE_ADDED.format(number=added.number))
    return redirect(page_url)
