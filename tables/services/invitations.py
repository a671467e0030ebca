"""Invitations to the seats of members' tables: sending them, the invitee's answer, the
host's withdrawal, their lapse, and open seats taken from the lobby (the rules and refusals
are in ``tables.services.members``). The shared checks of members' tables live here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.models import Club, Membership, Player
from club.permissions import Capability, has_capability
from tables.bot_moves import DEFAULT_BOT
from tables.errors import MembersRefused, TableError, TableStateRefused, Throttled
from tables.lobby import member_player
from tables.models import (
    LiveTable,
    TableInvitation,
    TableSeat,
    TableStatus,
    Unanswered,
)
from tables.services.play import changed, lobby_nudge, locked, seat_row
from tables.services.seating import (
    ALREADY_SEATED,
    ALREADY_STARTED,
    NOT_A_MEMBER,
    SeatSpec,
    seat_take,
    start_if_ready,
)
from tables.signals import table_invited

if TYPE_CHECKING:
    from django.contrib.auth.models import User

Status = TableInvitation.Status

INVITED_TWICE = gettext_lazy("{player} cannot be asked to two seats of one table.")
HOST_SEAT = gettext_lazy("You sit at a table you start: put yourself in exactly one seat.")
INVITATION_CLOSED = gettext_lazy("This invitation is no longer waiting for an answer ({status}).")
INVITATION_LAPSED = gettext_lazy("This invitation has lapsed.")
NOT_HOST = gettext_lazy("Only the host of this table, or a director of {club}, may do this.")
THROTTLED = gettext_lazy(
    "You may invite {limit} people an hour; wait a while before inviting more."
)
NOT_FINISHED = gettext_lazy("The game at this table is not over yet.")
NOT_MEMBERS_TABLE = gettext_lazy("Only a member's practice or friendly game is played again.")
NO_INVITATION_THERE = gettext_lazy("No seat is kept for you at the new game of this table.")

#: How long an invitation to a table that starts now waits for its answer, by default.
ANSWER_TIME = timedelta(minutes=15)
#: How long before the start an invitation to a later table lapses, by default.
ANSWER_BEFORE_START = timedelta(hours=1)
#: How long "Play again" keeps the other players' seats for them.
PLAY_AGAIN_TIME = timedelta(minutes=5)


# --- Who may do what ---------------------------------------------------------------------------


def visible_locked(table_id: int, by: User) -> LiveTable:
    """The table ``table_id`` locked, if ``by`` may see its club (else it is unknown)."""
    table = locked(table_id)
    if not has_capability(by, table.club, Capability.VIEW):
        raise LiveTable.DoesNotExist(table_id)
    return table


def check_host(table: LiveTable, by: User) -> None:
    if table.created_by_id != by.pk and not has_capability(by, table.club, Capability.DIRECT):
        raise MembersRefused("not_host", NOT_HOST.format(club=table.club))


# --- Invitations -------------------------------------------------------------------------------


def invitees_check(club: Club, host: Player, seats: Sequence[SeatSpec]) -> list[int]:
    """The seats of people other than the host (to invite), checked: the host in one seat,
    nobody twice, members only."""
    host_seats = [i for i, spec in enumerate(seats) if spec.player == host]
    if len(host_seats) != 1:
        raise TableError("seats", HOST_SEAT)
    seen: set[int] = set()
    invited = []
    for index, spec in enumerate(seats):
        if spec.player is None:
            continue
        if spec.player.pk in seen:
            raise TableError("invited_twice", INVITED_TWICE.format(player=spec.player))
        seen.add(spec.player.pk)
        if not Membership.objects.filter(club=club, player=spec.player).exists():
            raise TableError("not_a_member", NOT_A_MEMBER.format(player=spec.player, club=club))
        if index != host_seats[0]:
            invited.append(index)
    return invited


def check_throttle(by: User, count: int, now: datetime) -> None:
    """``by`` may send ``count`` more invitations this hour."""
    limit = settings.KITTY_INVITATIONS_PER_HOUR
    sent = TableInvitation.objects.filter(
        invited_by_id=by.pk, created__gte=now - timedelta(hours=1)
    ).count()
    if sent + count > limit:
        raise Throttled("throttled", THROTTLED.format(limit=limit))


def answer_by(now: datetime, start: datetime | None) -> datetime:
    """When invitations to a table starting at ``start`` (``None``: now) lapse by default:
    15 minutes from now for one starting now, else an hour before the start but never
    sooner than 15 minutes from now, and never after the start."""
    soon = now + ANSWER_TIME
    if start is None or start <= now:
        return soon
    return min(max(start - ANSWER_BEFORE_START, soon), start)


def invite(
    table: LiveTable, seats: dict[int, Player], by: User, expires_at: datetime
) -> list[TableInvitation]:
    """Keep each of ``seats`` for its player; each invitee hears of it once committed."""
    made = []
    for index, player in seats.items():
        invitation = TableInvitation(
            table=table, seat=index, player=player, invited_by=by, expires_at=expires_at
        )
        invitation.full_clean()
        invitation.save()
        made.append(invitation)
        transaction.on_commit(
            partial(table_invited.send_robust, sender=TableInvitation, invitation_id=invitation.pk)
        )
    return made


def _seat_unanswered(table: LiveTable, index: int) -> None:
    """A seat whose invitee said no (or nothing): the host's computer takes it, or it
    opens, as the table's ``if_unanswered`` says; the game starts if that fills the table."""
    if table.if_unanswered == Unanswered.COMPUTER and not table.is_ended:
        TableSeat.objects.filter(table=table, index=index, player__isnull=True).update(
            bot_name=table.bot_name or DEFAULT_BOT
        )
    changed(table)
    start_if_ready(table)


def _invitation_locked(invitation_id: int, user: User | None) -> tuple[TableInvitation, LiveTable]:
    """The invitation (``user``'s own one, when given) with its table locked before it."""
    found = TableInvitation.objects.filter(pk=invitation_id)
    if user is not None:
        found = found.filter(player__user_id=user.pk)
    table_id = found.values_list("table_id", flat=True).get()
    table = locked(table_id)
    return TableInvitation.objects.select_for_update().get(pk=invitation_id), table


def _check_waiting(invitation: TableInvitation, now: datetime) -> None:
    if not invitation.is_pending:
        status = invitation.get_status_display()
        raise TableStateRefused("invitation_closed", INVITATION_CLOSED.format(status=status))
    if invitation.expires_at <= now:
        raise TableStateRefused("invitation_closed", INVITATION_LAPSED)


def _close(invitation: TableInvitation, status: str, now: datetime) -> None:
    invitation.status = status
    invitation.answered_at = now
    invitation.save(update_fields=["status", "answered_at"])


@transaction.atomic
def invitation_accept(*, invitation_id: int, by: User) -> TableInvitation:
    """``by`` (the invitee) takes the seat kept for them; the game starts if that fills the
    table. Accepting does not count against the club's limit of tables per member (only the
    tables one hosts do). Accepting again an invitation already accepted changes nothing.

    Raises:
        TableError: ``invitation_closed``, ``seated``.
        TableInvitation.DoesNotExist: not ``by``'s invitation.
    """
    invitation, table = _invitation_locked(invitation_id, by)
    if (
        invitation.status == Status.ACCEPTED
        and table.seats.filter(index=invitation.seat, player_id=invitation.player_id).exists()
    ):
        return invitation
    now = timezone.now()
    _check_waiting(invitation, now)
    if table.status not in (TableStatus.SCHEDULED, TableStatus.OPEN):
        raise TableStateRefused("invitation_closed", ALREADY_STARTED)
    mine = table.seats.filter(player_id=invitation.player_id).first()
    if mine is not None:
        raise TableStateRefused("seated", ALREADY_SEATED.format(seat=mine.index + 1))
    seat = seat_row(table, invitation.seat)
    seat.player_id = invitation.player_id
    seat.bot_name = ""
    seat.save(update_fields=["player", "bot_name"])
    _close(invitation, Status.ACCEPTED, now)
    changed(table)
    lobby_nudge(table)
    start_if_ready(table)
    return invitation


@transaction.atomic
def invitation_decline(*, invitation_id: int, by: User) -> TableInvitation:
    """``by`` (the invitee) says no: the seat becomes what the table's ``if_unanswered`` says.
    Declining again changes nothing.

    Raises:
        TableError: ``invitation_closed``.
        TableInvitation.DoesNotExist: not ``by``'s invitation.
    """
    invitation, table = _invitation_locked(invitation_id, by)
    if invitation.status == Status.DECLINED:
        return invitation
    now = timezone.now()
    _check_waiting(invitation, now)
    _close(invitation, Status.DECLINED, now)
    lobby_nudge(table, by.pk)
    _seat_unanswered(table, invitation.seat)
    return invitation


@transaction.atomic
def invitation_withdraw(*, invitation_id: int, by: User) -> TableInvitation:
    """The host takes back an invitation not yet answered: the seat opens. Withdrawing
    again changes nothing.

    Raises:
        TableError: ``invitation_closed``, ``not_host``.
        TableInvitation.DoesNotExist: an invitation to a table of a club ``by`` is not in.
    """
    invitation, table = _invitation_locked(invitation_id, None)
    if not has_capability(by, table.club, Capability.VIEW):
        raise TableInvitation.DoesNotExist(invitation_id)
    check_host(table, by)
    if invitation.status == Status.WITHDRAWN:
        return invitation
    if not invitation.is_pending:
        status = invitation.get_status_display()
        raise TableStateRefused("invitation_closed", INVITATION_CLOSED.format(status=status))
    _close(invitation, Status.WITHDRAWN, timezone.now())
    changed(table)
    lobby_nudge(table, invitation.player.user_id)
    return invitation


def invitations_expire_sweep(*, now: datetime | None = None) -> list[int]:
    """Lapse every waiting invitation past its time (the beat runs it every minute): each
    seat becomes what its table's ``if_unanswered`` says; returns the invitations' ids."""
    now = now or timezone.now()
    due = TableInvitation.objects.filter(status=Status.PENDING, expires_at__lte=now)
    return [pk for pk in due.values_list("pk", flat=True) if _lapse(pk, now)]


@transaction.atomic
def _lapse(invitation_id: int, now: datetime) -> bool:
    """Lapse one invitation if it is still waiting past its time; True if it did."""
    invitation, table = _invitation_locked(invitation_id, None)
    if not invitation.is_pending or invitation.expires_at > now:
        return False
    invitation.status = Status.EXPIRED
    invitation.save(update_fields=["status"])
    lobby_nudge(table, invitation.player.user_id)
    _seat_unanswered(table, invitation.seat)
    return True


def open_seat_take(*, table_id: int, index: int, by: User) -> TableSeat:
    """``by`` takes the open seat ``index`` of a table of their club from the lobby. Taking
    a seat does not count against the club's limit of tables per member (only the tables
    one hosts do).

    Raises:
        TableError: ``seat_reserved``, ``seated``, ``seat_taken``, ``started``,
            ``not_a_member``.
        LiveTable.DoesNotExist: a table of a club ``by`` is not in.
    """
    with transaction.atomic():
        table = visible_locked(table_id, by)
        player = member_player(table.club, by)
        return seat_take(table_id=table.pk, index=index, player=player)
