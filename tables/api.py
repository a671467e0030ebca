"""The online tables API: list and schedule a club's tables, read one, read a finished hand.

Reached through ``/api/clubs/<slug>/tables/…`` with the pages' capabilities: members read,
directors schedule, and members start their own practice and friendly tables (``kind``;
``tables.api_members`` has the rest of members' tables). Scheduling goes through
``tables.services.table_create`` as the page's form does, with the same checks; the ids in
the body (the rule set, the seated players) are looked up in the club, and another club's id
is answered exactly as an unknown one.

What is read is public: seats, scores, hand numbers, and the record of a finished hand as the
viewer's seat saw it on the replay page. No card anyone holds in a hand being played is ever
answered (``tables.facts``); a hand in progress is refused with 409
``hand_not_finished``. A member's table that the caller may not watch
(``tables.selectors.may_watch``) is left out of the list and answered as unknown.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club.acting import acting_user
from club.api import ClubApi
from club.api_errors import BAD_REQUEST, DENIED, NOT_FOUND, ErrorSerializer
from club.api_query import COUNT_MAX, optional_id, standard_game
from club.models import Club, RuleSet
from club.permissions import Capability
from engine.rules import RulesError, get_game
from tables import facts, services
from tables.api_members import (
    CREATE_KINDS,
    THROTTLED,
    kind_of,
    member_table_create,
    seat_specs,
)
from tables.api_members import ERRORS as MEMBER_ERRORS
from tables.api_output import OnlineTableDetailSerializer, OnlineTableOutputSerializer, table_body
from tables.bot_moves import BOT_NAMES, DEFAULT_BOT
from tables.errors import TableError
from tables.forms import MAX_SEATS
from tables.models import LiveTable, TableKind, TableStatus, Unanswered

NOW = "now"
AHEAD_MAX = timedelta(days=366)
NO_RULE_SET = gettext_lazy("There is no rule set {id} in this club.")
GAME_OR_RULE_SET = gettext_lazy("Give a rule set of the club or a game id.")
PLAYER_AND_BOT = gettext_lazy("A seat takes a member or a computer player, not both.")
TOO_FAR = gettext_lazy("A table is scheduled at most a year ahead.")
LEVELS_HELP = (
    "beginner (the rule-based player with a newcomer's slips), club (the default: a search "
    "within a small budget) or expert (the strongest search); the older names random, rule "
    "and search (now the expert's play) are accepted too."
)
ERRORS = {400: BAD_REQUEST, 403: DENIED, 404: NOT_FOUND}
TABLE_STATE = OpenApiResponse(
    response=ErrorSerializer,
    description="The table's state is in the way: 'not_playing', 'not_paused' or 'ended'.",
)
HAND_NOT_FINISHED = OpenApiResponse(
    response=ErrorSerializer,
    description="The hand is still being played (code 'hand_not_finished'): its record is "
    "answered once it is over.",
)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "format": "date-time"},
            {"type": "string", "enum": [NOW]},
        ]
    }
)
class WhenField(serializers.DateTimeField):
    """A date and time (ISO 8601), or ``"now"``."""

    def to_internal_value(self, value: Any) -> datetime:
        if value == NOW:
            return timezone.now()
        when: datetime = super().to_internal_value(value)
        if when > timezone.now() + AHEAD_MAX:
            raise serializers.ValidationError(TOO_FAR, code="too_far")
        return when


# --- The views ---------------------------------------------------------------------------------


class TableListApi(ClubApi):
    """The club's online tables (members), and making one: a director's (directors), or a
    member's practice or friendly table (members; ``kind`` says which)."""

    write_capability = Capability.VIEW

    class FilterSerializer(serializers.Serializer[Any]):
        status = serializers.ChoiceField(
            choices=TableStatus.choices, required=False, allow_blank=True, default=""
        )

    class InputSerializer(serializers.Serializer[Any]):
        class SeatSerializer(serializers.Serializer[Any]):
            player = optional_id("A member of the club.")
            bot = serializers.ChoiceField(
                choices=list(BOT_NAMES.items()),
                required=False,
                allow_blank=True,
                default="",
                help_text="A computer player: " + LEVELS_HELP + " Neither a player nor a "
                "computer: an open seat.",
            )

            def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
                if attrs["player"] is not None and attrs["bot"]:
                    raise serializers.ValidationError(PLAYER_AND_BOT, code="player_and_bot")
                return attrs

        kind = serializers.ChoiceField(
            choices=CREATE_KINDS,
            default=TableKind.DIRECTED.value,
            help_text="directed (the default; directors only): the seats' players are seated. "
            "practice: only rule_set or game, and bot. friendly: your own player's seat is "
            "yours (give it once), every other player is invited to their seat and sits only "
            "on accepting; also expires_at and if_unanswered.",
        )
        rule_set = optional_id("A rule set of the club.")
        game = standard_game()
        title = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)
        scheduled_at = WhenField(
            required=False,
            help_text="When the table opens (at most a year ahead), or 'now'. Players take "
            "their seats from then on; the game starts when all are filled. Required for a "
            "directed table; a friendly one opens now without it; a practice one starts now.",
        )
        bot = serializers.ChoiceField(
            choices=list(BOT_NAMES.items()),
            default=DEFAULT_BOT,
            help_text="practice and friendly: the computer in the computers' seats, and in a "
            "seat its invitee declines or leaves: " + LEVELS_HELP,
        )
        expires_at = serializers.DateTimeField(
            required=False,
            allow_null=True,
            default=None,
            help_text="friendly: when unanswered invitations lapse; by default 15 minutes "
            "from now for a table that opens now, else an hour before it opens.",
        )
        if_unanswered = serializers.ChoiceField(
            choices=Unanswered.choices,
            default=Unanswered.COMPUTER.value,
            help_text="friendly: what a seat whose invitee declines or does not answer becomes.",
        )
        # ``max_length`` goes to the list serializer ``many`` makes; the stubs do not know it.
        seats = SeatSerializer(  # type: ignore[call-arg]
            many=True,
            required=False,
            default=list,
            max_length=MAX_SEATS,
            help_text="The seats in order from seat 0 (seat 1 on the pages is 0 here); seats "
            "not listed are open.",
        )
        turn_seconds = serializers.IntegerField(
            min_value=0,
            max_value=COUNT_MAX,
            default=60,
            help_text="Past this the computer plays for the player; 0 for no clock.",
        )
        grace_seconds = serializers.IntegerField(
            min_value=0,
            max_value=COUNT_MAX,
            default=120,
            help_text="A player away longer is replaced by the computer until they return.",
        )

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if attrs["kind"] == TableKind.DIRECTED and "scheduled_at" not in attrs:
                message = serializers.Field.default_error_messages["required"]
                raise serializers.ValidationError({"scheduled_at": message}, code="required")
            return attrs

    @extend_schema(
        parameters=[FilterSerializer],
        responses={200: OnlineTableOutputSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
        operation_id="club_tables_list",
    )
    def get(self, request: Request, slug: str) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        club = self.get_club(request, slug=slug)
        status = filters.validated_data["status"] or None
        rows = facts.table_rows(club, status=status, user=request.user)
        return Response(OnlineTableOutputSerializer(rows, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: OnlineTableDetailSerializer, **MEMBER_ERRORS, 429: THROTTLED},
        operation_id="club_tables_create",
        description="A director's table (kind 'directed', directors only: 403 for others), or "
        "a member's own: 'practice' or 'friendly' (any member). Refusals of members' tables: "
        "403 'members_may_not_start', 409 'table_limit', 400 'not_a_member' (a seat's player "
        "is not a member), 'invited_twice', 429 'throttled' (too many invitations this hour).",
    )
    def post(self, request: Request, slug: str) -> Response:
        club = self.get_club(request, slug=slug)
        kind = kind_of(request.data)
        if kind == TableKind.DIRECTED:
            self.require(request, Capability.DIRECT)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        rule_set = self._rule_set(club, values["rule_set"], values["game"])
        self._check_seat_count(rule_set, values["game"], len(values["seats"]))
        if kind == TableKind.DIRECTED:
            table = self._directed(club, acting_user(request), values, rule_set)
        else:
            table = member_table_create(
                club=club, by=acting_user(request), values=values, rule_set=rule_set
            )
        body = table_body(club, table.pk, request.user)
        return Response(body, status=status.HTTP_201_CREATED)

    @staticmethod
    def _directed(
        club: Club, by: User, values: dict[str, Any], rule_set: RuleSet | None
    ) -> LiveTable:
        seats = seat_specs(club, values["seats"], unknown="player", twice="player")
        return services.table_create(
            club=club,
            by=by,
            scheduled_at=values["scheduled_at"],
            rule_set=rule_set,
            game_id=values["game"],
            title=values["title"],
            seats=seats,
            turn_seconds=values["turn_seconds"],
            grace_seconds=values["grace_seconds"],
        )

    @staticmethod
    def _rule_set(club: Club, rule_set_id: int | None, game: str) -> RuleSet | None:
        if rule_set_id is None:
            if not game:
                raise TableError("rule_set", GAME_OR_RULE_SET, "rule_set")
            return None
        rule_set = RuleSet.objects.filter(club=club, pk=rule_set_id).first()
        if rule_set is None:
            raise TableError("rule_set", NO_RULE_SET.format(id=rule_set_id), "rule_set")
        return rule_set

    @staticmethod
    def _check_seat_count(rule_set: RuleSet | None, game_id: str, given: int) -> None:
        """Refuse more seats than the game has, naming the field (broken rules are refused by
        the service itself)."""
        try:
            game = rule_set.build_game() if rule_set is not None else get_game(game_id)
        except RulesError:
            return
        count = game.seating.seats
        if given > count:
            message = services.TOO_MANY_SEATS.format(game=game.id, seats=count, given=given)
            raise TableError("seats", message, "seats")


class TableDetailApi(ClubApi):
    """One table (members): status, seats, hand number, scores and its scoresheet. Public facts
    only: no card of a hand being played."""

    @extend_schema(
        responses={200: OnlineTableDetailSerializer, 403: DENIED, 404: NOT_FOUND},
        operation_id="club_tables_retrieve",
    )
    def get(self, request: Request, slug: str, table_id: int) -> Response:
        return Response(table_body(self.get_club(request, slug=slug), table_id, request.user))


class TableControlApi(ClubApi):
    """A director's control of one table (``POST``): the service named by ``control`` runs
    under the table's lock, and everyone at the table sees the new state over the socket."""

    write_capability = Capability.DIRECT
    control: Callable[..., LiveTable]
    description = ""

    def post(self, request: Request, slug: str, table_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        table = facts.table_of(club, table_id)
        type(self).control(table_id=table.pk, by=acting_user(request))
        return Response(table_body(club, table.pk))


def _control_schema(name: str, what: str) -> Any:
    return extend_schema_view(
        post=extend_schema(
            request=None,
            responses={200: OnlineTableDetailSerializer, 409: TABLE_STATE, **ERRORS},
            operation_id=f"club_tables_{name}",
            description=what,
        )
    )


@_control_schema(
    "pause",
    "Pause a playing table: computer players and clocks stop, and "
    "players' actions are refused with 'table_paused' (409 'not_playing' otherwise).",
)
class TablePauseApi(TableControlApi):
    control = staticmethod(services.table_pause)


@_control_schema(
    "resume",
    "Resume a paused table, or restart a stalled one: the computer or "
    "the clock moves again (409 'not_paused' for an ended table).",
)
class TableResumeApi(TableControlApi):
    control = staticmethod(services.table_resume)


@_control_schema(
    "abandon",
    "End a table before its game is over: its finished hands stay on "
    "its scoresheet, which the directors may then correct (409 'ended' if it "
    "already ended). Directors abandon any table; the host of a member's table (practice "
    "or friendly) abandons theirs (403 'not_host' for other members).",
)
class TableAbandonApi(TableControlApi):
    """A director's abandon of any table, or the host's of their member's table."""

    write_capability = Capability.VIEW
    control = staticmethod(services.table_abandon)

    def post(self, request: Request, slug: str, table_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        table = facts.table_of(club, table_id, request.user)
        if table.is_members:
            services.member_table_abandon(table_id=table.pk, by=acting_user(request))
            return Response(table_body(club, table.pk, request.user))
        self.require(request, Capability.DIRECT)
        return super().post(request, slug, table_id)


class TableNoShowApi(ClubApi):
    """A director's decision (``POST``) for a match table flagged because a seated player has
    not come (the event's no-show rule is "director")."""

    write_capability = Capability.DIRECT

    class InputSerializer(serializers.Serializer[Any]):
        decision = serializers.CharField(
            help_text="'computer' (the computer plays the absent seats and the game starts), "
            "'forfeit' (the absent side forfeits the match) or 'wait' (one more grace time)."
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: OnlineTableDetailSerializer, 409: TABLE_STATE, **ERRORS},
        operation_id="club_tables_no_show",
        description="Decide for a flagged match: refusals 'unknown_decision', 'not_flagged' "
        "and 409 'started' (the game started or the table ended).",
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        table = facts.table_of(club, table_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.match_no_show_decide(
            table_id=table.pk, decision=data.validated_data["decision"], by=acting_user(request)
        )
        return Response(table_body(club, table.pk))


class TableHandApi(ClubApi):
    """A finished hand of a table (members), as the replay page shows it to the viewer's seat:
    its actions in order, another seat's discard as a number of cards."""

    class OutputSerializer(serializers.Serializer[Any]):
        class ResultSerializer(serializers.Serializer[Any]):
            outcome = serializers.CharField(help_text="'scored', or 'redeal' (all passed).")
            made = serializers.BooleanField(allow_null=True, required=False)
            delta = serializers.ListField(
                child=serializers.IntegerField(), help_text="Change per side."
            )
            scores_after = serializers.ListField(
                child=serializers.IntegerField(), help_text="Running totals per side after."
            )
            line = serializers.JSONField(
                required=False, help_text="The hand as its scoresheet line (docs/rules.md)."
            )

        number = serializers.IntegerField()
        dealer = serializers.IntegerField(help_text="Seat, from 0: seat 1 on the pages is 0 here.")
        seat = serializers.IntegerField(
            allow_null=True,
            help_text="The seat the viewer plays at this table, from 0: seat 1 on the pages is "
            "0 here; null for a spectator.",
        )
        steps = serializers.ListField(
            child=serializers.CharField(),
            help_text="The actions in the engine's notation ('2 play 5H'); another seat's "
            "discard reads '1 discard (3 cards)'.",
        )
        result = ResultSerializer()

    @extend_schema(
        responses={
            200: OutputSerializer,
            403: DENIED,
            404: NOT_FOUND,
            409: HAND_NOT_FINISHED,
        },
        operation_id="club_tables_hands_retrieve",
    )
    def get(self, request: Request, slug: str, table_id: int, hand_number: int) -> Response:
        table = facts.table_of(self.get_club(request, slug=slug), table_id, request.user)
        record = facts.hand_record(table, hand_number, request.user)
        return Response(self.OutputSerializer(record).data)
