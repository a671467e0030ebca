"""Scoresheet pages, mounted under the club: ``/clubs/<slug>/sheets/…``.

Who may open each page is declared on its view (``club_required``): members read, scorers
start sheets and enter and correct lines, directors confirm, unlock and resolve.
"""

from __future__ import annotations

from django.urls import path

from scoring import hand_views, line_views, review_views, table_views, views

SHEET = "clubs/<slug:slug>/sheets/<int:sheet_id>/"

urlpatterns = [
    path("clubs/<slug:slug>/sheets/", views.sheet_list, name="sheet_list"),
    path("clubs/<slug:slug>/sheets/new/", views.sheet_new, name="sheet_new"),
    path(SHEET, views.sheet_entry, name="sheet_entry"),
    path(f"{SHEET}second-entry/", views.sheet_second_entry, name="sheet_second_entry"),
    path(f"{SHEET}hand/", hand_views.hand_entry, name="sheet_hand"),
    path(f"{SHEET}lines/add/", views.line_add, name="sheet_line_add"),
    path(f"{SHEET}lines/check/", views.line_check, name="sheet_line_check"),
    path(f"{SHEET}lines/<int:number>/edit/", line_views.line_edit, name="sheet_line_edit"),
    path(f"{SHEET}lines/<int:number>/delete/", line_views.line_delete, name="sheet_line_delete"),
    path(f"{SHEET}history/", line_views.history, name="sheet_history"),
    path(f"{SHEET}confirm/", review_views.sheet_confirm, name="sheet_confirm"),
    path(f"{SHEET}unlock/", review_views.sheet_unlock, name="sheet_unlock"),
    path(f"{SHEET}compare/", review_views.sheet_compare, name="sheet_compare"),
    path(f"{SHEET}resolve/", review_views.sheet_resolve, name="sheet_resolve"),
    path(f"{SHEET}print/", review_views.sheet_print, name="sheet_print"),
    path(f"{SHEET}table-code/", table_views.sheet_table_code, name="sheet_table_code"),
    path(f"{SHEET}flag/clear/", table_views.sheet_flag_clear, name="sheet_flag_clear"),
    # A table's own entry, without an account: the code printed on its sheet.
    path("t/", table_views.table_start, name="table_start"),
    path("t/<str:code>/", table_views.table_entry, name="table_entry"),
    path("t/<str:code>/check/", table_views.table_check, name="table_check"),
]
