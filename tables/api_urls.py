"""API URLs of online tables, mounted under /api/ next to the club's."""

from __future__ import annotations

from django.urls import path

from tables.api import (
    TableAbandonApi,
    TableDetailApi,
    TableHandApi,
    TableListApi,
    TableNoShowApi,
    TablePauseApi,
    TableResumeApi,
)

TABLES = "clubs/<slug:slug>/tables/"
TABLE = f"{TABLES}<int:table_id>/"

urlpatterns = [
    path(TABLES, TableListApi.as_view(), name="api_table_list"),
    path(TABLE, TableDetailApi.as_view(), name="api_table_detail"),
    path(f"{TABLE}pause/", TablePauseApi.as_view(), name="api_table_pause"),
    path(f"{TABLE}resume/", TableResumeApi.as_view(), name="api_table_resume"),
    path(f"{TABLE}abandon/", TableAbandonApi.as_view(), name="api_table_abandon"),
    path(f"{TABLE}no-show/", TableNoShowApi.as_view(), name="api_table_no_show"),
    path(f"{TABLE}hands/<int:hand_number>/", TableHandApi.as_view(), name="api_table_hand"),
]
