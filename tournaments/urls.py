"""Public event pages, mounted under /events/: no sign-in needed."""

from __future__ import annotations

from django.urls import path

from tournaments import views_public as views

urlpatterns = [
    path("", views.event_index, name="event_list"),
    path("<int:event_id>/", views.event_standings, name="event_public"),
    path("<int:event_id>/pairings/", views.event_pairings, name="event_pairings"),
    path("<int:event_id>/results/", views.event_results_page, name="event_results"),
    path("<int:event_id>/standings.csv", views.event_standings_csv, name="event_standings_csv"),
    path("<int:event_id>/results.csv", views.event_results_csv, name="event_results_csv"),
    path("seasons/<int:season_id>/", views.season_standings, name="season_public"),
    path(
        "seasons/<int:season_id>/standings.csv",
        views.season_standings_csv,
        name="season_standings_csv",
    ),
]
