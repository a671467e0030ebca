"""API URLs of online tables, mounted under /api/ next to the club's.

Pause, resume and abandon are to come as ``f"{TABLE}pause/"``, ``resume/`` and ``abandon/``.
"""

from __future__ import annotations

from django.urls import path

from engine.tables.api import TableDetailApi, TableHandApi, TableListApi

TABLES = "clubs/<slug:slug>/tables/"
TABLE = f"{TABLES}<int:table_id>/"

urlpatterns = [
    path(TABLES, TableListApi.as_view(), name="api_table_list"),
    path(TABLE, TableDetailApi.as_view(), name="api_table_detail"),
    path(f"{TABLE}hands/<int:hand_number>/", TableHandApi.as_view(), name="api_table_hand"),
]
