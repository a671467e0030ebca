"""The house rules API: rule sets read by members, written by club admins.

Options the engine refuses answer 400 with the engine's code and message, the field naming the
option: ``{"code": "bad_option", "message": "option 'renege' cannot be …", "field":
"options.renege"}`` (``"options"`` when no single option is at fault, ``"game"`` for an unknown
game).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club import rule_sets
from club.api import ClubApi
from club.api_errors import DENIED, NOT_FOUND, error
from club.api_query import query_choice
from club.models import RuleSet
from club.permissions import Capability
from club.selectors import club_rule_set_get, club_rule_sets
from engine.rules import GAME_NAMES

OPTIONS_REFUSED = error(
    "Invalid input. Options refused by the rules engine carry the engine's code and name the "
    'option: {"code": "…", "message": "option \'renege\' cannot be …", "field": "options.renege"}.'
)
RULE_SET_ERRORS = {400: OPTIONS_REFUSED, 403: DENIED, 404: NOT_FOUND}


class RuleSetOutputSerializer(serializers.ModelSerializer[RuleSet]):
    options_all = serializers.SerializerMethodField(
        help_text="Every option value, the engine's defaults included."
    )

    class Meta:
        model = RuleSet
        fields = ["id", "name", "game", "options", "options_all", "is_default", "created"]

    def get_options_all(self, rule_set: RuleSet) -> dict[str, Any]:
        return rule_sets.options_full(rule_set)


class RuleSetListApi(ClubApi):
    write_capability = Capability.ADMIN

    class InputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=80)
        game = serializers.ChoiceField(choices=list(GAME_NAMES.items()))
        options = serializers.DictField(
            required=False,
            default=dict,
            help_text="Option id → value, as in the game's options table of docs/rules.md; "
            "options left out take the standard value.",
        )
        is_default = serializers.BooleanField(
            required=False,
            default=False,
            help_text="Make it the club's default for this game (the first one always is).",
        )

    @extend_schema(
        parameters=[OpenApiParameter("game", str, enum=list(GAME_NAMES), required=False)],
        responses={200: RuleSetOutputSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
        operation_id="club_rule_sets_list",
    )
    def get(self, request: Request, slug: str) -> Response:
        found = club_rule_sets(
            club=self.get_club(request, slug=slug),
            game=query_choice(request, "game", list(GAME_NAMES)),
        )
        return Response(RuleSetOutputSerializer(found, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: RuleSetOutputSerializer, **RULE_SET_ERRORS},
        operation_id="club_rule_sets_create",
    )
    def post(self, request: Request, slug: str) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        rule_set = rule_sets.rule_set_create(
            club=self.get_club(request, slug=slug), **data.validated_data
        )
        return Response(RuleSetOutputSerializer(rule_set).data, status=status.HTTP_201_CREATED)


class RuleSetDetailApi(ClubApi):
    write_capability = Capability.ADMIN

    class InputSerializer(serializers.Serializer[Any]):
        name = serializers.CharField(max_length=80, required=False)
        options = serializers.DictField(
            required=False, help_text="Replaces all options (left out: standard value)."
        )

    @extend_schema(
        responses={200: RuleSetOutputSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_rule_sets_retrieve",
    )
    def get(self, request: Request, slug: str, rule_set_id: int) -> Response:
        rule_set = club_rule_set_get(
            club=self.get_club(request, slug=slug), rule_set_id=rule_set_id
        )
        return Response(RuleSetOutputSerializer(rule_set).data)

    @extend_schema(
        request=InputSerializer,
        responses={200: RuleSetOutputSerializer, **RULE_SET_ERRORS},
        operation_id="club_rule_sets_partial_update",
    )
    def patch(self, request: Request, slug: str, rule_set_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        rule_set = club_rule_set_get(club=club, rule_set_id=rule_set_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        rule_set = rule_sets.rule_set_update(
            club=club,
            rule_set=rule_set,
            name=data.validated_data.get("name", rule_set.name),
            options=data.validated_data.get("options", rule_set.options),
        )
        return Response(RuleSetOutputSerializer(rule_set).data)

    @extend_schema(
        responses={204: None, 403: DENIED, 404: NOT_FOUND}, operation_id="club_rule_sets_destroy"
    )
    def delete(self, request: Request, slug: str, rule_set_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        rule_set = club_rule_set_get(club=club, rule_set_id=rule_set_id)
        rule_sets.rule_set_delete(club=club, rule_set=rule_set)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RuleSetDefaultApi(ClubApi):
    """Make a rule set its game's club default; the previous default stops being one."""

    write_capability = Capability.ADMIN

    @extend_schema(
        request=None,
        responses={200: RuleSetOutputSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_rule_sets_make_default",
    )
    def post(self, request: Request, slug: str, rule_set_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        rule_set = club_rule_set_get(club=club, rule_set_id=rule_set_id)
        rule_set = rule_sets.rule_set_make_default(club=club, rule_set=rule_set)
        return Response(RuleSetOutputSerializer(rule_set).data)
