"""Members' own tables: starting practice and friendly games, and the club's settings."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.utils import timezone

from club.models import Club, Membership
from tables import live, selectors
from tables.errors import TableError
from tables.models import LiveTable, TableInvitation, TableKind, TableStatus
from tables.services import (
    SeatSpec,
    bots_play,
    friendly_create,
    practice_start,
    seat_away_check,
)
from tests.factories import MembershipFactory
from tests.tables.helpers import account

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db


def test_practice_starts_at_once_with_computers_and_no_clock(club: Club, host: Membership) -> None:
    table = practice_start(club=club, by=account(host), game_id="auction45", bot_name="random")
    table.refresh_from_db()
    seats = list(table.seats.order_by("index"))
    assert table.kind == TableKind.PRACTICE
    assert table.status == TableStatus.PLAYING
    assert table.turn_seconds == 0
    assert table.created_by == account(host)
    assert seats[0].player == host.player
    assert [s.bot_name for s in seats[1:]] == ["random"] * 3


def test_the_away_member_alone_at_practice_is_not_stood_in_for(
    club: Club, host: Membership
) -> None:
    table = practice_start(club=club, by=account(host), game_id="auction45")
    later = timezone.now() + timedelta(hours=2)
    assert seat_away_check(table_id=table.pk, index=0, now=later) is False
    assert not table.seats.get(index=0).bot_playing


def test_members_may_not_start_when_the_club_says_so(club: Club, host: Membership) -> None:
    Club.objects.filter(pk=club.pk).update(members_start_tables=False)
    club.refresh_from_db()
    with pytest.raises(TableError) as refused:
        practice_start(club=club, by=account(host), game_id="auction45")
    assert refused.value.code == "members_may_not_start"
    assert refused.value.status == 403
    with pytest.raises(TableError) as refused:
        friendly_create(
            club=club, by=account(host), seats=[SeatSpec(player=host.player)], game_id="pitch52"
        )
    assert refused.value.code == "members_may_not_start"
    assert not LiveTable.objects.exists()


def test_a_director_is_held_to_the_setting_too(club: Club) -> None:
    director = MembershipFactory.create(club=club, with_account=True, role=Membership.Role.DIRECTOR)
    Club.objects.filter(pk=club.pk).update(members_start_tables=False)
    club.refresh_from_db()
    with pytest.raises(TableError) as refused:
        practice_start(club=club, by=account(director), game_id="auction45")
    assert refused.value.code == "members_may_not_start"


def test_the_limit_counts_the_tables_one_hosts(club: Club, host: Membership) -> None:
    Club.objects.filter(pk=club.pk).update(member_table_limit=1)
    club.refresh_from_db()
    first = practice_start(club=club, by=account(host), game_id="auction45")
    with pytest.raises(TableError) as refused:
        practice_start(club=club, by=account(host), game_id="auction45")
    assert refused.value.code == "table_limit"
    assert refused.value.status == 409
    assert LiveTable.objects.count() == 1
    LiveTable.objects.filter(pk=first.pk).update(status=TableStatus.ABANDONED)
    practice_start(club=club, by=account(host), game_id="auction45")
    assert LiveTable.objects.count() == 2


def test_an_outsider_may_not_start(club: Club) -> None:
    outsider = MembershipFactory.create(with_account=True)
    with pytest.raises(TableError) as refused:
        practice_start(club=club, by=account(outsider), game_id="auction45")
    assert refused.value.code == "not_a_member"
    assert not LiveTable.objects.exists()


def test_a_member_seats_nobody_else_but_invites_them(
    club: Club, host: Membership, friend: Membership
) -> None:
    table = friendly_create(
        club=club,
        by=account(host),
        game_id="pitch52",
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player)],
    )
    seats = list(table.seats.order_by("index"))
    assert table.kind == TableKind.FRIENDLY
    assert seats[0].player == host.player
    assert seats[1].player is None
    invitation = TableInvitation.objects.get()
    assert (invitation.seat, invitation.player, invitation.status) == (1, friend.player, "pending")
    assert invitation.invited_by == account(host)
    left = invitation.expires_at - timezone.now()
    assert timedelta(minutes=14) < left <= timedelta(minutes=15)
    assert table.status == TableStatus.OPEN


def test_invitations_to_a_later_table_lapse_an_hour_before_it(
    club: Club, host: Membership, friend: Membership
) -> None:
    start = timezone.now() + timedelta(hours=5)
    friendly_create(
        club=club,
        by=account(host),
        game_id="pitch52",
        scheduled_at=start,
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player)],
    )
    assert TableInvitation.objects.get().expires_at == start - timedelta(hours=1)


@pytest.mark.parametrize(
    ("who", "code"),
    [("twice", "invited_twice"), ("outsider", "not_a_member"), ("no_host", "seats")],
)
def test_friendly_refusals_change_nothing(
    club: Club, host: Membership, friend: Membership, who: str, code: str
) -> None:
    others = {
        "twice": [SeatSpec(player=friend.player), SeatSpec(player=friend.player)],
        "outsider": [SeatSpec(player=MembershipFactory.create().player)],
        "no_host": [],
    }[who]
    mine = [] if who == "no_host" else [SeatSpec(player=host.player)]
    with pytest.raises(TableError) as refused:
        friendly_create(
            club=club,
            by=account(host),
            game_id="auction45",
            seats=mine + others + [SeatSpec(bot="random")],
        )
    assert refused.value.code == code
    assert not LiveTable.objects.exists()
    assert not TableInvitation.objects.exists()


def test_too_many_invitations_an_hour_are_throttled(
    club: Club, host: Membership, friend: Membership, settings: Settings
) -> None:
    settings.KITTY_INVITATIONS_PER_HOUR = 2
    others = MembershipFactory.create_batch(2, club=club)
    friendly_create(
        club=club,
        by=account(host),
        game_id="pitch52",
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player)],
    )
    with pytest.raises(TableError) as refused:
        friendly_create(
            club=club,
            by=account(host),
            game_id="auction45",
            seats=[SeatSpec(player=host.player)] + [SeatSpec(player=m.player) for m in others],
        )
    assert refused.value.code == "throttled"
    assert refused.value.status == 429
    assert LiveTable.objects.count() == 1
    assert TableInvitation.objects.count() == 1


def test_a_friendly_table_of_computers_only_starts_at_once(club: Club, host: Membership) -> None:
    table = friendly_create(
        club=club,
        by=account(host),
        game_id="pitch52",
        seats=[SeatSpec(player=host.player)] + [SeatSpec(bot="random")] * 3,
    )
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING


def test_a_practice_table_waiting_for_its_member_is_not_stalled(
    club: Club, host: Membership
) -> None:
    table = practice_start(club=club, by=account(host), game_id="auction45", bot_name="random")
    bots_play(table_id=table.pk)
    table.refresh_from_db()
    assert live.current_hand(table) is not None
    assert not selectors.table_stalled(table, now=timezone.now() + timedelta(hours=3))
