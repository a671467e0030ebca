"""What the scoresheet API answers: sheets, lines, refusals. Shared by ``scoring.api`` and
``scoring.api_lines``; each view's input serializers stay nested in the view.

A refused or stale request (a ``ScoringError`` the view lets go up to the API's exception
handler) answers the API's one refusal shape (``club.api_errors``), ``{"code", "message",
"field"}``, 409 for a stale or locked sheet and 400 otherwise: ``code`` is the reason code
(docs/rules.md#line-codes) for a line the engine refused (``bad_bid``, ``points_total``…), or
one of the app's codes (``stale``, ``locked``, ``not_finished``, ``entries_differ``, and
``unknown_key``, ``bad_value``, ``too_large`` for a line that is not the game's shape:
``scoring.lineshape``…).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema_field
from rest_framework import serializers

from club.api_errors import ErrorSerializer
from engine.rules import GAME_NAMES
from scoring.models import Entry, HandLine, LineRevision, Scoresheet, SheetSeat, SheetSide

REFUSED = OpenApiResponse(
    response=ErrorSerializer,
    description='Refused: {"code": "bad_bid", "message": "bid 12 is not allowed: …", '
    '"field": "bid"}.',
)
CONFLICT = OpenApiResponse(
    response=ErrorSerializer,
    description="The sheet changed since the request was made (code 'stale': another line was "
    "added or this line changed), or it is confirmed and locked (code 'locked').",
)


class HandLineOutputSerializer(serializers.ModelSerializer[HandLine]):
    line = serializers.JSONField(
        help_text="The line as written (docs/rules.md, 'Scoresheet lines'). Seats count "
        "from 0 in the API: seat 1 on the pages is 0 here."
    )
    delta = serializers.ListField(child=serializers.IntegerField(), help_text="Change per side.")
    scores_after = serializers.ListField(
        child=serializers.IntegerField(), help_text="Running totals per side after the hand."
    )
    result = serializers.JSONField(
        allow_null=True, help_text='{"winners": [side, …], "reason": "target"} if it ends the game.'
    )
    created_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )

    class Meta:
        model = HandLine
        fields = [
            "number",
            "entry",
            "version",
            "line",
            "dealer_changed",
            "made",
            "delta",
            "scores_after",
            "result",
            "created",
            "created_by",
        ]


class ScoresheetOutputSerializer(serializers.ModelSerializer[Scoresheet]):
    class SeatSerializer(serializers.ModelSerializer[SheetSeat]):
        player_name = serializers.SerializerMethodField()

        class Meta:
            model = SheetSeat
            fields = ["seat", "player", "player_name"]

        def get_player_name(self, seat: SheetSeat) -> str:
            return seat.player.display_name if seat.player else ""

    class SideSerializer(serializers.ModelSerializer[SheetSide]):
        class Meta:
            model = SheetSide
            fields = ["index", "label", "partnership"]

    game_name = serializers.SerializerMethodField()
    sides = SideSerializer(many=True, read_only=True)
    seats = SeatSerializer(many=True, read_only=True)
    totals = serializers.SerializerMethodField()
    created_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )
    confirmed_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )

    class Meta:
        model = Scoresheet
        fields = [
            "id",
            "title",
            "game",
            "game_name",
            "rule_set",
            "rule_set_name",
            "options",
            "target",
            "status",
            "first_dealer",
            "sides",
            "seats",
            "totals",
            "winners",
            "end_reason",
            "revision",
            "created",
            "created_by",
            "confirmed_at",
            "confirmed_by",
        ]

    def get_game_name(self, sheet: Scoresheet) -> str:
        return GAME_NAMES.get(sheet.game, sheet.game)

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_totals(self, sheet: Scoresheet) -> list[int]:
        """Running totals after the sheet's last line (zeros before the first)."""
        totals = getattr(sheet, "totals", None)
        if totals is None:
            last = (
                HandLine.objects.live()
                .filter(sheet=sheet, entry=Entry.PRIMARY)
                .order_by("-number")
                .values_list("scores_after", flat=True)
                .first()
            )
            totals = last if last is not None else [0] * len(sheet.sides.all())
        return list(totals)


class ScoresheetDetailSerializer(ScoresheetOutputSerializer):
    lines = serializers.SerializerMethodField()

    class Meta(ScoresheetOutputSerializer.Meta):
        fields = [*ScoresheetOutputSerializer.Meta.fields, "lines"]

    @extend_schema_field(HandLineOutputSerializer(many=True))
    def get_lines(self, sheet: Scoresheet) -> list[dict[str, Any]]:
        lines = self.context.get("lines", [])
        return list(HandLineOutputSerializer(lines, many=True).data)


class RevisionOutputSerializer(serializers.ModelSerializer[LineRevision]):
    number = serializers.IntegerField(source="line.number")
    entry = serializers.CharField(source="line.entry")
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )

    class Meta:
        model = LineRevision
        fields = ["number", "entry", "action", "before", "after", "by", "at", "note"]
