"""Members' own tables through the API: practice and friendly tables (made by
``POST /api/clubs/<slug>/tables/`` with their ``kind``), the invitations to their seats, open
seats, "Play again", leaving and the host's abandon.

The same services as the pages (``tables.services``), with the same refusals, for any member
of the club: a member seats nobody but themselves, every other person in a friendly table's
seats is invited and sits only once they accept. Ids are scoped to what the caller may see: an
invitation that is not the caller's, or a table of another club, or a member's table the caller
may not watch, is answered as an unknown one (404).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.http import Http404
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from club.acting import acting_user
from club.api import ClubApi
from club.api_errors import BAD_REQUEST, DENIED, NOT_FOUND, error
from club.models import Club, Membership, Player, RuleSet
from club.permissions import Capability
from tables import facts, services
from tables.api_output import (
    OnlineTableDetailSerializer,
    TableInvitationSerializer,
    WaitingInvitationSerializer,
    table_body,
)
from tables.errors import TableError
from tables.lobby import invitations_waiting
from tables.models import LiveTable, TableInvitation, TableKind

NO_MEMBER = gettext_lazy("Player {id} is not a member of this club.")
PLAYER_TWICE = gettext_lazy("Player {id} cannot sit in two seats.")
#: What ``POST /api/clubs/<slug>/tables/`` makes: a director's table, or a member's.
CREATE_KINDS = [
    (TableKind.DIRECTED.value, "directed: a director's table (directors only)"),
    (TableKind.PRACTICE.value, "practice: you and computers, started at once"),
    (TableKind.FRIENDLY.value, "friendly: you, invited members, computers and open seats"),
]
REFUSED = error(
    "Refused (codes 'members_may_not_start': the club does not let members start tables; "
    "'not_host': only the table's host or a director may do this), or your role in this club "
    "does not allow this ('permission_denied')."
)
STATE = error(
    "The table or the invitation is in the way: 'table_limit', 'seated', "
    "'seat_reserved', 'seat_taken', 'started', 'invitation_closed', 'not_finished', 'ended'."
)
THROTTLED = error(
    "Too many invitations this hour (code 'throttled'), or too many requests: wait the "
    "seconds the Retry-After header gives, if any."
)
ERRORS = {400: BAD_REQUEST, 403: REFUSED, 404: NOT_FOUND, 409: STATE}


# --- Making a member's table ------------------------------------------------------------------


class KindSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(
        choices=CREATE_KINDS,
        default=TableKind.DIRECTED.value,
        help_text="What to make; without it, a director's table, as before member tables.",
    )


def kind_of(data: Any) -> str:
    """The kind a create body asks for, read before the rest: it decides who may post it.

    Raises:
        ValidationError: an unknown kind, or a body that is not an object (400).
    """
    read = KindSerializer(data=data)
    read.is_valid(raise_exception=True)
    kind: str = read.validated_data["kind"]
    return kind


def member_table_create(
    *, club: Club, by: User, values: dict[str, Any], rule_set: RuleSet | None
) -> LiveTable:
    """A practice or friendly table of ``by`` from a create body's validated ``values``."""
    if values["kind"] == TableKind.PRACTICE:
        return services.practice_start(
            club=club, by=by, rule_set=rule_set, game_id=values["game"], bot_name=values["bot"]
        )
    return services.friendly_create(
        club=club,
        by=by,
        seats=seat_specs(club, values["seats"]),
        rule_set=rule_set,
        game_id=values["game"],
        scheduled_at=values.get("scheduled_at"),
        expires_at=values["expires_at"],
        if_unanswered=values["if_unanswered"],
        bot_name=values["bot"],
        title=values["title"],
        turn_seconds=values["turn_seconds"],
        grace_seconds=values["grace_seconds"],
    )


def seat_specs(
    club: Club,
    seats: Sequence[dict[str, Any]],
    *,
    unknown: str = "not_a_member",
    twice: str = "invited_twice",
) -> list[services.SeatSpec]:
    """The seats asked for, each player looked up among the club's members. At a friendly
    table the caller's own player is their seat and any other an invitation: the service
    tells them apart.

    Raises:
        TableError: ``unknown`` (an id of no member of ``club``, another club's included:
            answered as an unknown id), ``twice`` (one player in two seats).
    """
    ids = [seat["player"] for seat in seats if seat["player"] is not None]
    members: dict[int, Player] = {
        m.player_id: m.player
        for m in Membership.objects.filter(club=club, player_id__in=ids).select_related("player")
    }
    specs: list[services.SeatSpec] = []
    seen: set[int] = set()
    for index, seat in enumerate(seats):
        player_id = seat["player"]
        field = f"seats.{index}.player"
        if player_id is None:
            specs.append(services.SeatSpec(bot=seat["bot"]))
            continue
        if player_id not in members:
            raise TableError(unknown, NO_MEMBER.format(id=player_id), field)
        if player_id in seen:
            raise TableError(twice, PLAYER_TWICE.format(id=player_id), field)
        seen.add(player_id)
        specs.append(services.SeatSpec(player=members[player_id]))
    return specs


# --- Invitations ------------------------------------------------------------------------------


class InvitationWaitingApi(ClubApi):
    """The invitations waiting for the caller's answer at the club's tables."""

    @extend_schema(
        responses={200: WaitingInvitationSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
        operation_id="club_tables_invitations_waiting",
    )
    def get(self, request: Request, slug: str) -> Response:
        club = self.get_club(request, slug=slug)
        waiting = invitations_waiting(acting_user(request)).filter(table__club=club)
        return Response(WaitingInvitationSerializer(waiting, many=True).data)


class InvitationAnswerApi(ClubApi):
    """The invitee's answer to their invitation (``POST``), by the service ``answer``; any
    other invitation is not found."""

    write_capability = Capability.VIEW
    answer: Callable[..., TableInvitation]
    invitee = True

    def post(self, request: Request, slug: str, invitation_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        by = acting_user(request)
        invitation = facts.invitation_of(club, invitation_id, by, invitee=type(self).invitee)
        try:
            answered = type(self).answer(invitation_id=invitation.pk, by=by)
        except TableInvitation.DoesNotExist as missing:
            raise Http404(facts.NO_INVITATION.format(id=invitation_id)) from missing
        return Response(TableInvitationSerializer(answered).data)


def _post_schema(operation: str, what: str, answer: Any, answered: int = 200) -> Any:
    """The schema of a ``POST`` without a body that answers ``answer``."""
    return extend_schema_view(
        post=extend_schema(
            request=None,
            responses={answered: answer, **ERRORS},
            operation_id=f"club_tables_{operation}",
            description=what,
        )
    )


def _answer_schema(name: str, what: str) -> Any:
    return _post_schema(f"invitations_{name}", what, TableInvitationSerializer)


@_answer_schema(
    "accept",
    "Take the seat kept for you; the game starts if that fills the table. Another "
    "member's invitation is not found (404). Refusals: 409 'invitation_closed' "
    "(answered, withdrawn or lapsed), 'seated', 'table_limit'.",
)
class InvitationAcceptApi(InvitationAnswerApi):
    answer = staticmethod(services.invitation_accept)


@_answer_schema(
    "decline",
    "Say no: the seat becomes a computer or opens, as the host chose. Another "
    "member's invitation is not found (404); 409 'invitation_closed'.",
)
class InvitationDeclineApi(InvitationAnswerApi):
    answer = staticmethod(services.invitation_decline)


@_answer_schema(
    "withdraw",
    "The host takes back an invitation not yet answered: the seat opens. 403 "
    "'not_host' for anyone else who sees the table; 409 'invitation_closed'.",
)
class InvitationWithdrawApi(InvitationAnswerApi):
    answer = staticmethod(services.invitation_withdraw)
    invitee = False


class TableInvitationListApi(ClubApi):
    """A table's invitations: every one for its host, its players and the directors; the ones
    waiting for an answer for any other member watching it."""

    @extend_schema(
        responses={200: TableInvitationSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
        operation_id="club_tables_invitations_list",
    )
    def get(self, request: Request, slug: str, table_id: int) -> Response:
        table = facts.table_of(self.get_club(request, slug=slug), table_id, request.user)
        invitations = facts.table_invitations(table, request.user)
        return Response(TableInvitationSerializer(invitations, many=True).data)


# --- Seats and the game -----------------------------------------------------------------------


@_post_schema(
    "seats_take",
    "Sit in the open seat 'index' (from 0: seat 1 on the pages is 0 here). Refusals: 409 "
    "'seat_reserved' (kept for an invitee), 'seated' (you sit at this table already); 400 "
    "'seat_taken', 'started', 'seat' (no such seat).",
    OnlineTableDetailSerializer,
)
class SeatTakeApi(ClubApi):
    """A member takes an open seat of a table of the club."""

    write_capability = Capability.VIEW

    def post(self, request: Request, slug: str, table_id: int, index: int) -> Response:
        club = self.get_club(request, slug=slug)
        table = facts.table_of(club, table_id)
        try:
            services.open_seat_take(table_id=table.pk, index=index, by=acting_user(request))
        except LiveTable.DoesNotExist as gone:
            raise Http404(facts.NO_TABLE.format(id=table_id)) from gone
        return Response(table_body(club, table.pk, request.user))


class MemberTableApi(ClubApi):
    """A player's move at their member's table (``POST``) by the service ``act``; answers the
    table it leads to."""

    write_capability = Capability.VIEW
    act: Callable[..., LiveTable]
    created: int = status.HTTP_200_OK

    def post(self, request: Request, slug: str, table_id: int) -> Response:
        club = self.get_club(request, slug=slug)
        table = facts.table_of(club, table_id, request.user)
        after = type(self).act(table_id=table.pk, by=acting_user(request))
        return Response(table_body(club, after.pk, request.user), status=type(self).created)


@_post_schema(
    "leave",
    "Leave your seat: before the start it opens; a practice game waits for you; at a "
    "friendly game being played the computer plays it until you take it back. Refusals: "
    "'not_seated', 409 'ended'.",
    OnlineTableDetailSerializer,
)
class TableLeaveApi(MemberTableApi):
    act = staticmethod(services.table_leave)


@_post_schema(
    "play_again",
    "A new game for the seats of a finished member's table: the first to ask makes it and "
    "sits, the other people are invited; a later one accepts their invitation there. "
    "Answers the new table. Refusals: 409 'not_finished', 'not_seated', 403 "
    "'members_may_not_start', 409 'table_limit'.",
    OnlineTableDetailSerializer,
    answered=201,
)
class TablePlayAgainApi(MemberTableApi):
    act = staticmethod(services.table_play_again)
    created = status.HTTP_201_CREATED
