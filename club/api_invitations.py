"""The invitations API (directors and club admins): invite a member by email to claim their
player, list and read the club's invitations, withdraw one. The link itself goes only to the
email address; the person follows it on the site (``club.views.invitations``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club import invitations
from club.acting import acting_user
from club.api import ERRORS, ClubApi
from club.api_errors import CONFLICT, DENIED, NOT_FOUND, error
from club.api_query import ID_MAX
from club.invitations import InvitationError
from club.models import INVITATION_STATUSES, Invitation
from club.permissions import Capability
from club.selectors import club_invitation_get, club_invitations, club_player_in

UNKNOWN_PLAYER = gettext_lazy("There is no player {id} in {club}.")
THROTTLED = error(
    "Too many invitations sent within the hour (code 'invitations_throttled'), or too many "
    "requests (code 'throttled'): wait the seconds the Retry-After header gives, if any."
)


class InvitationOutputSerializer(serializers.ModelSerializer[Invitation]):
    status = serializers.ChoiceField(
        choices=INVITATION_STATUSES,
        help_text="waiting: the link works; accepted, withdrawn or expired: it does not.",
    )
    created_by = serializers.SerializerMethodField(help_text="Who sent it (their username).")

    class Meta:
        model = Invitation
        fields = [
            "id",
            "player",
            "email",
            "status",
            "created",
            "created_by",
            "expires_at",
            "accepted_at",
            "revoked_at",
        ]

    def get_created_by(self, invitation: Invitation) -> str | None:
        return invitation.created_by.get_username() if invitation.created_by else None


class InvitationListApi(ClubApi):
    """The club's invitations, newest first; invite a member by email."""

    read_capability = Capability.DIRECT
    write_capability = Capability.DIRECT

    class FilterSerializer(serializers.Serializer[Any]):
        player = serializers.IntegerField(
            required=False, min_value=1, max_value=ID_MAX, help_text="Only this player's."
        )

    class InputSerializer(serializers.Serializer[Any]):
        player = serializers.IntegerField(
            min_value=1, max_value=ID_MAX, help_text="A member of the club without an account."
        )
        email = serializers.EmailField(help_text="Where the link goes; it works once, for a week.")

    @extend_schema(
        parameters=[FilterSerializer],
        responses={200: InvitationOutputSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
        operation_id="club_invitations_list",
    )
    def get(self, request: Request, slug: str) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        found = club_invitations(
            club=self.get_club(request, slug=slug), player_id=filters.validated_data.get("player")
        )
        return Response(InvitationOutputSerializer(found, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: InvitationOutputSerializer, **ERRORS, 429: THROTTLED},
        operation_id="club_invitations_create",
        description="Codes: unknown_player (not a member), player_has_account, "
        "role_above_sender (403: the player's role is above yours; a club admin invites "
        "them), invitations_throttled (429).",
    )
    def post(self, request: Request, slug: str) -> Response:
        club = self.get_club(request, slug=slug)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player_id = data.validated_data["player"]
        player = club_player_in(club=club, player_id=player_id)
        if player is None:
            message = UNKNOWN_PLAYER.format(id=player_id, club=club)
            raise InvitationError("unknown_player", message, "player")
        invitation, _link = invitations.invitation_send(
            club=club, player=player, email=data.validated_data["email"], by=acting_user(request)
        )
        return Response(InvitationOutputSerializer(invitation).data, status=status.HTTP_201_CREATED)


class InvitationDetailApi(ClubApi):
    """One invitation of the club; DELETE withdraws it (its link stops working; the record
    stays, ``status`` then says ``withdrawn``)."""

    read_capability = Capability.DIRECT
    write_capability = Capability.DIRECT

    @extend_schema(
        responses={200: InvitationOutputSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_invitations_retrieve",
    )
    def get(self, request: Request, slug: str, invitation_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        invitation = club_invitation_get(club=club, invitation_id=invitation_id)
        return Response(InvitationOutputSerializer(invitation).data)

    @extend_schema(
        responses={
            204: None,
            403: DENIED,
            404: NOT_FOUND,
            409: CONFLICT,
        },
        operation_id="club_invitations_destroy",
        description="Code invitation_used (409): an accepted invitation cannot be withdrawn.",
    )
    def delete(self, request: Request, slug: str, invitation_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        invitation = club_invitation_get(club=club, invitation_id=invitation_id)
        invitations.invitation_revoke(club=club, invitation=invitation)
        return Response(status=status.HTTP_204_NO_CONTENT)
