"""A table's own entry, without an account: ``/t/`` (type the code) and ``/t/<code>/`` (the
hand-by-hand page of that one sheet).

The code in the address is checked on every request (``scoring.tablecodes.tablecode_open``),
so a withdrawn code or a confirmed sheet closes the page at once; the session remembers the
one sheet and a short id of the phone, which each line's history names. Nothing here opens any
other page: the club's pages still want a signed-in member. Wrong codes are counted per phone
(its session) and per address, and a phone or an address that guesses too many waits.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from club.acting import acting_user
from club.client_address import client_address
from club.models import Club
from club.page_errors import refusal_message
from club.permissions import Capability, club_required, public_view
from scoring import entrypage, lineform, tablecodes
from scoring.errors import ScoringError
from scoring.models import TableCode
from scoring.selectors import SheetView, scoresheet_get, sheet_view
from scoring.views.hands import (
    added_answer,
    hand_context,
    pad_reader,
    refused_json,
    sheet_news,
    wants_json,
)

SESSION_KEY = "kitty_table"
SHEET_UNKNOWN = gettext_lazy("This phone enters the sheet of its table code only.")
CONFIRMED = gettext_lazy("The sheet is confirmed. Thank you: the table's entry is closed.")
CODE_ISSUED = gettext_lazy(
    "Table code {code} issued: any code this sheet had before no longer works."
)
CODE_WITHDRAWN = gettext_lazy(
    "The table code was withdrawn: phones holding it can no longer enter."
)
FLAGGED = gettext_lazy(
    "The director was told that the sides disagree; they will come to the table."
)
FLAG_CLEARED = gettext_lazy("The flag is cleared; the sheet's history keeps what the table said.")


def _open(request: HttpRequest, code: str) -> TableCode:
    """The live code, remembered in the session with this phone's short id.

    Raises:
        ScoringError: ``code_throttled`` (429) or a ``TableCodeRefused``.
    """
    address = client_address(request)
    held = request.session.get(SESSION_KEY) or {}
    # A phone that has already opened its code carries on, whatever was guessed meanwhile
    # (guessing needs a code the phone did not have).
    opened = bool(held.get("code")) and held.get("code") == tablecodes.code_normal(code)
    refusal = None if opened else tablecodes.guesses_refusal(address, _session_id(request))
    if refusal is not None:
        raise refusal
    try:
        table_code = tablecodes.tablecode_open(code=code)
    except tablecodes.TableCodeRefused as error:
        request.session.pop(SESSION_KEY, None)
        if error.code == "code_unknown":
            tablecodes.guess_failed(address, _session_id(request, create=True))
        raise
    phone = held.get("phone") or secrets.token_hex(3)
    remembered = {"sheet": table_code.sheet_id, "code": table_code.code, "phone": phone}
    if held != remembered:  # the page asks every few seconds: write the session only once
        request.session[SESSION_KEY] = remembered
    return table_code


def _session_id(request: HttpRequest, *, create: bool = False) -> str:
    """The phone's session key, which wrong codes are counted by; ``create`` starts a session
    for a phone that has none yet (its cookie goes back with the refusal)."""
    if create and request.session.session_key is None:
        request.session.save()
    return request.session.session_key or ""


def _phone(request: HttpRequest) -> str:
    return str((request.session.get(SESSION_KEY) or {}).get("phone", ""))


def _refused(request: HttpRequest, error: ScoringError) -> HttpResponse:
    if wants_json(request):
        return refused_json_plain(error)
    context = {"refusal": error, "code": request.POST.get("code", "")}
    return render(request, "scoring/table_start.html", context, status=error.status)


def refused_json_plain(error: ScoringError) -> HttpResponse:
    return JsonResponse(error.as_dict(), status=error.status)


@public_view
@require_http_methods(["GET", "POST"])
def table_start(request: HttpRequest) -> HttpResponse:
    """Type the code printed on the sheet; it opens the table's page."""
    if request.method == "POST":
        code = tablecodes.code_normal(request.POST.get("code", ""))
        if code:
            return redirect(reverse("table_entry", args=[code]))
    return render(request, "scoring/table_start.html", {"code": ""})


def sides_at_table(view: SheetView) -> tuple[str, str]:
    """(the side that enters, the sides that confirm), named as the phone says them.

    As with a Bridgemate, the first seat's side holds the phone and enters the hands; the
    side that did not enter agrees to the totals at the end. A side is named by its label,
    and by who sits there when the label does not say it already ("Smith & Jones")."""

    def named(side: int) -> str:
        label = view.side_labels[side]
        names = [
            name
            for name, seat_side in zip(view.seat_names, view.seat_sides, strict=True)
            if seat_side == side and not name.startswith("Seat ")
        ]
        who = " & ".join(names)
        return label if not who or who == label else f"{label} ({who})"

    first = view.seat_sides[0] if view.seat_sides else 0
    others = [named(side) for side in range(len(view.side_labels)) if side != first]
    return named(first), " and ".join(others)


def _page(
    request: HttpRequest,
    table_code: TableCode,
    *,
    data: Any = None,
    error: ScoringError | None = None,
) -> dict[str, Any]:
    sheet = table_code.sheet
    context = hand_context(request, sheet.club, sheet, data=data, error=error)
    view = context["view"]
    entering, confirming = sides_at_table(view)
    context.update(
        entering=entering,
        confirming=confirming,
        can_enter=not sheet.is_locked and not context["table_playing"] and not view.is_over,
        add_url=reverse("table_entry", args=[table_code.code]),
        check_url=reverse("table_check", args=[table_code.code]),
        lines_url=reverse("table_lines", args=[table_code.code]),
        sheet_url="",
        table_code=table_code,
        can_confirm=view.is_over and not sheet.is_locked,
        # The side that entered does not confirm: this phone is told to leave it to the other.
        entered_here=view.is_over and tablecodes.entered_from(sheet=sheet, phone=_phone(request)),
    )
    return context


@public_view
@require_http_methods(["GET", "POST"])
def table_entry(request: HttpRequest, code: str) -> HttpResponse:
    """GET: the table's hand-by-hand page. POST: a hand (as ``hand_entry`` takes it), or the
    other side's answer at the end of the game (``answer``: ``confirm`` or ``disagree``)."""
    try:
        table_code = _open(request, code)
    except ScoringError as error:
        return _refused(request, error)
    if request.method != "POST":
        return render(request, "scoring/hand_entry.html", _page(request, table_code))
    sent_for = request.POST.get("sheet", "")
    if sent_for and sent_for != str(table_code.sheet_id):
        raise Http404(SHEET_UNKNOWN)
    answer = request.POST.get("answer", "")
    if answer in ("confirm", "disagree"):
        return _answer(request, table_code, answer)
    try:
        added = tablecodes.table_line_add(
            code=table_code,
            phone=_phone(request),
            line=pad_reader(request.POST),
            expected_number=lineform.whole_number(request.POST.get("number", "")) or 0,
            client_key=request.POST.get("client_key", "").strip(),
        )
    except ScoringError as error:
        table_code.sheet.refresh_from_db()
        if wants_json(request):
            return refused_json(table_code.sheet, error, request.POST)
        context = _page(request, table_code, data=request.POST, error=error)
        return render(request, "scoring/hand_entry.html", context, status=error.status)
    return added_answer(request, added, reverse("table_entry", args=[table_code.code]))


def _answer(request: HttpRequest, table_code: TableCode, answer: str) -> HttpResponse:
    """The side that did not enter agrees (the sheet is confirmed) or disagrees (flagged)."""
    user = request.user if request.user.is_authenticated else None
    try:
        if answer == "confirm":
            tablecodes.table_confirm(code=table_code, phone=_phone(request), by=user)
            notice = CONFIRMED
        else:
            tablecodes.sheet_flag(code=table_code, phone=_phone(request))
            notice = FLAGGED
    except ScoringError as error:
        table_code.sheet.refresh_from_db()
        context = {**_page(request, table_code), "answer_refused": error.message}
        return render(request, "scoring/hand_entry.html", context, status=error.status)
    table_code.sheet.refresh_from_db()
    context = {**_page(request, table_code), "notice": notice}
    return render(request, "scoring/hand_entry.html", context)


@public_view
@require_GET
def table_check(request: HttpRequest, code: str) -> HttpResponse:
    """The engine's check of the hand being tapped (``line_check`` for the table's sheet)."""
    try:
        table_code = _open(request, code)
    except ScoringError as error:
        return _refused(request, error)
    sheet = table_code.sheet
    context = entrypage.check_context(request, sheet.club, sheet, request.GET)
    context["check_url"] = reverse("table_check", args=[table_code.code])
    return render(request, "scoring/sheet_entry.html#check", context)


@public_view
@require_GET
def table_lines(request: HttpRequest, code: str) -> HttpResponse:
    """``sheet_news`` of the table's sheet: another phone at the table follows the lines
    added by the first. A code that no longer opens the sheet is refused as JSON."""
    try:
        table_code = _open(request, code)
    except ScoringError as error:
        return refused_json_plain(error)
    return JsonResponse(sheet_news(table_code.sheet, request.GET.get("since", "")))


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def sheet_table_code(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """The director's view of a sheet's table code: issue one, reissue it (the old code stops
    working) or withdraw it."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    page = reverse("sheet_table_code", args=[club.slug, sheet.pk])
    if request.method == "POST":
        with refusal_message(request):
            if request.POST.get("action") == "revoke":
                tablecodes.tablecode_revoke(sheet=sheet)
                messages.success(request, CODE_WITHDRAWN)
            else:
                issued = tablecodes.tablecode_issue(sheet=sheet, by=acting_user(request))
                messages.success(request, CODE_ISSUED.format(code=issued.code))
        return redirect(page)
    live = tablecodes.tablecode_live(sheet=sheet)
    context = {
        "club": club,
        "sheet": sheet,
        "view": sheet_view(sheet=sheet, lines=[]),
        "live": live,
        "table_url": table_url(request, live) if live else "",
        "here": "table_code",
    }
    return render(request, "scoring/table_code.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def sheet_flag_clear(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """The director dealt with a table's disagreement: the flag goes, the history keeps it.
    GET: the flag and its form alone (the sheet's pages show the same form under the flag)."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    if request.method != "POST":
        context = {"club": club, "sheet": sheet, "view": sheet_view(sheet=sheet, lines=[])}
        return render(request, "scoring/flag_clear.html", context)
    with refusal_message(request):
        tablecodes.sheet_flag_clear(
            sheet=sheet, by=acting_user(request), reason=request.POST.get("reason", "")
        )
        messages.success(request, FLAG_CLEARED)
    return redirect(reverse("sheet_entry", args=[club.slug, sheet.pk]))


def table_url(request: HttpRequest, code: TableCode) -> str:
    """The address a phone opens for ``code`` (printed beside it, and in the QR code)."""
    return request.build_absolute_uri(reverse("table_entry", args=[code.code]))
