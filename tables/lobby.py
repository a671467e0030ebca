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

from club.models import Club, Player
from tables.errors import TableError
from tables.models import (
    MEMBER_KINDS,
    InvitationStatus,
    LiveTable,
    TableInvitation,
    TableSeat,
    TableStatus,
)
from tables.selectors import final_scores, sheet_url, with_last_result
from tables.services.invitations import check_may_start, member_player

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


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


def start_refusal(club: Club, user: AbstractBaseUser) -> TableError | None:
    """Why ``user`` may not start a member's table at ``club`` now (``not_a_member``,
    ``members_may_not_start`` or ``table_limit``, as the services would refuse it), or
    ``None``: pages show this instead of the buttons."""
    try:
        member_player(club, user)  # type: ignore[arg-type]
        check_may_start(club, user)  # type: ignore[arg-type]
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
