"""API URLs of events, mounted under /api/ next to the club's."""

from __future__ import annotations

from django.urls import path

from tournaments import api, api_entrants, api_rounds, api_times

CLUB = "clubs/<slug:slug>/"
SEASON = f"{CLUB}seasons/<int:season_id>/"
EVENT = f"{CLUB}events/<int:event_id>/"
ROUND = f"{EVENT}rounds/<int:round_number>/"

urlpatterns = [
    path(f"{CLUB}seasons/", api.SeasonListApi.as_view(), name="api_season_list"),
    path(SEASON, api.SeasonDetailApi.as_view(), name="api_season_detail"),
    path(f"{SEASON}standings/", api.SeasonStandingsApi.as_view(), name="api_season_standings"),
    path(f"{CLUB}events/", api.EventListApi.as_view(), name="api_event_list"),
    path(EVENT, api.EventDetailApi.as_view(), name="api_event_detail"),
    path(f"{EVENT}finish/", api.EventFinishApi.as_view(), name="api_event_finish"),
    path(f"{EVENT}entrants/", api_entrants.EntrantListApi.as_view(), name="api_entrant_list"),
    path(
        f"{EVENT}entrants/<int:entrant_id>/",
        api_entrants.EntrantDetailApi.as_view(),
        name="api_entrant_detail",
    ),
    path(f"{EVENT}standings/", api.EventStandingsApi.as_view(), name="api_event_standings"),
    path(f"{EVENT}rounds/", api_rounds.RoundListApi.as_view(), name="api_round_list"),
    path(ROUND, api_rounds.RoundDetailApi.as_view(), name="api_round_detail"),
    path(f"{ROUND}publish/", api_rounds.RoundPublishApi.as_view(), name="api_round_publish"),
    path(f"{ROUND}swap/", api_rounds.RoundSwapApi.as_view(), name="api_round_swap"),
    path(f"{CLUB}jobs/<int:job_id>/", api.JobDetailApi.as_view(), name="api_job_detail"),
    path(f"{ROUND}times/", api_times.RoundTimesApi.as_view(), name="api_round_times"),
    path(
        f"{ROUND}tables/<int:table_number>/times/",
        api_times.MatchTimeProposeApi.as_view(),
        name="api_match_time_propose",
    ),
    path(
        f"{ROUND}tables/<int:table_number>/time/",
        api_times.MatchTimeSetApi.as_view(),
        name="api_match_time_set",
    ),
    path(
        f"{ROUND}times/<int:time_id>/accept/",
        api_times.MatchTimeAcceptApi.as_view(),
        name="api_match_time_accept",
    ),
    path(
        f"{ROUND}times/<int:time_id>/decline/",
        api_times.MatchTimeDeclineApi.as_view(),
        name="api_match_time_decline",
    ),
    path(
        f"{ROUND}times/<int:time_id>/withdraw/",
        api_times.MatchTimeWithdrawApi.as_view(),
        name="api_match_time_withdraw",
    ),
]
