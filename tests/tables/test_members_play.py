"""Members' tables in play: leaving and coming back, "Play again", abandoning."""

from __future__ import annotations

from typing import Any

import pytest

from club.models import Club, Membership
from tables import live, readers
from tables.errors import TableError
from tables.lobby_feed import club_group, user_group
from tables.models import LiveTable, TableInvitation, TableKind, TableStatus
from tables.selectors import screen_for
from tables.services import (
    SeatSpec,
    bots_play,
    friendly_create,
    invitation_accept,
    member_table_abandon,
    practice_start,
    table_leave,
    table_play_again,
)
from tests.factories import MembershipFactory
from tests.tables.helpers import account, invited_friend

pytestmark = pytest.mark.django_db


def playing_friendly(club: Club, host: Membership, friend: Membership) -> LiveTable:
    """A friendly table being played: host in seat 0, ``friend`` in 1, computers in 2, 3."""
    table, invitation = invited_friend(club, host, friend)
    invitation_accept(invitation_id=invitation.pk, by=account(friend))
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    return table


def finished(table: LiveTable) -> LiveTable:
    LiveTable.objects.filter(pk=table.pk).update(status=TableStatus.FINISHED)
    table.refresh_from_db()
    return table


def test_practice_resumes_after_leaving_with_the_same_hand(club: Club, host: Membership) -> None:
    table = practice_start(club=club, by=account(host), game_id="auction45", bot_name="random")
    bots_play(table_id=table.pk)
    table.refresh_from_db()
    before = screen_for(table, 0)
    table_leave(table_id=table.pk, by=account(host))
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    assert not table.seats.get(index=0).bot_playing
    # As a new server process would: nothing cached, the hand rebuilt from the log.
    live.forget_all()
    readers.forget_all()
    after = screen_for(LiveTable.objects.select_related("club").get(pk=table.pk), 0)
    assert after.seq == before.seq == table.seq
    assert [card.code for card in after.hand] == [card.code for card in before.hand]
    assert after.hand


def test_leaving_a_friendly_game_hands_the_seat_to_the_computer(
    club: Club, host: Membership, friend: Membership
) -> None:
    table = playing_friendly(club, host, friend)
    table_leave(table_id=table.pk, by=account(friend))
    seat = table.seats.get(index=1)
    assert seat.bot_playing
    assert seat.player == friend.player
    assert seat.bot_name == "random"


def test_leaving_before_the_start_opens_the_seat(club: Club, host: Membership) -> None:
    table = friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        seats=[SeatSpec(bot="random"), SeatSpec(player=host.player), SeatSpec()],
    )
    table_leave(table_id=table.pk, by=account(host))
    assert table.seats.get(index=1).is_empty
    with pytest.raises(TableError) as refused:
        table_leave(table_id=table.pk, by=account(host))
    assert refused.value.code == "not_seated"


def test_leaving_an_ended_table_is_refused(club: Club, host: Membership) -> None:
    table = finished(practice_start(club=club, by=account(host), game_id="auction45"))
    with pytest.raises(TableError) as refused:
        table_leave(table_id=table.pk, by=account(host))
    assert refused.value.code == "ended"


def test_play_again_makes_one_table_and_invites_the_others(
    club: Club, host: Membership, friend: Membership
) -> None:
    table = playing_friendly(club, host, friend)
    with pytest.raises(TableError) as refused:
        table_play_again(table_id=table.pk, by=account(host))
    assert refused.value.code == "not_finished"
    finished(table)
    new = table_play_again(table_id=table.pk, by=account(friend))
    table.refresh_from_db()
    assert table.next_table == new
    assert (new.kind, new.game, new.options) == (TableKind.FRIENDLY, table.game, table.options)
    assert new.rule_set_name == table.rule_set_name
    seats = list(new.seats.order_by("index"))
    assert seats[1].player == friend.player
    assert seats[0].player is None
    assert [s.bot_name for s in seats[2:]] == ["random", "random"]
    invitation = TableInvitation.objects.get(table=new)
    assert (invitation.seat, invitation.player) == (0, host.player)
    # The host presses too: the same new table, their seat taken.
    again = table_play_again(table_id=table.pk, by=account(host))
    assert again == new
    assert LiveTable.objects.count() == 2
    new.refresh_from_db()
    assert new.seats.get(index=0).player == host.player
    assert new.status == TableStatus.PLAYING
    with pytest.raises(TableError) as refused:
        table_play_again(table_id=table.pk, by=account(host))
    assert refused.value.code == "seated"


def test_play_again_leaves_a_computer_in_the_seat_of_one_who_left(
    club: Club, host: Membership, friend: Membership
) -> None:
    table = playing_friendly(club, host, friend)
    table_leave(table_id=table.pk, by=account(friend))
    finished(table)
    new = table_play_again(table_id=table.pk, by=account(host))
    assert not TableInvitation.objects.filter(table=new).exists()
    assert new.seats.get(index=1).bot_name == "random"
    new.refresh_from_db()
    assert new.status == TableStatus.PLAYING


def test_play_again_is_for_the_players_only(
    club: Club, host: Membership, friend: Membership
) -> None:
    table = finished(practice_start(club=club, by=account(host), game_id="auction45"))
    with pytest.raises(TableError) as refused:
        table_play_again(table_id=table.pk, by=account(friend))
    assert refused.value.code == "not_seated"
    new = table_play_again(table_id=table.pk, by=account(host))
    new.refresh_from_db()
    assert (new.kind, new.turn_seconds, new.status) == (TableKind.PRACTICE, 0, "playing")


def test_the_host_or_a_director_abandons(club: Club, host: Membership, friend: Membership) -> None:
    table = friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player)],
    )
    with pytest.raises(TableError) as refused:
        member_table_abandon(table_id=table.pk, by=account(friend))
    assert refused.value.code == "not_host"
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN
    director = MembershipFactory.create(club=club, with_account=True, role=Membership.Role.DIRECTOR)
    member_table_abandon(table_id=table.pk, by=account(director))
    table.refresh_from_db()
    assert table.status == TableStatus.ABANDONED
    assert TableInvitation.objects.get().status == TableInvitation.Status.WITHDRAWN
    with pytest.raises(TableError) as refused:
        member_table_abandon(table_id=table.pk, by=account(host))
    assert refused.value.code == "ended"


def test_abandoning_tells_the_lobbies_of_the_host_the_invitees_and_the_club(
    club: Club,
    host: Membership,
    friend: Membership,
    lobby_groups: list[str],
    django_capture_on_commit_callbacks: Any,
) -> None:
    table = friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player)],
    )
    sent = lobby_groups
    with django_capture_on_commit_callbacks(execute=True):
        member_table_abandon(table_id=table.pk, by=account(host))
    assert set(sent) >= {
        user_group(account(host).pk),
        user_group(account(friend).pk),
        club_group(club.pk),
    }
