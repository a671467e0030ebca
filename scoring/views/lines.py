"""Correcting and deleting a line, and the history of every change (who, when, before and
after). A correction is checked by the engine with every later line re-scored; a form made
before somebody else changed the line is refused and keeps what was typed."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from club.acting import acting_user
from club.models import Club
from club.permissions import Capability, club_required
from scoring import corrections, entrypage, lineform
from scoring.entrypage import Refusal
from scoring.errors import LineRefused, ScoringError, StaleLine
from scoring.models import Entry, LineRevision, Scoresheet
from scoring.selectors import (
    scoresheet_get,
    sheet_history,
    sheet_line_get,
    sheet_view,
)

LINE_CORRECTED = gettext_lazy("Line {number} corrected; the totals after it are recomputed.")
LINE_DELETED = gettext_lazy("Line {number} deleted; the lines after it moved up.")


def _back(club: Club, sheet: Scoresheet, entry: str, number: int | None = None) -> str:
    name = "sheet_second_entry" if entry == Entry.CHECK else "sheet_entry"
    url = reverse(name, args=[club.slug, sheet.pk])
    return f"{url}#line-{number}" if number else url


def _version(data: Any) -> int | None:
    return lineform.whole_number(str(data.get("version", "")))


@require_http_methods(["GET", "POST"])
@club_required(Capability.SCORE)
def line_edit(request: HttpRequest, club: Club, sheet_id: int, number: int) -> HttpResponse:
    """The line's inputs, filled with what is written; saving corrects it."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    entry = entrypage.entry_of(request.GET)
    handline = sheet_line_get(sheet=sheet, number=number, entry=entry)
    view = sheet_view(sheet=sheet, entry=entry)
    columns = lineform.line_columns(view.game, view.side_labels)
    data: Any = lineform.form_from_line(columns, handline.line)
    version = handline.version
    refusal: Refusal | None = None
    notice = ""
    if request.method == "POST":
        data = request.POST
        try:
            corrections.handline_edit(
                sheet=sheet,
                number=number,
                line=lineform.line_from_form(columns, data),
                by=acting_user(request),
                entry=entry,
                expected_version=_version(data),
            )
        except StaleLine as error:
            notice = error.message
            # Saving again overwrites the newer version knowingly: the form now carries it.
            handline = sheet_line_get(sheet=sheet, number=number, entry=entry)
            version = handline.version
        except LineRefused as error:
            refusal = entrypage.refusal_of(error, columns, data, view)
            version = _version(data) or version
        except ScoringError as error:
            notice = error.message
        else:
            messages.success(request, LINE_CORRECTED.format(number=number))
            # No #line-N anchor: a page opened at an anchor skips autofocus, and the director
            # goes on typing the next line.
            return redirect(_back(club, sheet, entry))
    context = {
        "club": club,
        "sheet": sheet,
        "view": view,
        "entry": entry,
        "line": handline,
        "written": lineform.line_text(handline.line, columns),
        "cells": entrypage.input_cells(columns, data, view, refusal),
        "refusal": refusal,
        "notice": notice,
        "version": version,
        "back": _back(club, sheet, entry, number),
    }
    status = 400 if refusal is not None else (409 if notice else 200)
    return render(request, "scoring/line_edit.html", context, status=status)


@require_http_methods(["GET", "POST"])
@club_required(Capability.SCORE)
def line_delete(request: HttpRequest, club: Club, sheet_id: int, number: int) -> HttpResponse:
    """GET asks to confirm; POST deletes the line (it stays in the history)."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    entry = entrypage.entry_of(request.GET)
    handline = sheet_line_get(sheet=sheet, number=number, entry=entry)
    view = sheet_view(sheet=sheet, entry=entry)
    columns = lineform.line_columns(view.game, view.side_labels)
    error_text = ""
    if request.method == "POST":
        try:
            corrections.handline_delete(
                sheet=sheet,
                number=number,
                by=acting_user(request),
                entry=entry,
                expected_version=_version(request.POST),
            )
        except ScoringError as error:
            error_text = error.message
        else:
            messages.success(request, LINE_DELETED.format(number=number))
            return redirect(_back(club, sheet, entry))
    context = {
        "club": club,
        "sheet": sheet,
        "view": view,
        "entry": entry,
        "line": handline,
        "written": lineform.line_text(handline.line, columns),
        "error": error_text,
        "back": _back(club, sheet, entry, number),
    }
    return render(request, "scoring/line_delete.html", context, status=400 if error_text else 200)


@require_GET
@club_required(Capability.VIEW)
def history(request: HttpRequest, club: Club, sheet_id: int) -> HttpResponse:
    """Every change of the sheet's lines (of one line number with ``?line=``), the unlocks,
    the double-entry resolutions, the table flags cleared and the confirmations: who, when,
    before and after."""
    sheet = scoresheet_get(club=club, pk=sheet_id)
    view = sheet_view(sheet=sheet)
    columns = lineform.line_columns(view.game, view.side_labels)
    line = request.GET.get("line", "")
    number = lineform.whole_number(line)
    revisions = []
    for revision in sheet_history(sheet=sheet, number=number):
        before = (revision.before or {}).get("line") if revision.before else None
        after = (revision.after or {}).get("line") if revision.after else None
        before_parts, after_parts = lineform.line_diff(before, after, columns)
        revisions.append(
            {
                "revision": revision,
                "entry": revision.line.get_entry_display(),
                "before": before_parts if revision.before else [],
                "before_score": lineform.score_text(revision.before),
                "after": after_parts if revision.after else [],
                "after_score": lineform.score_text(revision.after),
                "number": (revision.after or revision.before or {}).get("number"),
            }
        )
    context = {
        "club": club,
        "sheet": sheet,
        "view": view,
        "number": number,
        "revisions": revisions,
        "actions": LineRevision.Action,
        "unlocks": sheet.unlocks.select_related("by"),
        "resolutions": sheet.resolutions.select_related("by"),
        "flags": sheet.flags.select_related("by"),
        "confirmations": sheet.confirmations.select_related("by"),
    }
    return render(request, "scoring/history.html", context)
