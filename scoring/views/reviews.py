"""After the game: confirming (locks the sheet), unlocking (directors, with a reason),
comparing the two entries of a double-entered sheet and resolving their differences, and the
printable blank sheet that the table writes on."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from club.acting import acting_user
from club.models import Club
from club.page_errors import form_refusal
from club.permissions import Capability, club_required
from scoring import entrypage, lineform, services
from scoring.doubleentry import doubleentry_compare, doubleentry_resolve
from scoring.errors import ScoringError
from scoring.forms import ResolveForm, UnlockForm
from scoring.models import Scoresheet
from scoring.printing import blank_paper
from scoring.selectors import scoresheet_get, sheet_view

CONFIRMED = gettext_lazy("The sheet is confirmed and locked.")
UNLOCKED = gettext_lazy("The sheet is unlocked: lines can be corrected again.")
RESOLVED = gettext_lazy("The entries now match: the sheet can be confirmed.")


def _entry_url(club: Club, sheet: Scoresheet) -> str:
    return reverse("sheet_entry", args=[club.slug, sheet.pk])


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def sheet_confirm(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """GET shows what confirming means (and what stops it); POST confirms."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    error = ""
    if request.method == "POST":
        try:
            services.scoresheet_confirm(sheet=sheet, by=acting_user(request))
        except ScoringError as refused:
            error = refused.message
        else:
            messages.success(request, CONFIRMED)
            return redirect(_entry_url(club, sheet))
    comparison = doubleentry_compare(sheet=sheet)
    context = {
        "club": club,
        "sheet": sheet,
        "view": sheet_view(sheet=sheet),
        "comparison": comparison,
        "error": error,
    }
    return render(request, "scoring/confirm.html", context, status=400 if error else 200)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def sheet_unlock(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """Reopen a confirmed sheet; the reason is required and kept."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    form = UnlockForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.scoresheet_unlock(
                sheet=sheet,
                by=acting_user(request),
                reason=form.cleaned_data["reason"],
            )
        except ScoringError as error:
            form_refusal(form, error)
        else:
            messages.success(request, UNLOCKED)
            return redirect(_entry_url(club, sheet))
    context = {"club": club, "sheet": sheet, "view": sheet_view(sheet=sheet), "form": form}
    return render(request, "scoring/unlock.html", context, status=400 if form.errors else 200)


def _compare_page(
    request: HttpRequest, club: Club, sheet: Scoresheet, form: ResolveForm | None, error: str = ""
) -> HttpResponse:
    view = sheet_view(sheet=sheet)
    columns = lineform.line_columns(view.game, view.side_labels)
    comparison = doubleentry_compare(sheet=sheet)
    rows = []
    for row in comparison.rows:
        primary, check = lineform.line_diff(
            row.primary.line if row.primary else None,
            row.check.line if row.check else None,
            columns,
        )
        rows.append(
            {
                "number": row.number,
                "same": row.same,
                "primary": primary,
                "check": check,
                "choice": form[f"line_{row.number}"] if form and not row.same else None,
            }
        )
    context = {
        "club": club,
        "sheet": sheet,
        "view": view,
        "comparison": comparison,
        "rows": rows,
        "form": form,
        "error": error,
    }
    status = 400 if error or (form is not None and form.errors) else 200
    return render(request, "scoring/compare.html", context, status=status)


@require_GET
@club_required(Capability.VIEW)
def sheet_compare(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """The sheet and its second entry side by side, line by line."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    form = None
    if entrypage.can(request, Capability.DIRECT) and not sheet.is_locked:
        form = ResolveForm(numbers=doubleentry_compare(sheet=sheet).differing)
    return _compare_page(request, club, sheet, form)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def sheet_resolve(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """A director picks, for each differing line, which entry is right; both entries then
    hold the chosen lines."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    numbers = doubleentry_compare(sheet=sheet).differing
    form = ResolveForm(request.POST or None, numbers=numbers)
    if request.method == "POST" and form.is_valid():
        try:
            doubleentry_resolve(sheet=sheet, choices=form.choices(), by=acting_user(request))
        except ScoringError as error:
            return _compare_page(request, club, sheet, form, error.message)
        messages.success(request, RESOLVED)
        return redirect(reverse("sheet_compare", args=[club.slug, sheet.pk]))
    return _compare_page(request, club, sheet, form)


@require_GET
@club_required(Capability.VIEW)
def sheet_print(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """A blank paper sheet for the table: sides, seats, rules, empty lines, and a QR code to
    the entry page. The print stylesheet leaves out everything but the sheet."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    paper = blank_paper(request, club, sheet, with_code=entrypage.can(request, Capability.SCORE))
    context = {"club": club, "sheet": sheet, "view": paper.view, "paper": paper}
    return render(request, "scoring/print.html", context)
