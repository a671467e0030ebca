"""The entrants API: who plays in an event; entering, ticking in and out."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club.api_query import SMALL_MAX, optional_id
from club.models import Partnership, Player
from tournaments import selectors
from tournaments.api import ERRORS, EventsApi
from tournaments.api_serializers import CONFLICT, REFUSED, EntrantOutputSerializer
from tournaments.models import Entrant
from tournaments.services import entrants as entrant_services


class EntrantListApi(EventsApi):
    """Who plays (members); entering and checking in a partnership or player (directors)."""

    class InputSerializer(serializers.Serializer[Any]):
        partnership = optional_id("Partnership formats.")
        player = optional_id("Progressive, cut-throat.")
        seed = serializers.IntegerField(
            min_value=0, max_value=SMALL_MAX, required=False, allow_null=True, default=None
        )
        checked_in = serializers.BooleanField(required=False, default=True)

    @extend_schema(responses={200: EntrantOutputSerializer(many=True), **ERRORS})
    def get(self, request: Request, slug: str, event_id: int) -> Response:
        event = self.get_event(request, slug=slug, event_id=event_id)
        return Response(
            EntrantOutputSerializer(selectors.event_entrants(event=event), many=True).data
        )

    @extend_schema(
        request=InputSerializer,
        responses={201: EntrantOutputSerializer, 400: REFUSED, 409: CONFLICT, **ERRORS},
    )
    def post(self, request: Request, slug: str, event_id: int) -> Response:
        event = self.get_event(request, slug=slug, event_id=event_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        entrant = entrant_services.entrant_add(
            event=event,
            partnership=self.club_object(Partnership, values["partnership"], "partnership"),
            player=self.club_object(Player, values["player"], "player"),
            seed=values["seed"],
            checked_in=values["checked_in"],
        )
        return Response(EntrantOutputSerializer(entrant).data, status=status.HTTP_201_CREATED)


class EntrantDetailApi(EventsApi):
    """One entrant; PATCH ``checked_in`` to tick them in or out (out after playing: they
    left early and keep their games)."""

    class InputSerializer(serializers.Serializer[Any]):
        checked_in = serializers.BooleanField()

    def get_entrant(self, request: Request, **kwargs: Any) -> Entrant:
        event = self.get_event(request, **kwargs)
        entrant = selectors.event_entrants(event=event).filter(pk=kwargs["entrant_id"]).first()
        if entrant is None:
            raise Http404
        return entrant

    @extend_schema(responses={200: EntrantOutputSerializer, **ERRORS})
    def get(self, request: Request, slug: str, event_id: int, entrant_id: int) -> Response:
        entrant = self.get_entrant(request, slug=slug, event_id=event_id, entrant_id=entrant_id)
        return Response(EntrantOutputSerializer(entrant).data)

    @extend_schema(
        request=InputSerializer,
        responses={200: EntrantOutputSerializer, 400: REFUSED, 409: CONFLICT, **ERRORS},
    )
    def patch(self, request: Request, slug: str, event_id: int, entrant_id: int) -> Response:
        entrant = self.get_entrant(request, slug=slug, event_id=event_id, entrant_id=entrant_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if data.validated_data["checked_in"]:
            entrant = entrant_services.entrant_check_in(entrant=entrant)
        else:
            entrant = entrant_services.entrant_check_out(entrant=entrant)
        return Response(EntrantOutputSerializer(entrant).data)
