"""The hand lines API: list and add lines, read, correct and delete one, check a line without
saving it, and double entry (the comparison, a director's resolution).

Lines are numbered as on paper, from 1; ``entry=check`` (query string, or in the body when
adding) addresses the second entry instead of the sheet. A line the engine refuses answers 400
``{"code": <reason code, docs/rules.md#line-codes>, "message": …, "field": …}``; a line holding
a key that is not the game's, or a value of a shape or size no line has, answers 400 with
``unknown_key``, ``bad_value`` or ``too_large`` (``scoring.lineshape``); adding with a
``number`` that is no longer next, or correcting a line whose ``version`` changed, answers 409
with code ``stale``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club.acting import acting_user
from club.api_errors import DENIED, NOT_FOUND
from club.api_query import COUNT_MAX, query_choice, query_int
from club.permissions import Capability
from engine.rules import numerals
from scoring import corrections, services
from scoring import engine_bridge as bridge
from scoring import linestore as store
from scoring.api import SheetApi
from scoring.api_serializers import CONFLICT, REFUSED, HandLineOutputSerializer
from scoring.doubleentry import doubleentry_compare, doubleentry_resolve
from scoring.models import Entry
from scoring.selectors import sheet_line_get, sheet_lines

ENTRY = OpenApiParameter(
    "entry",
    str,
    enum=Entry.values,
    required=False,
    description="'primary' (the sheet, by default) or 'check' (the second entry).",
)


def _entry(request: Request) -> str:
    return query_choice(request, "entry", Entry.values) or Entry.PRIMARY


def _line_field() -> serializers.DictField:
    return serializers.DictField(
        help_text="The line as written (docs/rules.md, 'Scoresheet lines'): dealer, bidder "
        "(seats count from 0 in the API: seat 1 on the pages is 0 here), bid, "
        "trump, points or books per side, … A dealer who is not the one in turn (the seat "
        "after the previous line's dealer; the sheet's first dealer on line 1) is refused "
        'with code dealer_out_of_turn unless the line holds "dealer_changed": true (a '
        "misdeal); the rotation then goes on from that dealer."
    )


class LineListApi(SheetApi):
    """The lines of the sheet (or of its second entry), and adding the next one (scorers)."""

    write_capability = Capability.SCORE

    class InputSerializer(serializers.Serializer[Any]):
        number = serializers.IntegerField(
            min_value=1,
            max_value=COUNT_MAX,
            help_text="The number this line gets: the count of lines so far plus one. If "
            "somebody added a line meanwhile, the request is refused (409) rather than "
            "added twice.",
        )
        line = _line_field()
        entry = serializers.ChoiceField(choices=Entry.choices, required=False, default="primary")
        client_key = serializers.CharField(
            required=False,
            default="",
            max_length=64,
            help_text="Optional: the sender's own key for this line (1 to 64 letters, digits, "
            "'-' or '_'; a UUID). Sent again with the same key (a retry after a dropped "
            "connection), the line is answered as it was added, not added twice; the same "
            "key with another line is refused (409, code client_key_reused).",
        )

    @extend_schema(
        parameters=[ENTRY],
        responses={200: HandLineOutputSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
        operation_id="club_sheet_lines_list",
    )
    def get(self, request: Request, slug: str, sheet_id: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        lines = sheet_lines(sheet=sheet, entry=_entry(request))
        return Response(HandLineOutputSerializer(lines, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: HandLineOutputSerializer, 400: REFUSED, 409: CONFLICT, 403: DENIED},
        operation_id="club_sheet_lines_create",
    )
    def post(self, request: Request, slug: str, sheet_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        line = services.handline_add_to(
            club=club,
            sheet_id=sheet_id,
            line=values["line"],
            expected_number=values["number"],
            by=acting_user(request),
            entry=values["entry"],
            client_key=values["client_key"],
        )
        return Response(HandLineOutputSerializer(line).data, status=status.HTTP_201_CREATED)


class LineDetailApi(SheetApi):
    """One line: read it, correct it, delete it (scorers). Later lines are re-scored."""

    write_capability = Capability.SCORE

    class InputSerializer(serializers.Serializer[Any]):
        line = _line_field()
        version = serializers.IntegerField(
            min_value=0,
            max_value=COUNT_MAX,
            required=False,
            allow_null=True,
            default=None,
            help_text="The line's version the correction was made from; if the line changed "
            "since, the correction is refused (409). Left out: no check.",
        )

    @extend_schema(
        parameters=[ENTRY],
        responses={200: HandLineOutputSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_sheet_lines_retrieve",
    )
    def get(self, request: Request, slug: str, sheet_id: int, number: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        line = sheet_line_get(sheet=sheet, number=number, entry=_entry(request))
        return Response(HandLineOutputSerializer(line).data)

    @extend_schema(
        parameters=[ENTRY],
        request=InputSerializer,
        responses={200: HandLineOutputSerializer, 400: REFUSED, 409: CONFLICT, 403: DENIED},
        operation_id="club_sheet_lines_update",
    )
    def patch(self, request: Request, slug: str, sheet_id: int, number: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        entry = _entry(request)
        sheet_line_get(sheet=sheet, number=number, entry=entry)  # 404 before 400
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        line = corrections.handline_edit(
            sheet=sheet,
            number=number,
            line=data.validated_data["line"],
            by=acting_user(request),
            entry=entry,
            expected_version=data.validated_data["version"],
        )
        return Response(HandLineOutputSerializer(line).data)

    @extend_schema(
        parameters=[
            ENTRY,
            OpenApiParameter("version", int, required=False, description="As for a correction."),
        ],
        responses={204: None, 400: REFUSED, 409: CONFLICT, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_sheet_lines_destroy",
    )
    def delete(self, request: Request, slug: str, sheet_id: int, number: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        entry = _entry(request)
        sheet_line_get(sheet=sheet, number=number, entry=entry)
        corrections.handline_delete(
            sheet=sheet,
            number=number,
            by=acting_user(request),
            entry=entry,
            expected_version=query_int(request, "version"),
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class LineCheckApi(SheetApi):
    """What a line would score as the next line, without saving anything (scorers)."""

    write_capability = Capability.SCORE

    class InputSerializer(serializers.Serializer[Any]):
        line = _line_field()
        entry = serializers.ChoiceField(choices=Entry.choices, required=False, default="primary")

    class OutputSerializer(serializers.Serializer[Any]):
        made = serializers.BooleanField(allow_null=True, help_text="Null: thrown in.")
        delta = serializers.ListField(child=serializers.IntegerField())
        scores_after = serializers.ListField(child=serializers.IntegerField())
        result = serializers.JSONField(allow_null=True)

    @extend_schema(
        request=InputSerializer,
        responses={200: OutputSerializer, 400: REFUSED, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_sheet_lines_check",
    )
    def post(self, request: Request, slug: str, sheet_id: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        lines = sheet_lines(sheet=sheet, entry=data.validated_data["entry"])
        game = bridge.game_for(sheet)
        last = lines[-1] if lines else None
        line = data.validated_data["line"]
        score = bridge.line_check(game, line, bridge.tally_after(game, last))
        store.rotation_or_refuse(sheet, [line], len(lines) + 1, store.turn_after(sheet, game, last))
        body = {
            "made": score.made,
            "delta": list(score.delta),
            "scores_after": list(score.scores_after),
            "result": bridge.result_json(score),
        }
        return Response(self.OutputSerializer(body).data)


class ComparisonApi(SheetApi):
    """The sheet and its second entry, line by line."""

    class OutputSerializer(serializers.Serializer[Any]):
        class RowSerializer(serializers.Serializer[Any]):
            number = serializers.IntegerField()
            same = serializers.BooleanField()
            primary = serializers.JSONField(allow_null=True, help_text="The sheet's line.")
            check = serializers.JSONField(allow_null=True, help_text="The second entry's line.")

        has_check = serializers.BooleanField(help_text="Whether a second entry was typed.")
        matches = serializers.BooleanField()
        differing = serializers.ListField(child=serializers.IntegerField())
        rows = RowSerializer(many=True)

    @extend_schema(
        responses={200: OutputSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_sheet_comparison",
    )
    def get(self, request: Request, slug: str, sheet_id: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        comparison = doubleentry_compare(sheet=sheet)
        body = {
            "has_check": comparison.has_check,
            "matches": comparison.matches,
            "differing": comparison.differing,
            "rows": [
                {
                    "number": row.number,
                    "same": row.same,
                    "primary": row.primary.line if row.primary else None,
                    "check": row.check.line if row.check else None,
                }
                for row in comparison.rows
            ],
        }
        return Response(self.OutputSerializer(body).data)


class ResolveApi(SheetApi):
    """A director keeps, for each differing line, one entry's version in both entries."""

    write_capability = Capability.DIRECT

    class InputSerializer(serializers.Serializer[Any]):
        choices = serializers.DictField(
            child=serializers.ChoiceField(choices=Entry.choices),
            help_text='Line number → the version kept: {"3": "check", "5": "primary"}.',
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: HandLineOutputSerializer(many=True), 400: REFUSED, 409: CONFLICT},
        operation_id="club_sheet_resolve",
    )
    def post(self, request: Request, slug: str, sheet_id: int) -> Response:
        sheet = self.get_sheet(request, slug=slug, sheet_id=sheet_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        written = data.validated_data["choices"]
        numbers = {key: numerals.whole_number(str(key)) for key in written}
        choices = {number: written[key] for key, number in numbers.items() if number is not None}
        if len(choices) != len(written):  # a key that is no line number, or one line twice
            raise serializers.ValidationError({"choices": ["Keys are line numbers."]})
        doubleentry_resolve(
            sheet=sheet,
            choices=choices,
            by=acting_user(request),
        )
        return Response(HandLineOutputSerializer(sheet_lines(sheet=sheet), many=True).data)
