"""Invitations to members' tables: accepted, declined, withdrawn, lapsed; seats kept."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from club.models import Club, Membership
from tables.errors import TableError
from tables.lobby_feed import club_group, user_group
from tables.models import LiveTable, TableInvitation, TableStatus, Unanswered
from tables.services import (
    SeatSpec,
    friendly_create,
    invitation_accept,
    invitation_decline,
    invitation_withdraw,
    invitations_expire_sweep,
    open_seat_take,
    seat_take,
    seats_fill_with_bots,
)
from tables.tasks import invitations_expire_due
from tests.factories import MembershipFactory
from tests.tables.helpers import account
from tests.tables.helpers import invited_friend as friendly

pytestmark = pytest.mark.django_db


def test_accepting_seats_the_invitee_and_starts_the_full_table(
    club: Club, host: Membership, friend: Membership
) -> None:
    table, invitation = friendly(club, host, friend)
    invitation_accept(invitation_id=invitation.pk, by=account(friend))
    table.refresh_from_db()
    invitation.refresh_from_db()
    assert table.seats.get(index=1).player == friend.player
    assert invitation.status == TableInvitation.Status.ACCEPTED
    assert invitation.answered_at is not None
    assert table.status == TableStatus.PLAYING
    # A retry of the same answer changes nothing and is not refused.
    invitation_accept(invitation_id=invitation.pk, by=account(friend))


def test_only_the_invitee_answers(club: Club, host: Membership, friend: Membership) -> None:
    _, invitation = friendly(club, host, friend)
    with pytest.raises(TableInvitation.DoesNotExist):
        invitation_accept(invitation_id=invitation.pk, by=account(host))
    with pytest.raises(TableInvitation.DoesNotExist):
        invitation_decline(invitation_id=invitation.pk, by=account(host))
    invitation.refresh_from_db()
    assert invitation.is_pending


def test_declining_gives_the_seat_to_the_computer_and_starts(
    club: Club, host: Membership, friend: Membership
) -> None:
    table, invitation = friendly(club, host, friend)
    invitation_decline(invitation_id=invitation.pk, by=account(friend))
    table.refresh_from_db()
    seat = table.seats.get(index=1)
    assert (seat.player, seat.bot_name) == (None, "random")
    assert table.status == TableStatus.PLAYING
    with pytest.raises(TableError) as refused:
        invitation_accept(invitation_id=invitation.pk, by=account(friend))
    assert refused.value.code == "invitation_closed"
    assert table.seats.get(index=1).player is None


def test_declining_opens_the_seat_when_the_table_says_so(
    club: Club, host: Membership, friend: Membership
) -> None:
    table, invitation = friendly(club, host, friend, if_unanswered=Unanswered.OPEN)
    invitation_decline(invitation_id=invitation.pk, by=account(friend))
    table.refresh_from_db()
    assert table.seats.get(index=1).is_empty
    assert table.status == TableStatus.OPEN


def test_the_host_withdraws_and_the_seat_opens(
    club: Club, host: Membership, friend: Membership
) -> None:
    table, invitation = friendly(club, host, friend)
    other = MembershipFactory.create(club=club, with_account=True)
    with pytest.raises(TableError) as refused:
        invitation_withdraw(invitation_id=invitation.pk, by=account(other))
    assert refused.value.code == "not_host"
    assert refused.value.status == 403
    invitation.refresh_from_db()
    assert invitation.is_pending
    outsider = MembershipFactory.create(with_account=True)
    with pytest.raises(TableInvitation.DoesNotExist):
        invitation_withdraw(invitation_id=invitation.pk, by=account(outsider))
    invitation_withdraw(invitation_id=invitation.pk, by=account(host))
    invitation.refresh_from_db()
    assert invitation.status == TableInvitation.Status.WITHDRAWN
    assert table.seats.get(index=1).is_empty
    seat_take(table_id=table.pk, index=1, player=other.player)
    assert table.seats.get(index=1).player == other.player


def test_a_kept_seat_is_not_taken_by_another(
    club: Club, host: Membership, friend: Membership
) -> None:
    table, _ = friendly(club, host, friend)
    other = MembershipFactory.create(club=club, with_account=True)
    with pytest.raises(TableError) as refused:
        open_seat_take(table_id=table.pk, index=1, by=account(other))
    assert refused.value.code == "seat_reserved"
    with pytest.raises(TableError) as refused:
        seat_take(table_id=table.pk, index=1, player=other.player)
    assert refused.value.code == "seat_reserved"
    assert table.seats.get(index=1).player is None


def test_an_open_seat_is_taken_from_the_lobby(club: Club, host: Membership) -> None:
    table = friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        seats=[SeatSpec(player=host.player), SeatSpec()] + [SeatSpec(bot="random")] * 2,
    )
    outsider = MembershipFactory.create(with_account=True)
    with pytest.raises(LiveTable.DoesNotExist):
        open_seat_take(table_id=table.pk, index=1, by=account(outsider))
    other = MembershipFactory.create(club=club, with_account=True)
    open_seat_take(table_id=table.pk, index=1, by=account(other))
    table.refresh_from_db()
    assert table.seats.get(index=1).player == other.player
    assert table.status == TableStatus.PLAYING


@pytest.mark.parametrize(
    ("unanswered", "bot", "status"),
    [(Unanswered.COMPUTER, "random", TableStatus.PLAYING), (Unanswered.OPEN, "", "open")],
)
def test_the_beat_lapses_invitations_past_their_time(
    club: Club, host: Membership, friend: Membership, unanswered: str, bot: str, status: str
) -> None:
    table, invitation = friendly(club, host, friend, if_unanswered=unanswered)
    assert invitations_expire_sweep() == []
    TableInvitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    assert invitations_expire_due.apply().get() == [invitation.pk]
    invitation.refresh_from_db()
    table.refresh_from_db()
    assert invitation.status == TableInvitation.Status.EXPIRED
    assert table.seats.get(index=1).bot_name == bot
    assert table.status == status
    assert invitations_expire_sweep() == []


def test_a_lapsed_invitation_is_not_accepted(
    club: Club, host: Membership, friend: Membership
) -> None:
    table, invitation = friendly(club, host, friend)
    TableInvitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    with pytest.raises(TableError) as refused:
        invitation_accept(invitation_id=invitation.pk, by=account(friend))
    assert refused.value.code == "invitation_closed"
    assert table.seats.get(index=1).player is None


def test_the_lobbies_concerned_are_told(
    club: Club,
    host: Membership,
    friend: Membership,
    lobby_groups: list[str],
    django_capture_on_commit_callbacks: Any,
) -> None:
    sent = lobby_groups
    with django_capture_on_commit_callbacks(execute=True):
        _, invitation = friendly(club, host, friend)
    assert {user_group(account(host).pk), user_group(account(friend).pk)} <= set(sent)
    assert club_group(club.pk) in sent
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        invitation_decline(invitation_id=invitation.pk, by=account(friend))
    assert {user_group(account(host).pk), user_group(account(friend).pk)} <= set(sent)


def test_filling_with_computers_withdraws_the_invitations(
    club: Club, host: Membership, friend: Membership
) -> None:
    table, invitation = friendly(club, host, friend)
    seats_fill_with_bots(table_id=table.pk, bot_name="random")
    invitation.refresh_from_db()
    table.refresh_from_db()
    assert invitation.status == TableInvitation.Status.WITHDRAWN
    assert table.status == TableStatus.PLAYING
    with pytest.raises(TableError) as refused:
        invitation_accept(invitation_id=invitation.pk, by=account(friend))
    assert refused.value.code == "invitation_closed"
    assert table.seats.get(index=1).player is None
