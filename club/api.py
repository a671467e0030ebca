"""The clubs API: clubs, players, memberships and the players CSV import.

One view per address, one method per operation, each with its serializers nested inside.
Club data is reached through ``/api/clubs/<slug>/…`` and guarded by ``HasClubCapability``
with the same capabilities as the pages. Partnerships and rule sets are in
``club.api_partnerships`` and ``club.api_rule_sets``.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from club import services
from club.api_errors import BAD_REQUEST, DENIED, NOT_FOUND, ErrorSerializer, error_body
from club.api_query import ID_MAX, query_choice
from club.imports import PlayersImportError, players_import
from club.models import Club, Membership, Player
from club.permissions import (
    Capability,
    HasClubCapability,
    club_for_viewer,
    denied_message,
    has_capability,
)
from club.selectors import (
    club_get,
    club_list,
    club_member_get,
    club_membership_get,
    club_memberships,
    club_player_to_add,
)

ERRORS = {400: BAD_REQUEST, 403: DENIED, 404: NOT_FOUND}
# The same words whether the id was never used or names a player of other clubs only.
UNKNOWN_PLAYER = gettext_lazy(
    "There is no player {id} that this club can add. Someone who plays in "
    "another club joins by accepting this club's invitation."
)


class ClubApi(APIView):
    """Base of every API view inside a club: the club comes from the ``slug`` in the URL."""

    permission_classes = [HasClubCapability]
    read_capability = Capability.VIEW
    write_capability = Capability.ADMIN

    def get_club(self, request: Request, **kwargs: Any) -> Club:
        club: Club | None = getattr(self, "_club", None)
        if club is None:
            club = club_for_viewer(kwargs["slug"], request.user)
            self._club = club
        return club

    def require(self, request: Request, capability: Capability) -> None:
        """Refuse (403) a part of a request that needs more than the view's capability."""
        club = self.get_club(request, **self.kwargs)
        if not has_capability(request.user, club, capability):
            raise PermissionDenied(denied_message(club, capability))


# --- Clubs ------------------------------------------------------------------------------------


class ClubOutputSerializer(serializers.ModelSerializer[Club]):
    class Meta:
        model = Club
        fields = ["slug", "name", "description", "member_count", "created"]


class ClubListApi(APIView):
    """The clubs on this site (public)."""

    public = True

    @extend_schema(responses=ClubOutputSerializer(many=True), operation_id="clubs_list")
    def get(self, request: Request) -> Response:
        return Response(ClubOutputSerializer(club_list(), many=True).data)


class ClubDetailApi(APIView):
    """One club's public facts."""

    public = True

    @extend_schema(
        responses={200: ClubOutputSerializer, 404: NOT_FOUND}, operation_id="clubs_retrieve"
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(ClubOutputSerializer(club_get(slug=slug)).data)


# --- Players ----------------------------------------------------------------------------------


class MemberOutputSerializer(serializers.Serializer[Any]):
    """A member as the API shows them. ``email`` and ``username`` are shown to directors and
    admins only (empty for others)."""

    id = serializers.IntegerField(source="player.id")
    display_name = serializers.CharField(source="player.display_name")
    email = serializers.CharField(source="player.email")
    username = serializers.SerializerMethodField()
    role = serializers.ChoiceField(choices=Membership.Role.choices)
    membership_id = serializers.IntegerField(source="id")

    def get_username(self, membership: Membership) -> str:
        user = membership.player.user
        return user.get_username() if user else ""

    def to_representation(self, instance: Membership) -> dict[str, Any]:
        data: dict[str, Any] = super().to_representation(instance)
        if not self.context.get("private"):
            data["email"] = ""
            data["username"] = ""
        return data


def _member_context(view: ClubApi, request: Request) -> dict[str, Any]:
    club = view.get_club(request, **view.kwargs)
    return {"private": has_capability(request.user, club, Capability.DIRECT)}


class PlayerListApi(ClubApi):
    """The club's players: list with search (members+), add one (directors+)."""

    write_capability = Capability.DIRECT

    class FilterSerializer(serializers.Serializer[Any]):
        search = serializers.CharField(required=False, default="", allow_blank=True)
        role = serializers.ChoiceField(
            choices=Membership.Role.choices, required=False, allow_blank=True, default=""
        )

    class InputSerializer(serializers.Serializer[Any]):
        display_name = serializers.CharField(max_length=80)
        email = serializers.EmailField(required=False, default="", allow_blank=True)
        username = serializers.CharField(
            required=False,
            default="",
            allow_blank=True,
            help_text="A site account to link (club admins only). An account whose player "
            "plays in another club is refused (player_in_other_club): joining a second club "
            "takes the person's consent.",
        )
        role = serializers.ChoiceField(
            choices=Membership.Role.choices,
            required=False,
            default=Membership.Role.PLAYER,
            help_text="Role in this club; other than 'player' needs a club admin.",
        )

    @extend_schema(
        parameters=[FilterSerializer],
        responses={200: MemberOutputSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
        operation_id="club_players_list",
    )
    def get(self, request: Request, slug: str) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        memberships = club_memberships(
            club=self.get_club(request, slug=slug),
            role=filters.validated_data["role"] or None,
            search=filters.validated_data["search"],
        )
        context = _member_context(self, request)
        return Response(MemberOutputSerializer(memberships, many=True, context=context).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: MemberOutputSerializer, **ERRORS},
        operation_id="club_players_create",
    )
    def post(self, request: Request, slug: str) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if values["username"] or values["role"] != Membership.Role.PLAYER:
            self.require(request, Capability.ADMIN)
        membership = services.member_add(club=self.get_club(request, slug=slug), **values)
        context = _member_context(self, request)
        return Response(
            MemberOutputSerializer(membership, context=context).data,
            status=status.HTTP_201_CREATED,
        )


class PlayerDetailApi(ClubApi):
    """One member of the club: read (members+), change name, email, account (directors+;
    the account needs a club admin). A member who also plays in another club keeps the name,
    email and account they have: changing them is refused (``shared_player``)."""

    write_capability = Capability.DIRECT

    class InputSerializer(serializers.Serializer[Any]):
        display_name = serializers.CharField(max_length=80, required=False)
        email = serializers.EmailField(required=False, allow_blank=True)
        username = serializers.CharField(
            required=False,
            allow_blank=True,
            help_text="Link a site account (club admins only); empty unlinks it.",
        )

    @extend_schema(
        responses={200: MemberOutputSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_players_retrieve",
    )
    def get(self, request: Request, slug: str, player_id: int) -> Response:
        membership = club_member_get(club=self.get_club(request, slug=slug), player_id=player_id)
        context = _member_context(self, request)
        return Response(MemberOutputSerializer(membership, context=context).data)

    @extend_schema(
        request=InputSerializer,
        responses={200: MemberOutputSerializer, **ERRORS},
        operation_id="club_players_partial_update",
    )
    def patch(self, request: Request, slug: str, player_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        membership = club_member_get(club=club, player_id=player_id)
        data = self.InputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if "username" in values:
            self.require(request, Capability.ADMIN)
        player: Player = membership.player
        services.player_update(
            club=club,
            player=player,
            display_name=values.get("display_name", player.display_name),
            email=values.get("email", player.email),
            username=values.get("username"),
        )
        membership = club_member_get(club=club, player_id=player_id)
        context = _member_context(self, request)
        return Response(MemberOutputSerializer(membership, context=context).data)


class PlayersImportApi(ClubApi):
    """Import players from a CSV file (club admins): every row, or none."""

    write_capability = Capability.ADMIN
    parser_classes = [MultiPartParser]

    class InputSerializer(serializers.Serializer[Any]):
        file = serializers.FileField(
            help_text="CSV, UTF-8. First row: column names name, email (optional), "
            "role (optional). Row numbers in errors count the header as row 1."
        )

    class RowErrorSerializer(serializers.Serializer[Any]):
        row = serializers.IntegerField(help_text="1 is the header row; 0 is the whole file.")
        column = serializers.CharField(help_text="name, email, role, or empty for the row.")
        message = serializers.CharField()

    class RefusalSerializer(ErrorSerializer):
        rows = serializers.ListField(
            child=serializers.DictField(),
            help_text='Every problem of the file: [{"row", "column", "message"}].',
        )

    class OutputSerializer(serializers.Serializer[Any]):
        imported = serializers.IntegerField()
        players = MemberOutputSerializer(many=True)

    @extend_schema(
        request={"multipart/form-data": InputSerializer},
        responses={
            201: OutputSerializer,
            400: OpenApiResponse(
                response=RefusalSerializer,
                description="Nothing was imported (code 'bad_rows'): the first problem, and "
                'every one under "rows": [{"row", "column", "message"}].',
            ),
            403: DENIED,
            404: NOT_FOUND,
        },
        operation_id="club_players_import",
    )
    def post(self, request: Request, slug: str) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = self.get_club(request, slug=slug)
        try:
            added = players_import(club=club, content=data.validated_data["file"].read())
        except PlayersImportError as error:
            report = [self.RowErrorSerializer(e).data for e in error.errors]
            first = report[0] if report else {"message": str(error)}
            body = {**error_body("bad_rows", first["message"], "file"), "rows": report}
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        context = _member_context(self, request)
        players = MemberOutputSerializer(added, many=True, context=context).data
        return Response({"imported": len(added), "players": players}, status=201)


# --- Memberships ------------------------------------------------------------------------------


class MembershipOutputSerializer(serializers.ModelSerializer[Membership]):
    class PlayerSerializer(serializers.ModelSerializer[Player]):
        class Meta:
            model = Player
            fields = ["id", "display_name"]

    player = PlayerSerializer()

    class Meta:
        model = Membership
        fields = ["id", "player", "role", "created"]


class MembershipListApi(ClubApi):
    """Memberships and roles: list (members+), add an existing player (club admins)."""

    write_capability = Capability.ADMIN

    class InputSerializer(serializers.Serializer[Any]):
        player = serializers.IntegerField(
            min_value=1,
            max_value=ID_MAX,
            help_text="Id of an existing player who plays in no other club; any other id is "
            "refused as unknown (unknown_player).",
        )
        role = serializers.ChoiceField(
            choices=Membership.Role.choices, default=Membership.Role.PLAYER
        )

    @extend_schema(
        parameters=[OpenApiParameter("role", str, enum=Membership.Role.values, required=False)],
        responses={200: MembershipOutputSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
        operation_id="club_memberships_list",
    )
    def get(self, request: Request, slug: str) -> Response:
        memberships = club_memberships(
            club=self.get_club(request, slug=slug),
            role=query_choice(request, "role", Membership.Role.values),
        )
        return Response(MembershipOutputSerializer(memberships, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: MembershipOutputSerializer, **ERRORS},
        operation_id="club_memberships_create",
    )
    def post(self, request: Request, slug: str) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = self.get_club(request, slug=slug)
        player_id = data.validated_data["player"]
        player = club_player_to_add(club=club, player_id=player_id)
        if player is None:
            raise DjangoValidationError(
                {
                    "player": DjangoValidationError(
                        UNKNOWN_PLAYER.format(id=player_id), code="unknown_player"
                    )
                }
            )
        membership = services.membership_add(
            club=club, player=player, role=data.validated_data["role"]
        )
        return Response(MembershipOutputSerializer(membership).data, status=201)


class MembershipDetailApi(ClubApi):
    """One membership: read (members+), change the role or remove it (club admins)."""

    write_capability = Capability.ADMIN

    class InputSerializer(serializers.Serializer[Any]):
        role = serializers.ChoiceField(choices=Membership.Role.choices)

    @extend_schema(
        responses={200: MembershipOutputSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_memberships_retrieve",
    )
    def get(self, request: Request, slug: str, membership_id: int) -> Response:
        membership = club_membership_get(
            club=self.get_club(request, slug=slug), membership_id=membership_id
        )
        return Response(MembershipOutputSerializer(membership).data)

    @extend_schema(
        request=InputSerializer,
        responses={200: MembershipOutputSerializer, **ERRORS},
        operation_id="club_memberships_partial_update",
    )
    def patch(self, request: Request, slug: str, membership_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        membership = club_membership_get(club=club, membership_id=membership_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = services.membership_role_change(
            club=club, membership=membership, role=data.validated_data["role"]
        )
        return Response(MembershipOutputSerializer(membership).data)

    @extend_schema(
        responses={204: None, **ERRORS},
        operation_id="club_memberships_destroy",
    )
    def delete(self, request: Request, slug: str, membership_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        membership = club_membership_get(club=club, membership_id=membership_id)
        services.membership_remove(club=club, membership=membership)
        return Response(status=status.HTTP_204_NO_CONTENT)
