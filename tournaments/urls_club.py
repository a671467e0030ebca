"""The club's event pages (directors run events, members follow them), mounted under the club:
``/clubs/<slug>/events/…``, ``/clubs/<slug>/seasons/…``, ``/clubs/<slug>/ratings/…``."""

from __future__ import annotations

from django.urls import path

from tournaments.views import door, events, ratings, round_online, round_papers, rounds, times

CLUB = "clubs/<slug:slug>/"
EVENT = f"{CLUB}events/<int:event_id>/"
ROUND = f"{EVENT}rounds/<int:round_number>/"

urlpatterns = [
    path(f"{CLUB}events/", events.club_events, name="club_events"),
    path(f"{CLUB}events/new/", events.event_new, name="event_new"),
    path(f"{CLUB}seasons/new/", events.season_new, name="season_new"),
    path(f"{CLUB}seasons/<int:season_id>/", events.season_detail, name="season_detail"),
    path(f"{CLUB}seasons/<int:season_id>/nights/new/", events.night_new, name="night_new"),
    path(EVENT, events.event_dashboard, name="event_dashboard"),
    path(f"{EVENT}edit/", events.event_edit, name="event_edit"),
    path(f"{EVENT}door/", door.event_door, name="event_door"),
    path(f"{EVENT}late-arrival/", door.late_arrival, name="event_late_arrival"),
    path(f"{EVENT}substitute/", door.substitute, name="event_substitute"),
    path(f"{EVENT}finish/", events.event_finish_view, name="event_finish"),
    path(
        f"{EVENT}standings/recompute/",
        events.standings_recompute,
        name="event_standings_recompute",
    ),
    path(f"{EVENT}rounds/pair/", rounds.round_pair_view, name="round_pair"),
    path(f"{EVENT}rounds/add/", rounds.round_add_view, name="round_add"),
    path(ROUND, rounds.round_detail, name="round_detail"),
    path(f"{ROUND}live/", rounds.round_live_view, name="round_live"),
    path(f"{ROUND}print/", round_papers.round_print, name="round_print"),
    path(f"{ROUND}codes/", round_papers.round_codes_issue, name="round_codes_issue"),
    path(f"{ROUND}swap/", rounds.round_swap, name="round_swap"),
    path(f"{ROUND}publish/", rounds.round_publish_view, name="round_publish"),
    path(f"{ROUND}discard/", rounds.round_discard_view, name="round_discard"),
    path(
        f"{ROUND}tables/<int:table_number>/abandon/",
        round_online.round_table_abandon,
        name="round_table_abandon",
    ),
    path(f"{ROUND}tables/<int:table_number>/time/", times.match_time, name="match_time"),
    path(f"{CLUB}jobs/<int:job_id>/", rounds.job_status, name="job_status"),
    path(f"{CLUB}ratings/", ratings.club_ratings, name="club_ratings"),
    path(f"{CLUB}ratings/<int:player_id>/", ratings.player_rating, name="player_rating"),
]
