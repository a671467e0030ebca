"""Online table pages: the player's lobby, and each club's tables."""

from __future__ import annotations

from django.urls import path

from tables.views import tables

urlpatterns = [
    path("tables/", tables.lobby, name="table_lobby"),
    path("clubs/<slug:slug>/tables/", tables.club_tables, name="club_tables"),
    path("clubs/<slug:slug>/tables/new/", tables.table_new, name="table_new"),
    path("clubs/<slug:slug>/tables/<int:table_id>/", tables.table_detail, name="table_detail"),
    path(
        "clubs/<slug:slug>/tables/<int:table_id>/no-show/",
        tables.table_no_show,
        name="table_no_show",
    ),
    path(
        "clubs/<slug:slug>/tables/<int:table_id>/hands/<int:number>/",
        tables.table_hand,
        name="table_hand",
    ),
]
