"""The scoresheets API: list and start sheets, read one, confirm and unlock it, its history.

Lines, the check, and double entry are in ``scoring.api_lines``. Every view is reached through
``/api/clubs/<slug>/sheets/…`` with the pages' capabilities: members read, scorers start
sheets and write lines, directors confirm, unlock and resolve.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club.acting import acting_user
from club.api import ClubApi
from club.api_errors import BAD_REQUEST, DENIED, NOT_FOUND
from club.api_query import ID_MAX, SMALL_MAX, optional_id, query_int, standard_game
from club.models import Membership, Partnership, Player, RuleSet
from club.permissions import Capability
from scoring import services
from scoring.api_serializers import (
    CONFLICT,
    REFUSED,
    RevisionOutputSerializer,
    ScoresheetDetailSerializer,
    ScoresheetOutputSerializer,
)
from scoring.errors import ScoringError
from scoring.models import Scoresheet, SheetStatus
from scoring.selectors import scoresheet_get, scoresheet_list, sheet_history, sheet_lines

NO_RULE_SET = gettext_lazy("There is no rule set {id} in this club.")
NO_PARTNERSHIP = gettext_lazy("There is no partnership {id} in this club.")
NO_MEMBER = gettext_lazy("Player {id} is not a member of this club.")
GAME_OR_RULE_SET = gettext_lazy("Give a rule set of the club or a game id.")


class SheetApi(ClubApi):
    """Base of the views of one sheet: the sheet comes from ``sheet_id``, through the club."""

    def get_sheet(self, request: Request, **kwargs: Any) -> Scoresheet:
        return scoresheet_get(club=self.get_club(request, **kwargs), pk=kwargs["sheet_id"])


class ScoresheetListApi(ClubApi):
    """The club's sheets (members), and starting one (scorers)."""

    write_capability = Capability.SCORE

    class FilterSerializer(serializers.Serializer[Any]):
        status = serializers.ChoiceField(
            choices=SheetStatus.choices, required=False, allow_blank=True, default=""
        )

    class InputSerializer(serializers.Serializer[Any]):
        class SideSerializer(serializers.Serializer[Any]):
            name = serializers.CharField(
                max_length=120,
                required=False,
                default="",
                help_text="How the side is written; empty: the partnership's or players' names.",
            )
            partnership = serializers.IntegerField(
                min_value=1, max_value=ID_MAX, required=False, allow_null=True, default=None
            )

        class SeatSerializer(serializers.Serializer[Any]):
            seat = serializers.IntegerField(
                min_value=0,
                max_value=SMALL_MAX,
                help_text="From 0, clockwise: seat 1 on the pages is 0 here.",
            )
            player = serializers.IntegerField(
                min_value=1, max_value=ID_MAX, help_text="A member of the club."
            )

        rule_set = optional_id("A rule set of the club.")
        game = standard_game()
        title = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)
        first_dealer = serializers.IntegerField(
            min_value=0,
            max_value=SMALL_MAX,
            required=False,
            allow_null=True,
            default=None,
            help_text="Seat, from 0: seat 1 on the pages is 0 here.",
        )
        sides = SideSerializer(many=True, required=False, default=list)
        seats = SeatSerializer(many=True, required=False, default=list)

    @extend_schema(
        parameters=[FilterSerializer],
        responses={200: ScoresheetOutputSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
        operation_id="club_sheets_list",
    )
    def get(self, request: Request, slug: str) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        sheets = scoresheet_list(
            club=self.get_club(request, slug=slug), status=filters.validated_data["status"] or None
        ).prefetch_related("seats__player")
        return Response(ScoresheetOutputSerializer(sheets, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: ScoresheetDetailSerializer, 400: REFUSED, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_sheets_create",
    )
    def post(self, request: Request, slug: str) -> Response:
        club = self.get_club(request, slug=slug)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        rule_set = None
        if values["rule_set"] is not None:
            rule_set = RuleSet.objects.filter(club=club, pk=values["rule_set"]).first()
            if rule_set is None:
                raise ScoringError(
                    "rule_set", NO_RULE_SET.format(id=values["rule_set"]), "rule_set"
                )
        elif not values["game"]:
            raise ScoringError("rule_set", GAME_OR_RULE_SET, "rule_set")
        sheet = services.scoresheet_create(
            club=club,
            by=acting_user(request),
            rule_set=rule_set,
            game_id=values["game"],
            title=values["title"],
            sides=[self._side(club, side) for side in values["sides"]],
            seat_players={s["seat"]: self._member(club, s["player"]) for s in values["seats"]},
            first_dealer=values["first_dealer"],
        )
        body = ScoresheetDetailSerializer(sheet, context={"lines": []}).data
        return Response(body, status=status.HTTP_201_CREATED)

    @staticmethod
    def _side(club: Any, side: dict[str, Any]) -> services.SideSpec:
        partnership = None
        if side["partnership"] is not None:
            partnership = Partnership.objects.filter(club=club, pk=side["partnership"]).first()
            if partnership is None:
                raise ScoringError(
                    "partnership", NO_PARTNERSHIP.format(id=side["partnership"]), "sides"
                )
        return services.SideSpec(label=side["name"], partnership=partnership)

    @staticmethod
    def _member(club: Any, player_id: int) -> Player:
        membership = (
            Membership.objects.filter(club=club, player_id=player_id)
            .select_related("player")
            .first()
        )
        if membership is None:
            raise ScoringError("player", NO_MEMBER.format(id=player_id), "seats")
        return membership.player


class ScoresheetDetailApi(SheetApi):
    """One sheet with its sides, seats, totals and lines (the sheet's entry)."""

    @extend_schema(
        responses={200: ScoresheetDetailSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_sheets_retrieve",
    )
    def get(self, request: Request, slug: str, sheet_id: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        lines = sheet_lines(sheet=sheet)
        return Response(ScoresheetDetailSerializer(sheet, context={"lines": lines}).data)


class ScoresheetConfirmApi(SheetApi):
    """Confirm a finished sheet (directors): it is locked from then on."""

    write_capability = Capability.DIRECT

    @extend_schema(
        request=None,
        responses={200: ScoresheetOutputSerializer, 400: REFUSED, 409: CONFLICT, 403: DENIED},
        operation_id="club_sheets_confirm",
    )
    def post(self, request: Request, slug: str, sheet_id: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        sheet = services.scoresheet_confirm(sheet=sheet, by=acting_user(request))
        return Response(ScoresheetOutputSerializer(sheet).data)


class ScoresheetUnlockApi(SheetApi):
    """Reopen a confirmed sheet (directors), saying why; the reason is kept."""

    write_capability = Capability.DIRECT

    class InputSerializer(serializers.Serializer[Any]):
        reason = serializers.CharField(max_length=300)

    @extend_schema(
        request=InputSerializer,
        responses={200: ScoresheetOutputSerializer, 400: REFUSED, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_sheets_unlock",
    )
    def post(self, request: Request, slug: str, sheet_id: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.scoresheet_unlock(
            sheet=sheet,
            by=acting_user(request),
            reason=data.validated_data["reason"],
        )
        sheet.refresh_from_db()
        return Response(ScoresheetOutputSerializer(sheet).data)


class ScoresheetHistoryApi(SheetApi):
    """Every change of the sheet's lines: who, when, before and after."""

    @extend_schema(
        parameters=[OpenApiParameter("line", int, required=False, description="One line number.")],
        responses={200: RevisionOutputSerializer(many=True), 400: BAD_REQUEST, 403: DENIED},
        operation_id="club_sheets_history",
    )
    def get(self, request: Request, slug: str, sheet_id: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        revisions = sheet_history(sheet=sheet, number=query_int(request, "line", min_value=1))
        return Response(RevisionOutputSerializer(revisions, many=True).data)
