"""Scoresheet pages: the club's sheets, a new sheet, and the entry page where a director types
the hands in (htmx: each line is checked by the engine as it is typed, Enter adds it).

Corrections and history are in ``scoring.views.lines``; confirming, unlocking, double entry and
the printable sheet in ``scoring.views.reviews``.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import reswap

from club.acting import acting_user
from club.models import Club
from club.page_errors import form_refusal
from club.permissions import Capability, club_required
from club.views.clubs import HtmxHttpRequest
from engine.rules import GAME_NAMES, Game
from scoring import entrypage, lineform, services
from scoring.errors import LineRefused, ScoringError, SheetLocked, StaleLine
from scoring.forms import SheetCreateForm, carried_over, rules_from
from scoring.models import Entry, Scoresheet, SheetStatus
from scoring.seated import seated_at_sheet
from scoring.selectors import scoresheet_get, scoresheet_list, status_counts


def _htmx(request: HttpRequest) -> bool:
    return bool(cast(HtmxHttpRequest, request).htmx)


@require_GET
@club_required(Capability.VIEW)
def sheet_list(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's sheets, newest first, filtered by status (htmx swaps only the list)."""
    status = request.GET.get("status", "")
    if status not in SheetStatus.values:
        status = ""
    sheets = list(scoresheet_list(club=club, status=status or None))
    context = {
        "club": club,
        "status": status,
        "statuses": SheetStatus.choices,
        "counts": status_counts(club=club),
        "sheets": sheets,
        "game_names": GAME_NAMES,
    }
    template = "scoring/sheet_list.html" + ("#results" if _htmx(request) else "")
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_http_methods(["GET", "POST"])
@club_required(Capability.SCORE)
def sheet_new(request: HttpRequest, club: Club) -> HttpResponse:
    """A new sheet. Choosing the rules redraws the sides and seats (their number depends on
    the game), keeping what was typed in them; without JavaScript the "Change rules" button
    does the same."""
    posted = request.method == "POST" and "choose" not in request.POST
    data = request.POST if request.method == "POST" else request.GET
    rules = rules_from(club, data.get("rules"))
    game = rules.build_game()
    form = SheetCreateForm(
        request.POST if posted else None,
        club=club,
        side_seats=game.seating.side_seats,
        # Redrawn for other rules: what was typed stays (inputs the new game lacks drop out).
        initial={**carried_over(data), "rules": rules.value},
    )
    if posted and form.is_valid():
        try:
            sheet = services.scoresheet_create(
                club=club,
                by=acting_user(request),
                rule_set=rules.rule_set,
                game_id=rules.game_id,
                title=form.cleaned_data["title"],
                sides=form.side_specs(),
                seat_players=form.seat_players(),
                first_dealer=form.cleaned_data["first_dealer"],
            )
        except ScoringError as error:
            form_refusal(form, error)
        else:
            return redirect("sheet_entry", slug=club.slug, sheet_id=sheet.pk)
    context = {"club": club, "form": form, "game": game, "game_name": GAME_NAMES[game.id]}
    template = "scoring/sheet_new.html"
    if _htmx(request) and request.method == "GET":
        template += "#sides"
    return render(request, template, context)


def _entry_page(
    request: HttpRequest,
    club: Club,
    sheet: Scoresheet,
    *,
    entry: str,
    data: Any = None,
    error: ScoringError | None = None,
    notice: str = "",
    status: int = 200,
) -> HttpResponse:
    context = entrypage.entry_context(
        request, club, sheet, entry=entry, data=data, error=error, notice=notice
    )
    if _htmx(request):
        # A refused line still swaps in (htmx leaves 4xx answers out): the form keeps what
        # was typed and shows why.
        return render(request, "scoring/sheet_entry.html#sheet", context)
    return render(request, "scoring/sheet_entry.html", context, status=status)


@require_GET
@club_required(Capability.VIEW)
def sheet_entry(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """The sheet with its lines and totals; scorers type the next line in its last row."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    return _entry_page(request, club, sheet, entry=Entry.PRIMARY)


@require_GET
@club_required(Capability.SCORE)
def sheet_second_entry(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """The same sheet typed again by a second scorer, without seeing the first entry's lines."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    return _entry_page(request, club, sheet, entry=Entry.CHECK)


@require_http_methods(["GET", "POST"])
@club_required(Capability.SCORE)
def line_add(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """POST: add the typed line (Enter). A refused or stale line comes back in the form with
    the reason; nothing typed is lost. GET shows the entry page."""
    entry = entrypage.entry_of(request.POST if request.method == "POST" else request.GET)
    if request.method != "POST":
        return _entry_page(request, club, scoresheet_get(club=club, pk=sheet_id), entry=entry)

    def typed(game: Game) -> dict[str, Any]:
        # Reading the form needs the inputs, not the sides' names.
        return lineform.line_from_form(
            lineform.line_columns(game, [""] * game.seating.sides), request.POST
        )

    number = request.POST.get("number", "")
    try:
        added = services.handline_add_to(
            club=club,
            sheet_id=sheet_id,
            line=typed,
            expected_number=lineform.whole_number(number) or 0,
            by=acting_user(request),
            entry=entry,
        )
    except (StaleLine, SheetLocked) as error:
        sheet = scoresheet_get(club=club, pk=sheet_id)
        return _entry_page(
            request, club, sheet, entry=entry, data=request.POST, notice=error.message, status=409
        )
    except LineRefused as error:
        sheet = scoresheet_get(club=club, pk=sheet_id)
        return _entry_page(
            request, club, sheet, entry=entry, data=request.POST, error=error, status=400
        )
    sheet = added.sheet
    notice = entrypage.LINE_ADDED.format(number=added.number)
    if _htmx(request):
        # Only what changed is sent (see ``entrypage.added_context``).
        context = entrypage.added_context(request, club, sheet, line=added, entry=entry)
        return reswap(render(request, "scoring/sheet_entry.html#added", context), "none")
    messages.success(request, notice)
    name = "sheet_second_entry" if entry == Entry.CHECK else "sheet_entry"
    return redirect(reverse(name, args=[club.slug, sheet.pk]))


@require_GET
@club_required(Capability.SCORE, or_when=seated_at_sheet)
def line_check(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """The engine's answer for the line being typed (query string = the form); writes
    nothing. Answers the ``check`` fragment: the preview row and the inputs' messages. The
    hand-by-hand page asks it too, for a player seated at the sheet (``seated``)."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    context = entrypage.check_context(request, club, sheet, request.GET)
    return render(request, "scoring/sheet_entry.html#check", context)
