"""Online table pages: the player's lobby, and each club's tables."""

from __future__ import annotations

from django.urls import path

from tables import views

urlpatterns = [
    path("tables/", views.lobby, name="table_lobby"),
    path("clubs/<slug:slug>/tables/", views.club_tables, name="club_tables"),
    path("clubs/<slug:slug>/tables/new/", views.table_new, name="table_new"),
    path("clubs/<slug:slug>/tables/<int:table_id>/", views.table_detail, name="table_detail"),
    path(
        "clubs/<slug:slug>/tables/<int:table_id>/hands/<int:number>/",
        views.table_hand,
        name="table_hand",
    ),
]
