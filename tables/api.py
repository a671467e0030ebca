"""The online tables API: list and schedule a club's tables, read one, read a finished hand.

Reached through ``/api/clubs/<slug>/tables/…`` with the pages' capabilities: members read,
directors schedule. Scheduling goes through ``tables.services.table_create`` as the
page's form does, with the same checks; the ids in the body (the rule set, the seated players)
are looked up in the club, and another club's id is answered exactly as an unknown one.

What is read is public: seats, scores, hand numbers, and the record of a finished hand as the
viewer's seat saw it on the replay page. No card anyone holds in a hand being played is ever
answered (``tables.facts``); a hand in progress is refused with 409
``hand_not_finished``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

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
from club.models import Club, Membership, Player, RuleSet
from club.permissions import Capability
from club.wording import rules_name
from engine.rules import RulesError, get_game
from tables import facts, services
from tables.bot_moves import BOT_NAMES
from tables.errors import TableError
from tables.forms import MAX_SEATS
from tables.models import LiveTable, TableStatus

NOW = "now"
AHEAD_MAX = timedelta(days=366)
NO_RULE_SET = gettext_lazy("There is no rule set {id} in this club.")
GAME_OR_RULE_SET = gettext_lazy("Give a rule set of the club or a game id.")
NO_MEMBER = gettext_lazy("Player {id} is not a member of this club.")
PLAYER_TWICE = gettext_lazy("Player {id} cannot sit in two seats.")
PLAYER_AND_BOT = gettext_lazy("A seat takes a member or a computer player, not both.")
TOO_FAR = gettext_lazy("A table is scheduled at most a year ahead.")
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


# --- What the API answers ---------------------------------------------------------------------


class RulesNameField(serializers.CharField):
    """A table's stored rules' name, read as the pages read it (``club.wording.rules_name``)."""

    def to_representation(self, value: Any) -> str:
        return rules_name(str(value))


class OnlineSeatOutputSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField(
        help_text="The seat, clockwise from 0: seat 1 on the pages is 0 here."
    )
    name = serializers.CharField(help_text="The player's name, the computer's, or 'open'.")
    player = serializers.IntegerField(allow_null=True, help_text="The member's player id.")
    bot = serializers.CharField(help_text="The computer player in a computer's seat, or ''.")
    is_bot = serializers.BooleanField()
    is_open = serializers.BooleanField(help_text="Nobody sits here yet.")
    stand_in = serializers.BooleanField(
        help_text="The player is away past the grace time: the computer plays for them."
    )


class OnlineTableOutputSerializer(serializers.Serializer[Any]):
    """A table in a list: ``facts.TableRow`` or ``facts.TableFacts``."""

    id = serializers.IntegerField(source="table.pk")
    title = serializers.CharField(source="table.title")
    status = serializers.ChoiceField(source="table.status", choices=TableStatus.choices)
    game = serializers.CharField(source="table.game", help_text="The engine's game id.")
    rule_set_name = RulesNameField(
        source="table.rule_set_name",
        help_text="The rule set's name; a game's standard rules in the request's language.",
    )
    scheduled_at = serializers.DateTimeField(source="table.scheduled_at")
    hand_number = serializers.IntegerField(
        source="table.hand_number", help_text="The hand being played, from 1; 0 before."
    )
    scoresheet = serializers.IntegerField(
        source="table.scoresheet_id",
        allow_null=True,
        help_text="The sheet the table writes its hands to (/api/clubs/<slug>/sheets/<id>/).",
    )
    seats = OnlineSeatOutputSerializer(many=True)


class OnlineTableDetailSerializer(OnlineTableOutputSerializer):
    class ScoreSerializer(serializers.Serializer[Any]):
        side = serializers.IntegerField(help_text="From 0.")
        name = serializers.CharField()
        seats = serializers.ListField(
            child=serializers.IntegerField(), help_text="The side's seats, from 0."
        )
        score = serializers.IntegerField()

    turn_seconds = serializers.IntegerField(source="table.turn_seconds")
    grace_seconds = serializers.IntegerField(source="table.grace_seconds")
    started_at = serializers.DateTimeField(source="table.started_at", allow_null=True)
    finished_at = serializers.DateTimeField(source="table.finished_at", allow_null=True)
    seq = serializers.IntegerField(source="table.seq", help_text="Actions played so far.")
    to_act = serializers.IntegerField(
        allow_null=True,
        help_text="The seat to act in the hand being played, from 0: seat 1 on the pages is 0 "
        "here; null when nobody is.",
    )
    hands_finished = serializers.IntegerField()
    scores = ScoreSerializer(
        many=True, help_text="Before the hand being played; after the last one once over."
    )


# --- The views ---------------------------------------------------------------------------------


class TableListApi(ClubApi):
    """The club's online tables (members), and scheduling one (directors)."""

    write_capability = Capability.DIRECT

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
                help_text="A computer player. Neither a player nor a computer: an open seat.",
            )

            def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
                if attrs["player"] is not None and attrs["bot"]:
                    raise serializers.ValidationError(PLAYER_AND_BOT, code="player_and_bot")
                return attrs

        rule_set = optional_id("A rule set of the club.")
        game = standard_game()
        title = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)
        scheduled_at = WhenField(
            help_text="When the table opens (at most a year ahead), or 'now'. Players take "
            "their seats from then on; the game starts when all are filled."
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
        responses={201: OnlineTableDetailSerializer, **ERRORS},
        operation_id="club_tables_create",
    )
    def post(self, request: Request, slug: str) -> Response:
        club = self.get_club(request, slug=slug)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        rule_set = self._rule_set(club, values["rule_set"], values["game"])
        seats = self._seats(club, values["seats"])
        self._check_seat_count(rule_set, values["game"], len(seats))
        table = services.table_create(
            club=club,
            by=acting_user(request),
            scheduled_at=values["scheduled_at"],
            rule_set=rule_set,
            game_id=values["game"],
            title=values["title"],
            seats=seats,
            turn_seconds=values["turn_seconds"],
            grace_seconds=values["grace_seconds"],
        )
        body = OnlineTableDetailSerializer(facts.table_facts(facts.table_of(club, table.pk))).data
        return Response(body, status=status.HTTP_201_CREATED)

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
    def _seats(club: Club, seats: list[dict[str, Any]]) -> list[services.SeatSpec]:
        """The seats asked for, each member looked up in the club."""
        ids = [seat["player"] for seat in seats if seat["player"] is not None]
        members: dict[int, Player] = {
            m.player_id: m.player
            for m in Membership.objects.filter(club=club, player_id__in=ids).select_related(
                "player"
            )
        }
        specs = []
        seen: set[int] = set()
        for index, seat in enumerate(seats):
            player_id = seat["player"]
            if player_id is None:
                specs.append(services.SeatSpec(bot=seat["bot"]))
                continue
            field = f"seats.{index}.player"
            if player_id not in members:
                raise TableError("player", NO_MEMBER.format(id=player_id), field)
            if player_id in seen:
                raise TableError("player", PLAYER_TWICE.format(id=player_id), field)
            seen.add(player_id)
            specs.append(services.SeatSpec(player=members[player_id]))
        return specs

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
        table = facts.table_of(self.get_club(request, slug=slug), table_id, request.user)
        return Response(OnlineTableDetailSerializer(facts.table_facts(table)).data)


class TableControlApi(ClubApi):
    """A director's control of one table (``POST``): the service named by ``control`` runs
    under the table's lock, and everyone at the table sees the new state over the socket."""

    write_capability = Capability.DIRECT
    control: Callable[..., LiveTable]
    description = ""

    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = facts.table_of(self.get_club(request, slug=slug), table_id)
        type(self).control(table_id=table.pk, by=acting_user(request))
        table = facts.table_of(self.get_club(request, slug=slug), table_id)
        return Response(OnlineTableDetailSerializer(facts.table_facts(table)).data)


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
    "already ended).",
)
class TableAbandonApi(TableControlApi):
    control = staticmethod(services.table_abandon)


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
        table = facts.table_of(self.get_club(request, slug=slug), table_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.match_no_show_decide(
            table_id=table.pk, decision=data.validated_data["decision"], by=acting_user(request)
        )
        table = facts.table_of(self.get_club(request, slug=slug), table_id)
        return Response(OnlineTableDetailSerializer(facts.table_facts(table)).data)


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
