"""Scoresheet pages, mounted under the club: ``/clubs/<slug>/sheets/…``.

Who may open each page is declared on its view (``club_required``): members read, scorers
start sheets and enter and correct lines, directors confirm, unlock and resolve.
"""

from __future__ import annotations

from django.urls import path

from scoring.views import hands, lines, reviews, sheets, table_codes

SHEET = "clubs/<slug:slug>/sheets/<int:sheet_id>/"

urlpatterns = [
    path("clubs/<slug:slug>/sheets/", sheets.sheet_list, name="sheet_list"),
    path("clubs/<slug:slug>/sheets/new/", sheets.sheet_new, name="sheet_new"),
    path(SHEET, sheets.sheet_entry, name="sheet_entry"),
    path(f"{SHEET}second-entry/", sheets.sheet_second_entry, name="sheet_second_entry"),
    path(f"{SHEET}hand/", hands.hand_entry, name="sheet_hand"),
    path(f"{SHEET}hand/lines/", hands.hand_lines, name="sheet_hand_lines"),
    path(f"{SHEET}lines/add/", sheets.line_add, name="sheet_line_add"),
    path(f"{SHEET}lines/check/", sheets.line_check, name="sheet_line_check"),
    path(f"{SHEET}lines/<int:number>/edit/", lines.line_edit, name="sheet_line_edit"),
    path(f"{SHEET}lines/<int:number>/delete/", lines.line_delete, name="sheet_line_delete"),
    path(f"{SHEET}history/", lines.history, name="sheet_history"),
    path(f"{SHEET}confirm/", reviews.sheet_confirm, name="sheet_confirm"),
    path(f"{SHEET}unlock/", reviews.sheet_unlock, name="sheet_unlock"),
    path(f"{SHEET}compare/", reviews.sheet_compare, name="sheet_compare"),
    path(f"{SHEET}resolve/", reviews.sheet_resolve, name="sheet_resolve"),
    path(f"{SHEET}print/", reviews.sheet_print, name="sheet_print"),
    path(f"{SHEET}table-code/", table_codes.sheet_table_code, name="sheet_table_code"),
    path(f"{SHEET}flag/clear/", table_codes.sheet_flag_clear, name="sheet_flag_clear"),
    # A table's own entry, without an account: the code printed on its sheet.
    path("t/", table_codes.table_start, name="table_start"),
    path("t/<str:code>/", table_codes.table_entry, name="table_entry"),
    path("t/<str:code>/check/", table_codes.table_check, name="table_check"),
    path("t/<str:code>/lines/", table_codes.table_lines, name="table_lines"),
]
