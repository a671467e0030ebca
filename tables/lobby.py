"""Reads of members' own tables for the lobby and the member's page: the invitations waiting
for an answer, why a member may not start a table now, and the member's finished games.

The lists of tables to join or watch and of results are in ``tables.selectors``
(``open_tables_for``, ``tables_to_watch``, ``recent_results``), which leave out seats kept
for invitees and the members' games a club does not list (``selectors.listed_for``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.models import Club, Player
from tables.errors import MembersRefused, TableError, TableStateRefused
from tables.models import (
    MEMBER_KINDS,
    InvitationStatus,
    LiveTable,
    TableInvitation,
    TableSeat,
    TableStatus,
)
from tables.selectors import final_scores, sheet_url, with_last_result

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

MAY_NOT_START = gettext_lazy("{club} does not let members start tables.")
TABLE_LIMIT = gettext_lazy(
    "You already have {count} tables open at {club}, its limit: finish or abandon one first."
)
YOU_ARE_NOT_A_MEMBER = gettext_lazy("You are not a member of {club}.")


def invitations_waiting(user: AbstractBaseUser) -> QuerySet[TableInvitation]:
    """The invitations to ``user``'s player still waiting for an answer and not lapsed,
    soonest lapsing first, with their table, its club and the host."""
    return (
        TableInvitation.objects.filter(
            player__user_id=user.pk,
            status=InvitationStatus.PENDING,
            expires_at__gt=timezone.now(),
        )
        .select_related("table__club", "table__created_by__player", "invited_by__player")
        .order_by("expires_at", "pk")
    )


def member_player(club: Club, user: AbstractBaseUser) -> Player:
    """``user``'s player in ``club``."""
    player = Player.objects.filter(user_id=user.pk, memberships__club=club).first()
    if player is None:
        raise TableError("not_a_member", YOU_ARE_NOT_A_MEMBER.format(club=club))
    return player


def check_may_start(club: Club, by: AbstractBaseUser) -> None:
    """The club lets members start tables, and ``by`` hosts fewer than its limit."""
    if not club.members_start_tables:
        raise MembersRefused("members_may_not_start", MAY_NOT_START.format(club=club))
    hosting = (
        LiveTable.objects.not_finished()
        .filter(club=club, created_by_id=by.pk, kind__in=MEMBER_KINDS)
        .count()
    )
    if hosting >= club.member_table_limit:
        raise TableStateRefused("table_limit", TABLE_LIMIT.format(count=hosting, club=club))


def start_refusal(club: Club, user: AbstractBaseUser) -> TableError | None:
    """Why ``user`` may not start a member's table at ``club`` now (``not_a_member``,
    ``members_may_not_start`` or ``table_limit``, as the services would refuse it), or
    ``None``: pages show this instead of the buttons."""
    try:
        member_player(club, user)
        check_may_start(club, user)
    except TableError as error:
        return error
    return None


@dataclass(frozen=True)
class MemberGame:
    """A finished practice or friendly game of a member: when, which game, the final
    scores and its sheet."""

    table: LiveTable
    finished_at: datetime | None
    game: str
    scores: str
    sheet_url: str


def member_games(player: Player, limit: int = 20) -> list[MemberGame]:
    """``player``'s finished practice and friendly games, newest first."""
    tables = with_last_result(
        LiveTable.objects.filter(
            pk__in=TableSeat.objects.filter(player=player).values("table_id"),
            kind__in=MEMBER_KINDS,
            status=TableStatus.FINISHED,
        ).select_related("club")
    ).order_by("-finished_at", "-pk")[:limit]
    return [
        MemberGame(table, table.finished_at, table.game, final_scores(table), sheet_url(table))
        for table in tables
    ]
