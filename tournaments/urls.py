"""Public event pages, mounted under /events/: no sign-in needed."""

from __future__ import annotations

from django.urls import path

from tournaments.views import public

urlpatterns = [
    path("", public.event_index, name="event_list"),
    path("<int:event_id>/", public.event_standings, name="event_public"),
    path("<int:event_id>/pairings/", public.event_pairings, name="event_pairings"),
    path("<int:event_id>/results/", public.event_results_page, name="event_results"),
    path("<int:event_id>/standings.csv", public.event_standings_csv, name="event_standings_csv"),
    path("<int:event_id>/results.csv", public.event_results_csv, name="event_results_csv"),
    path("seasons/<int:season_id>/", public.season_standings, name="season_public"),
    path(
        "seasons/<int:season_id>/standings.csv",
        public.season_standings_csv,
        name="season_standings_csv",
    ),
]
