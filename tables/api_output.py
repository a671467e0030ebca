"""What the online tables API answers about a table: its seats, scores, kind and the
invitations to its seats. Shared by the directors' endpoints (``tables.api``) and the members'
(``tables.api_members``).

Public facts only (``tables.facts``): no card anyone holds in a hand being played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rest_framework import serializers

from club.models import Club
from club.selectors import person_name
from club.wording import rules_name
from tables import facts
from tables.models import InvitationStatus, TableInvitation, TableKind, TableStatus

if TYPE_CHECKING:
    from tables.selectors import AnyUser


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
    kind = serializers.ChoiceField(
        source="table.kind",
        choices=TableKind.choices,
        help_text="directed (a director's), match (an event's), practice or friendly (a "
        "member's: it counts in no standings).",
    )
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


class TableInvitationSerializer(serializers.Serializer[Any]):
    """A member invited to one seat of a member's table."""

    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    seat = serializers.IntegerField(
        help_text="The seat kept for them, from 0: seat 1 on the pages is 0 here."
    )
    player = serializers.IntegerField(source="player_id", help_text="The invited member.")
    name = serializers.CharField(source="player.display_name")
    status = serializers.ChoiceField(
        choices=InvitationStatus.choices,
        help_text="pending: the seat is kept for them until they answer or it expires.",
    )
    expires_at = serializers.DateTimeField(help_text="Not answered by then, it lapses.")


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
    invitations = TableInvitationSerializer(
        many=True, help_text="The invitations waiting for an answer, seat by seat."
    )


class WaitingInvitationSerializer(serializers.Serializer[Any]):
    """An invitation waiting for the caller's answer, with what they need to decide."""

    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    seat = serializers.IntegerField(
        help_text="The seat kept for you, from 0: seat 1 on the pages is 0 here."
    )
    host = serializers.SerializerMethodField(help_text="Who invites you.")
    title = serializers.CharField(source="table.title")
    game = serializers.CharField(source="table.game", help_text="The engine's game id.")
    rule_set_name = RulesNameField(source="table.rule_set_name")
    scheduled_at = serializers.DateTimeField(
        source="table.scheduled_at", help_text="When the table opens."
    )
    expires_at = serializers.DateTimeField(help_text="Answer before this, or it lapses.")

    def get_host(self, invitation: TableInvitation) -> str:
        host = invitation.invited_by or invitation.table.created_by
        return person_name(user=host) if host is not None else ""


def table_body(club: Club, table_id: int, user: AnyUser | None = None) -> dict[str, Any]:
    """One table of ``club`` as the API answers it (404 for a table ``user`` may not watch)."""
    table = facts.table_of(club, table_id, user)
    data: dict[str, Any] = OnlineTableDetailSerializer(facts.table_facts(table)).data
    return data
