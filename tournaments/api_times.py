"""The API of online matches' times: a round's matches with their times and proposals; a
player proposes, accepts, declines or withdraws; a director sets a match's time. The same
services and refusals as the match's time page."""

from __future__ import annotations

from typing import Any, cast

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club.acting import acting_user
from club.models import Player
from club.permissions import Capability
from tournaments.api import ERRORS
from tournaments.api_rounds import RoundsApi
from tournaments.api_serializers import CONFLICT, REFUSED
from tournaments.errors import TournamentError
from tournaments.models import Match, MatchTime, Round
from tournaments.services.times import (
    NOT_IN_MATCH,
    match_time_accept,
    match_time_decline,
    match_time_propose,
    match_time_set,
    match_time_withdraw,
)


class MatchTimeOutputSerializer(serializers.ModelSerializer[MatchTime]):
    proposed_by_name = serializers.CharField(
        source="proposed_by.display_name", default=None, read_only=True
    )

    class Meta:
        model = MatchTime
        fields = [
            "id",
            "at",
            "status",
            "proposed_by",
            "proposed_by_name",
            "answered_by",
            "answered_at",
            "created",
        ]


class MatchTimesOutputSerializer(serializers.ModelSerializer[Match]):
    table = serializers.IntegerField(source="table.number", help_text="The table's number.")
    proposals = MatchTimeOutputSerializer(
        source="times", many=True, help_text="Every time proposed or set, oldest first."
    )

    class Meta:
        model = Match
        fields = ["table", "starts_at", "time_source", "proposals"]


class AtInputSerializer(serializers.Serializer[Any]):
    at = serializers.DateTimeField(help_text="ISO 8601; without an offset, the club's time zone.")


class TimesApi(RoundsApi):
    """Members read; a player of the match writes its proposals (the services check who)."""

    write_capability = Capability.VIEW

    def get_match(self, request: Request, table_number: int, **kwargs: Any) -> Match:
        round_: Round = self.get_round(request, **kwargs)
        return get_object_or_404(
            Match.objects.select_related("round", "table"),
            round=round_,
            table__number=table_number,
            online=True,
        )

    def get_time(self, request: Request, time_id: int, **kwargs: Any) -> MatchTime:
        round_: Round = self.get_round(request, **kwargs)
        return get_object_or_404(MatchTime, pk=time_id, match__round=round_)

    def player(self, request: Request) -> Player:
        player = Player.objects.filter(user_id=cast(int, request.user.pk)).first()
        if player is None:
            raise TournamentError("not_in_match", NOT_IN_MATCH)
        return player


class RoundTimesApi(TimesApi):
    """Each online match of the round: its table, time, where it came from, its proposals."""

    @extend_schema(responses={200: MatchTimesOutputSerializer(many=True), **ERRORS})
    def get(self, request: Request, slug: str, event_id: int, round_number: int) -> Response:
        round_ = self.get_round(request, slug=slug, event_id=event_id, round_number=round_number)
        matches = (
            Match.objects.filter(round=round_, online=True)
            .select_related("table")
            .prefetch_related("times__proposed_by")
            .order_by("table__number")
        )
        return Response(MatchTimesOutputSerializer(matches, many=True).data)


class MatchTimeProposeApi(TimesApi):
    """A player of the match proposes a time; the other side answers it."""

    @extend_schema(
        request=AtInputSerializer,
        responses={201: MatchTimeOutputSerializer, 400: REFUSED, 409: CONFLICT, **ERRORS},
    )
    def post(self, request: Request, **kwargs: Any) -> Response:
        match = self.get_match(request, **kwargs)
        data = AtInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        record = match_time_propose(
            match=match, player=self.player(request), at=data.validated_data["at"]
        )
        return Response(MatchTimeOutputSerializer(record).data, status=status.HTTP_201_CREATED)


class MatchTimeAnswerApi(TimesApi):
    """A player answers a proposal: accept or decline (the other side), withdraw (its own)."""

    answer: Any = None

    @extend_schema(
        request=None,
        responses={200: MatchTimeOutputSerializer, 400: REFUSED, 409: CONFLICT, **ERRORS},
    )
    def post(self, request: Request, **kwargs: Any) -> Response:
        proposal = self.get_time(request, **kwargs)
        answer = type(self).answer
        record = answer(proposal=proposal, player=self.player(request))
        return Response(MatchTimeOutputSerializer(record).data)


class MatchTimeAcceptApi(MatchTimeAnswerApi):
    answer = match_time_accept


class MatchTimeDeclineApi(MatchTimeAnswerApi):
    answer = match_time_decline


class MatchTimeWithdrawApi(MatchTimeAnswerApi):
    answer = match_time_withdraw


class MatchTimeSetApi(TimesApi):
    """A director sets or moves the match's time."""

    write_capability = Capability.DIRECT

    @extend_schema(
        request=AtInputSerializer,
        responses={201: MatchTimeOutputSerializer, 400: REFUSED, 409: CONFLICT, **ERRORS},
    )
    def post(self, request: Request, **kwargs: Any) -> Response:
        match = self.get_match(request, **kwargs)
        data = AtInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        record = match_time_set(match=match, at=data.validated_data["at"], by=acting_user(request))
        return Response(MatchTimeOutputSerializer(record).data, status=status.HTTP_201_CREATED)
