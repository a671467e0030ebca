"""The partnerships API: read (members+), create, change and delete (directors+)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club import services
from club.api import ERRORS, ClubApi
from club.api_errors import DENIED, NOT_FOUND
from club.api_query import ID_MAX
from club.models import Partnership, Player
from club.permissions import Capability
from club.selectors import club_members_by_id, club_partnership_get, club_partnerships


class PartnershipOutputSerializer(serializers.ModelSerializer[Partnership]):
    class PlayerSerializer(serializers.ModelSerializer[Player]):
        class Meta:
            model = Player
            fields = ["id", "display_name"]

    players = PlayerSerializer(many=True)

    class Meta:
        model = Partnership
        fields = ["id", "name", "players", "created"]


class PartnershipInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=120)
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
        min_length=1,
        help_text=gettext_lazy("Ids of two (or three) players, all members of the club."),
    )


def _players(view: ClubApi, request: Request, ids: list[int]) -> list[Player]:
    """The players named by ``ids``; an id that is no member of the club is refused here with
    the field named, rather than silently dropped."""
    club = view.get_club(request, **view.kwargs)
    players = club_members_by_id(club=club, player_ids=ids)
    missing = sorted(set(ids) - {p.pk for p in players})
    if missing:
        raise serializers.ValidationError(
            {
                "players": [
                    gettext("Player {i} is not a member of {club}.").format(i=i, club=club)
                    for i in missing
                ]
            }
        )
    return players


class PartnershipListApi(ClubApi):
    write_capability = Capability.DIRECT

    @extend_schema(
        responses={200: PartnershipOutputSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
        operation_id="club_partnerships_list",
    )
    def get(self, request: Request, slug: str) -> Response:
        partnerships = club_partnerships(club=self.get_club(request, slug=slug))
        return Response(PartnershipOutputSerializer(partnerships, many=True).data)

    @extend_schema(
        request=PartnershipInputSerializer,
        responses={201: PartnershipOutputSerializer, **ERRORS},
        operation_id="club_partnerships_create",
    )
    def post(self, request: Request, slug: str) -> Response:
        data = PartnershipInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        partnership = services.partnership_create(
            club=self.get_club(request, slug=slug),
            name=data.validated_data["name"],
            players=_players(self, request, data.validated_data["players"]),
        )
        return Response(
            PartnershipOutputSerializer(partnership).data, status=status.HTTP_201_CREATED
        )


class PartnershipDetailApi(ClubApi):
    write_capability = Capability.DIRECT

    @extend_schema(
        responses={200: PartnershipOutputSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_partnerships_retrieve",
    )
    def get(self, request: Request, slug: str, partnership_id: int) -> Response:
        partnership = club_partnership_get(
            club=self.get_club(request, slug=slug), partnership_id=partnership_id
        )
        return Response(PartnershipOutputSerializer(partnership).data)

    def _update(self, request: Request, partnership_id: int, *, partial: bool) -> Response:
        club = self.get_club(request, **self.kwargs)
        partnership = club_partnership_get(club=club, partnership_id=partnership_id)
        data = PartnershipInputSerializer(data=request.data, partial=partial)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        players = (
            _players(self, request, values["players"])
            if "players" in values
            else list(partnership.players.all())
        )
        partnership = services.partnership_update(
            club=club,
            partnership=partnership,
            name=values.get("name", partnership.name),
            players=players,
        )
        partnership = club_partnership_get(club=club, partnership_id=partnership.pk)
        return Response(PartnershipOutputSerializer(partnership).data)

    @extend_schema(
        request=PartnershipInputSerializer,
        responses={200: PartnershipOutputSerializer, **ERRORS},
        operation_id="club_partnerships_update",
    )
    def put(self, request: Request, slug: str, partnership_id: int) -> Response:
        return self._update(request, partnership_id, partial=False)

    @extend_schema(
        request=PartnershipInputSerializer,
        responses={200: PartnershipOutputSerializer, **ERRORS},
        operation_id="club_partnerships_partial_update",
    )
    def patch(self, request: Request, slug: str, partnership_id: int) -> Response:
        return self._update(request, partnership_id, partial=True)

    @extend_schema(responses={204: None, 403: DENIED, 404: NOT_FOUND})
    def delete(self, request: Request, slug: str, partnership_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        partnership = club_partnership_get(club=club, partnership_id=partnership_id)
        services.partnership_delete(club=club, partnership=partnership)
        return Response(status=status.HTTP_204_NO_CONTENT)
