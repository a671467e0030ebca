"""The club's event pages (directors run events, members follow them), mounted under the club:
``/clubs/<slug>/events/…``, ``/clubs/<slug>/seasons/…``, ``/clubs/<slug>/ratings/…``."""

from __future__ import annotations

from django.urls import path

from tournaments import (
    views_director,
    views_door,
    views_ratings,
    views_round_papers,
    views_rounds,
)

CLUB = "clubs/<slug:slug>/"
EVENT = f"{CLUB}events/<int:event_id>/"
ROUND = f"{EVENT}rounds/<int:round_number>/"

urlpatterns = [
    path(f"{CLUB}events/", views_director.club_events, name="club_events"),
    path(f"{CLUB}events/new/", views_director.event_new, name="event_new"),
    path(f"{CLUB}seasons/new/", views_director.season_new, name="season_new"),
    path(f"{CLUB}seasons/<int:season_id>/", views_director.season_detail, name="season_detail"),
    path(f"{CLUB}seasons/<int:season_id>/nights/new/", views_director.night_new, name="night_new"),
    path(EVENT, views_director.event_dashboard, name="event_dashboard"),
    path(f"{EVENT}edit/", views_director.event_edit, name="event_edit"),
    path(f"{EVENT}door/", views_door.event_door, name="event_door"),
    path(f"{EVENT}late-arrival/", views_door.late_arrival, name="event_late_arrival"),
    path(f"{EVENT}substitute/", views_door.substitute, name="event_substitute"),
    path(f"{EVENT}finish/", views_director.event_finish_view, name="event_finish"),
    path(
        f"{EVENT}standings/recompute/",
        views_director.standings_recompute,
        name="event_standings_recompute",
    ),
    path(f"{EVENT}rounds/pair/", views_rounds.round_pair_view, name="round_pair"),
    path(f"{EVENT}rounds/add/", views_rounds.round_add_view, name="round_add"),
    path(ROUND, views_rounds.round_detail, name="round_detail"),
    path(f"{ROUND}live/", views_rounds.round_live_view, name="round_live"),
    path(f"{ROUND}print/", views_round_papers.round_print, name="round_print"),
    path(f"{ROUND}codes/", views_round_papers.round_codes_issue, name="round_codes_issue"),
    path(f"{ROUND}swap/", views_rounds.round_swap, name="round_swap"),
    path(f"{ROUND}publish/", views_rounds.round_publish_view, name="round_publish"),
    path(f"{ROUND}discard/", views_rounds.round_discard_view, name="round_discard"),
    path(f"{CLUB}jobs/<int:job_id>/", views_rounds.job_status, name="job_status"),
    path(f"{CLUB}ratings/", views_ratings.club_ratings, name="club_ratings"),
    path(f"{CLUB}ratings/<int:player_id>/", views_ratings.player_rating, name="player_rating"),
]
