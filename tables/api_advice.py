"""The computer explains itself through the API: the hint for the caller's seat at a practice
table, and the caller's review of a finished hand (asked for with a POST, worked out in the
background, read with a GET).

The same services and refusals as the pages (``tables.services``). A table the caller may not
watch, or a hand it does not have, is not found (404). Choices are in the engine's notation
(``"2 play 5H"``) with their label in the request's language.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club.api import ClubApi
from club.api_errors import NOT_FOUND, error
from club.permissions import Capability
from tables import facts, services
from tables.advice_words import DEFAULT_THRESHOLDS, THRESHOLDS, review_lines
from tables.models import HandReview, LiveTable, TableHand
from tables.screen import choice_label

HINT_REFUSED = error(
    "No hint here: 'no_hints' (not a practice table: friendly, directed and event tables have "
    "none), 'not_seated' (you play no seat here), or 'permission_denied'."
)
HINT_NOT_NOW = error("'not_your_turn' (another seat is to act), 'not_playing'.")
REVIEW_REFUSED = error(
    "No review here: 'no_reviews' (an event's or a director's table still in play), "
    "'not_seated' (you play no seat here), or 'permission_denied'."
)
REVIEW_NOT_NOW = error("'hand_not_finished': the hand is still being played.")


class ChoiceSerializer(serializers.Serializer[Any]):
    action = serializers.CharField(help_text="The engine's notation ('2 play 5H').")
    named = serializers.SerializerMethodField(help_text="As the table's buttons name it.")
    points = serializers.FloatField(
        allow_null=True,
        help_text="Expected points per hand for your side (its score change minus the others' "
        "mean) over deals of the cards you cannot see; null when none could be dealt.",
    )

    @extend_schema_field(serializers.CharField())
    def get_named(self, choice: services.Choice) -> str:
        return choice_label(choice.action)


class HintSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField(help_text="The table's action this hint is for.")
    seat = serializers.IntegerField(help_text="Your seat, from 0: seat 1 on the pages is 0 here.")
    computer = ChoiceSerializer(help_text="What the computer would do.")
    best = ChoiceSerializer(many=True, help_text="The best choices, best first (up to 3).")


class HintApi(ClubApi):
    """The hint for the caller's seat now at a practice table: what the computer would do
    and the best choices with their expected points, from the seat's view alone."""

    #: A seat's hint or review is refused by the table's state (tests/test_permissions.py).
    refused_by_state = (403, 409)

    @extend_schema(
        responses={200: HintSerializer, 403: HINT_REFUSED, 404: NOT_FOUND, 409: HINT_NOT_NOW},
        operation_id="club_tables_hint_retrieve",
    )
    def get(self, request: Request, slug: str, table_id: int) -> Response:
        table = facts.table_of(self.get_club(request, slug=slug), table_id, request.user)
        hint = services.hint_for(table=table, user=request.user)
        return Response(HintSerializer(hint).data)


class ReviewRowSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField(help_text="The table's action number of your decision.")
    action = serializers.CharField(help_text="What you did, in the engine's notation.")
    action_label = serializers.CharField()
    best = serializers.CharField(help_text="The computer's choice, in the engine's notation.")
    best_label = serializers.CharField()
    points = serializers.FloatField(help_text="Expected points per hand of your choice.")
    best_points = serializers.FloatField(help_text="Expected points of the computer's choice.")
    mark = serializers.CharField(help_text="'inaccuracy', 'mistake', 'blunder', or ''.")


class ReviewSerializer(serializers.Serializer[Any]):
    hand = serializers.IntegerField(source="hand.number")
    seat = serializers.IntegerField(help_text="Your seat, from 0: seat 1 on the pages is 0 here.")
    status = serializers.ChoiceField(
        choices=HandReview.Status.choices,
        help_text="pending (being worked out), done, or failed (POST again to retry).",
    )
    decisions = serializers.IntegerField(
        help_text="Your own decisions in the hand that had an alternative (once done)."
    )
    rows = serializers.SerializerMethodField(
        help_text="Your decisions where the computer's choice was worth more, the largest "
        "difference first."
    )
    thresholds = serializers.SerializerMethodField(
        help_text="Losses in points from which a decision is an inaccuracy, a mistake, a blunder."
    )

    @extend_schema_field(ReviewRowSerializer(many=True))
    def get_rows(self, review: HandReview) -> list[dict[str, Any]]:
        lines = review_lines(review.table.game, review.hand.first_seq, review.rows)
        return [
            {
                **row,
                "action_label": line.mine,
                "best_label": line.best,
                "mark": line.mark,
            }
            for row, line in zip(review.rows, lines, strict=True)
        ]

    @extend_schema_field(serializers.ListField(child=serializers.FloatField()))
    def get_thresholds(self, review: HandReview) -> list[float]:
        return list(THRESHOLDS.get(review.table.game, DEFAULT_THRESHOLDS))


class HandReviewApi(ClubApi):
    """The caller's review of a finished hand: ``GET`` reads it (404 if never asked for),
    ``POST`` asks for it (or again, once failed); a review done is kept, not worked out again."""

    write_capability = Capability.VIEW
    refused_by_state = (403, 404, 409)

    def _hand(
        self, request: Request, slug: str, table_id: int, number: int
    ) -> tuple[LiveTable, TableHand]:
        table = facts.table_of(self.get_club(request, slug=slug), table_id, request.user)
        table_hand = table.hands.filter(number=number).first()
        if table_hand is None:
            raise Http404(f"No hand {number} at table {table_id}.")
        return table, table_hand

    @extend_schema(
        responses={200: ReviewSerializer, 403: REVIEW_REFUSED, 404: NOT_FOUND, 409: REVIEW_NOT_NOW},
        operation_id="club_tables_hands_review_retrieve",
    )
    def get(self, request: Request, slug: str, table_id: int, hand_number: int) -> Response:
        table, table_hand = self._hand(request, slug, table_id, hand_number)
        player, _ = services.review_seat(table, request.user, table_hand)
        review = services.review_of(table_hand, player)
        if review is None:
            raise Http404("No review of this hand was asked for: POST to ask.")
        return Response(ReviewSerializer(review).data)

    @extend_schema(
        request=None,
        responses={
            202: ReviewSerializer,
            403: REVIEW_REFUSED,
            404: NOT_FOUND,
            409: REVIEW_NOT_NOW,
        },
        operation_id="club_tables_hands_review_create",
    )
    def post(self, request: Request, slug: str, table_id: int, hand_number: int) -> Response:
        table, table_hand = self._hand(request, slug, table_id, hand_number)
        review = services.review_request(table=table, table_hand=table_hand, user=request.user)
        review.refresh_from_db()
        return Response(ReviewSerializer(review).data, status=status.HTTP_202_ACCEPTED)
