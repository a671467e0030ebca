"""API URLs of scoresheets, mounted under /api/ next to the club's."""

from __future__ import annotations

from django.urls import path

from scoring.api import (
    ScoresheetConfirmApi,
    ScoresheetDetailApi,
    ScoresheetHistoryApi,
    ScoresheetListApi,
    ScoresheetUnlockApi,
)
from scoring.api_hands import SheetHandApi, TableHandApi
from scoring.api_lines import ComparisonApi, LineCheckApi, LineDetailApi, LineListApi, ResolveApi

SHEETS = "clubs/<slug:slug>/sheets/"
SHEET = f"{SHEETS}<int:sheet_id>/"

urlpatterns = [
    path(SHEETS, ScoresheetListApi.as_view(), name="api_sheet_list"),
    path(SHEET, ScoresheetDetailApi.as_view(), name="api_sheet_detail"),
    path(f"{SHEET}confirm/", ScoresheetConfirmApi.as_view(), name="api_sheet_confirm"),
    path(f"{SHEET}unlock/", ScoresheetUnlockApi.as_view(), name="api_sheet_unlock"),
    path(f"{SHEET}history/", ScoresheetHistoryApi.as_view(), name="api_sheet_history"),
    path(f"{SHEET}lines/", LineListApi.as_view(), name="api_line_list"),
    path(f"{SHEET}lines/check/", LineCheckApi.as_view(), name="api_line_check"),
    path(f"{SHEET}lines/<int:number>/", LineDetailApi.as_view(), name="api_line_detail"),
    path(f"{SHEET}comparison/", ComparisonApi.as_view(), name="api_sheet_comparison"),
    path(f"{SHEET}resolve/", ResolveApi.as_view(), name="api_sheet_resolve"),
    # The hand-by-hand page's script: the pad's hand, and what changed since the phone looked.
    path(f"{SHEET}hand/", SheetHandApi.as_view(), name="api_sheet_hand"),
    # The same for a table's phone, by the code printed on its sheet (the page is /t/<code>/).
    path("t/<str:code>/", TableHandApi.as_view(), name="api_table_hand"),
]
