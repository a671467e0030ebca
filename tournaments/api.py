"""The events API: seasons, events, standings and background jobs.

Entrants (check-in) are in ``tournaments.api_entrants``, rounds (pair, publish, swap) in
``tournaments.api_rounds``. Everything is reached through
``/api/clubs/<slug>/…`` with the pages' capabilities: members read, directors write. Work that
runs in the background (pairing, standings) answers 202 with the job; follow it at
``/api/clubs/<slug>/jobs/<id>/``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club.acting import acting_user
from club.api import ClubApi
from club.api_errors import DENIED, NOT_FOUND
from club.api_query import COUNT_MAX, ID_MAX, SMALL_MAX, optional_id
from club.models import Player, RuleSet
from club.permissions import Capability
from tournaments import selectors
from tournaments.api_serializers import (
    CONFLICT,
    EMPTY_STANDINGS,
    REFUSED,
    EventOutputSerializer,
    JobOutputSerializer,
    SeasonOutputSerializer,
    StandingsOutputSerializer,
)
from tournaments.errors import TournamentError
from tournaments.formats import metric_choices
from tournaments.models import (
    ByeScoring,
    Event,
    EventFormat,
    JobKind,
    NoShowRule,
    PlaysAt,
    Season,
)
from tournaments.services.events import (
    OnlinePlay,
    event_create,
    event_finish,
    event_update,
    season_create,
)
from tournaments.services.jobs import job_enqueue, job_refresh

NOT_IN_CLUB = gettext_lazy("There is no {what} {id} in this club.")
ERRORS = {403: DENIED, 404: NOT_FOUND}


class EventsApi(ClubApi):
    """Base of the events API: members read, directors write."""

    read_capability = Capability.VIEW
    write_capability = Capability.DIRECT

    def get_event(self, request: Request, **kwargs: Any) -> Event:
        return selectors.event_get(
            club=self.get_club(request, **kwargs), event_id=kwargs["event_id"]
        )

    def get_season(self, request: Request, **kwargs: Any) -> Season:
        return selectors.season_get(
            club=self.get_club(request, **kwargs), season_id=kwargs["season_id"]
        )

    def club_object(self, model: type[Any], pk: int | None, what: str) -> Any:
        """A row of the club (``None`` stays ``None``); a refusal naming it otherwise."""
        if pk is None:
            return None
        club = self.get_club(self.request, **self.kwargs)
        filters = {"club": club} if model is not Player else {"memberships__club": club}
        found = model.objects.filter(pk=pk, **filters).first()
        if found is None:
            raise TournamentError("not_in_club", NOT_IN_CLUB.format(what=what, id=pk), what)
        return found


TIEBREAKS_HELP = "Metric keys in order: " + ", ".join(key for key, _ in metric_choices())
BYE_SCORES_HELP = (
    "What a bye scores in the standings: 'nothing' (not a game played), 'win' (a game won, the "
    "game's target to none) or 'average' (the entrant's average of its other games: points "
    "for, against and share of games won)."
)
PLAYS_AT_HELP = (
    "Where the rounds are played: 'hall' (each table scores its sheet, on paper or a phone), "
    "'online' (publishing a round sets a live table for each match, which writes its sheet) "
    "or 'by_round' (the director chooses the tables played online when publishing each round)."
)
TURN_HELP = "Online: the seconds a turn may take before the computer plays it; 0: no clock."
GRACE_HELP = "Online: the seconds a player may be away before the computer takes the seat."
NO_SHOW_HELP = (
    "Online: what happens to a seat still empty after the grace time: 'computer' (a computer "
    "plays it and the result counts), 'forfeit' (the absent side loses after forfeit_minutes) "
    "or 'director' (the table is flagged for the director)."
)
FORFEIT_HELP = (
    "Online, under the forfeit rule: minutes after the table opens; at least 1 (code "
    "'forfeit_needs_minutes')."
)
PAIRS_ITSELF_HELP = (
    "Once the last match of a round is confirmed, the next round is paired as a draft by the "
    "same job as the director's (while rounds are planned, and a knockout is not over)."
)
PUBLISHES_ITSELF_HELP = (
    "A round the event paired itself is published at once (an online round with a window gets "
    "one of the last round's length, opening now). Needs pairs_itself (code "
    "'publish_needs_pairing')."
)


def online_settings(required: bool) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
    """The online and next-round fields of an event's input (``required``: with defaults, for
    a new event; else optional, for a change)."""

    def defaults(value: object) -> dict[str, Any]:
        return {"required": False, "default": value} if required else {"required": False}

    usual = OnlinePlay()
    return {
        "plays_at": serializers.ChoiceField(
            choices=PlaysAt.choices, help_text=PLAYS_AT_HELP, **defaults(usual.plays_at)
        ),
        "turn_seconds": serializers.IntegerField(
            min_value=0, max_value=3600, help_text=TURN_HELP, **defaults(usual.turn_seconds)
        ),
        "grace_seconds": serializers.IntegerField(
            min_value=0, max_value=86400, help_text=GRACE_HELP, **defaults(usual.grace_seconds)
        ),
        "no_show": serializers.ChoiceField(
            choices=NoShowRule.choices, help_text=NO_SHOW_HELP, **defaults(usual.no_show)
        ),
        "forfeit_minutes": serializers.IntegerField(
            min_value=0, max_value=1440, help_text=FORFEIT_HELP, **defaults(usual.forfeit_minutes)
        ),
        "pairs_itself": serializers.BooleanField(
            help_text=PAIRS_ITSELF_HELP, **defaults(usual.pairs_itself)
        ),
        "publishes_itself": serializers.BooleanField(
            help_text=PUBLISHES_ITSELF_HELP, **defaults(usual.publishes_itself)
        ),
    }


def online_play(values: dict[str, Any], event: Event | None = None) -> OnlinePlay:
    """The online settings posted, the rest as ``event`` has them (or the usual ones)."""
    current = OnlinePlay() if event is None else OnlinePlay.of(event)
    kept = {f.name: values.get(f.name, getattr(current, f.name)) for f in fields(OnlinePlay)}
    return OnlinePlay(**kept)


class SeasonListApi(EventsApi):
    """The club's league seasons (members) and starting one (directors)."""

    class InputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=120)
        format = serializers.ChoiceField(choices=EventFormat.choices)
        rule_set = serializers.IntegerField(
            min_value=1, max_value=ID_MAX, required=False, allow_null=True, default=None
        )
        best_of = serializers.IntegerField(
            min_value=0, max_value=SMALL_MAX, required=False, allow_null=True, default=None
        )
        tiebreaks = serializers.ListField(
            child=serializers.CharField(), required=False, default=list, help_text=TIEBREAKS_HELP
        )

    @extend_schema(responses={200: SeasonOutputSerializer(many=True), **ERRORS})
    def get(self, request: Request, slug: str) -> Response:
        seasons = selectors.club_seasons(club=self.get_club(request, slug=slug))
        return Response(SeasonOutputSerializer(seasons, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: SeasonOutputSerializer, 400: REFUSED, **ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        season = season_create(
            club=self.get_club(request, slug=slug),
            name=values["name"],
            format=values["format"],
            rule_set=self.club_object(RuleSet, values["rule_set"], "rule_set"),
            best_of=values["best_of"],
            tiebreaks=values["tiebreaks"],
        )
        return Response(SeasonOutputSerializer(season).data, status=status.HTTP_201_CREATED)


class SeasonDetailApi(EventsApi):
    @extend_schema(responses={200: SeasonOutputSerializer, **ERRORS})
    def get(self, request: Request, slug: str, season_id: int) -> Response:
        season = self.get_season(request, slug=slug, season_id=season_id)
        return Response(SeasonOutputSerializer(season).data)


class SeasonStandingsApi(EventsApi):
    """The season's standings as last computed (rows keyed by partnership or player id)."""

    @extend_schema(responses={200: StandingsOutputSerializer, **ERRORS})
    def get(self, request: Request, slug: str, season_id: int) -> Response:
        season = self.get_season(request, slug=slug, season_id=season_id)
        snapshot = selectors.standings_of(season=season)
        return Response(StandingsOutputSerializer(snapshot or EMPTY_STANDINGS).data)


class OnlineSettingsInput(serializers.Serializer[Any]):
    """An event's input with its online and next-round settings (``online_settings``)."""

    settings_required = True

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        return {**super().get_fields(), **online_settings(self.settings_required)}


class EventListApi(EventsApi):
    """The club's events (members) and making one (directors)."""

    class InputSerializer(OnlineSettingsInput):
        name = serializers.CharField(max_length=120)
        date = serializers.DateField()
        format = serializers.ChoiceField(choices=EventFormat.choices)
        rule_set = optional_id("A rule set of the club.")
        game = serializers.CharField(
            required=False, default="", allow_blank=True, help_text="Without rules: a game id."
        )
        season = optional_id("Makes it a league night.")
        rounds_planned = serializers.IntegerField(
            min_value=0, max_value=SMALL_MAX, required=False, allow_null=True, default=None
        )
        tiebreaks = serializers.ListField(
            child=serializers.CharField(), required=False, default=list, help_text=TIEBREAKS_HELP
        )
        points_cap = serializers.IntegerField(
            min_value=0, max_value=COUNT_MAX, required=False, allow_null=True, default=None
        )
        third_place = serializers.BooleanField(required=False, default=False)
        bye_scores = serializers.ChoiceField(
            choices=ByeScoring.choices,
            required=False,
            default=ByeScoring.NOTHING,
            help_text=BYE_SCORES_HELP,
        )

    @extend_schema(responses={200: EventOutputSerializer(many=True), **ERRORS})
    def get(self, request: Request, slug: str) -> Response:
        events = selectors.club_events(club=self.get_club(request, slug=slug))
        return Response(EventOutputSerializer(events, many=True).data)

    @extend_schema(
        request=InputSerializer, responses={201: EventOutputSerializer, 400: REFUSED, **ERRORS}
    )
    def post(self, request: Request, slug: str) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        event = event_create(
            club=self.get_club(request, slug=slug),
            name=values["name"],
            date=values["date"],
            format=values["format"],
            rule_set=self.club_object(RuleSet, values["rule_set"], "rule_set"),
            game_id=values["game"],
            season=self.club_object(Season, values["season"], "season"),
            rounds_planned=values["rounds_planned"],
            tiebreaks=values["tiebreaks"],
            points_cap=values["points_cap"],
            third_place=values["third_place"],
            bye_scores=values["bye_scores"],
            online=online_play(values),
            by=acting_user(request),
        )
        return Response(EventOutputSerializer(event).data, status=status.HTTP_201_CREATED)


class EventDetailApi(EventsApi):
    """One event (members); changing it (directors: PATCH what changes, the rest stays)."""

    class UpdateSerializer(OnlineSettingsInput):
        settings_required = False

        name = serializers.CharField(max_length=120, required=False)
        date = serializers.DateField(required=False)
        format = serializers.ChoiceField(
            choices=EventFormat.choices, required=False, help_text="Only before round 1."
        )
        rule_set = serializers.IntegerField(
            min_value=1, max_value=ID_MAX, required=False, help_text="Only before round 1."
        )
        rounds_planned = serializers.IntegerField(
            min_value=0, max_value=SMALL_MAX, required=False, allow_null=True
        )
        tiebreaks = serializers.ListField(
            child=serializers.CharField(), required=False, help_text=TIEBREAKS_HELP
        )
        points_cap = serializers.IntegerField(
            min_value=0, max_value=COUNT_MAX, required=False, allow_null=True
        )
        third_place = serializers.BooleanField(required=False)
        bye_scores = serializers.ChoiceField(
            choices=ByeScoring.choices, required=False, help_text=BYE_SCORES_HELP
        )

    @extend_schema(responses={200: EventOutputSerializer, **ERRORS})
    def get(self, request: Request, slug: str, event_id: int) -> Response:
        event = self.get_event(request, slug=slug, event_id=event_id)
        return Response(EventOutputSerializer(event).data)

    @extend_schema(
        request=UpdateSerializer,
        responses={200: EventOutputSerializer, 400: REFUSED, 409: CONFLICT, **ERRORS},
    )
    def patch(self, request: Request, slug: str, event_id: int) -> Response:
        event = self.get_event(request, slug=slug, event_id=event_id)
        data = self.UpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        rule_set = (
            self.club_object(RuleSet, values["rule_set"], "rule_set")
            if "rule_set" in values
            else event.rule_set
        )
        event = event_update(
            event=event,
            name=values.get("name", event.name),
            date=values.get("date", event.date),
            format=values.get("format", event.format),
            rule_set=rule_set,
            rounds_planned=values.get("rounds_planned", event.rounds_planned),
            tiebreaks=values.get("tiebreaks", event.tiebreaks),
            points_cap=values.get("points_cap", event.points_cap),
            third_place=values.get("third_place", event.third_place),
            bye_scores=values.get("bye_scores", event.bye_scores),
            online=online_play(values, event),
            by=acting_user(request),
        )
        return Response(EventOutputSerializer(event).data)


class EventFinishApi(EventsApi):
    """Close the event: no more rounds; the standings are computed once more."""

    @extend_schema(request=None, responses={200: EventOutputSerializer, 409: CONFLICT, **ERRORS})
    def post(self, request: Request, slug: str, event_id: int) -> Response:
        event = self.get_event(request, slug=slug, event_id=event_id)
        event = event_finish(event=event, by=acting_user(request))
        return Response(EventOutputSerializer(event).data)


class EventStandingsApi(EventsApi):
    """The event's standings as last computed; POST computes them again (a job)."""

    @extend_schema(responses={200: StandingsOutputSerializer, **ERRORS})
    def get(self, request: Request, slug: str, event_id: int) -> Response:
        event = self.get_event(request, slug=slug, event_id=event_id)
        snapshot = selectors.standings_of(event=event)
        return Response(StandingsOutputSerializer(snapshot or EMPTY_STANDINGS).data)

    @extend_schema(request=None, responses={202: JobOutputSerializer, **ERRORS})
    def post(self, request: Request, slug: str, event_id: int) -> Response:
        event = self.get_event(request, slug=slug, event_id=event_id)
        job = job_enqueue(
            club=event.club,
            kind=JobKind.STANDINGS,
            event=event,
            by=acting_user(request),
        )
        job.refresh_from_db()
        return Response(JobOutputSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class JobDetailApi(EventsApi):
    """How a background job is going: queued, running, done or failed, with its message."""

    @extend_schema(responses={200: JobOutputSerializer, **ERRORS})
    def get(self, request: Request, slug: str, job_id: int) -> Response:
        job = selectors.job_get(club=self.get_club(request, slug=slug), job_id=job_id)
        return Response(JobOutputSerializer(job_refresh(job=job)).data)
