"""What lobbies and pages list of members' tables, by the club's settings."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Club, Membership
from tables.lobby import invitations_waiting, member_games, start_refusal
from tables.models import LiveTable, TableInvitation, TableStatus
from tables.naming import seat_names
from tables.selectors import (
    live_context,
    may_watch,
    open_tables_for,
    recent_results,
    seats_of,
    socket_access,
    tables_to_watch,
)
from tables.services import SeatSpec, friendly_create, invitation_decline, practice_start
from tests.factories import MembershipFactory
from tests.tables.helpers import account

pytestmark = pytest.mark.django_db


def unlisted(club: Club) -> None:
    Club.objects.filter(pk=club.pk).update(friendly_tables_listed=False)
    club.refresh_from_db()


def test_practice_is_watched_where_the_club_lists_members_games(
    club: Club, host: Membership, friend: Membership
) -> None:
    table = practice_start(club=club, by=account(host), game_id="auction45")
    assert list(tables_to_watch(account(friend))) == [table]
    assert may_watch(table, account(friend))
    assert socket_access(table.pk, account(friend)) == (True, None)


def test_unlisted_members_games_are_for_their_players_and_directors(
    club: Club, host: Membership, friend: Membership
) -> None:
    unlisted(club)
    table = practice_start(club=club, by=account(host), game_id="auction45")
    table = LiveTable.objects.select_related("club").get(pk=table.pk)
    director = MembershipFactory.create(club=club, with_account=True, role=Membership.Role.DIRECTOR)
    assert list(tables_to_watch(account(friend))) == []
    assert not may_watch(table, account(friend))
    assert socket_access(table.pk, account(friend)) == (False, None)
    assert list(tables_to_watch(account(director))) == [table]
    assert may_watch(table, account(director))
    assert may_watch(table, account(host))
    LiveTable.objects.filter(pk=table.pk).update(
        status=TableStatus.FINISHED, finished_at=timezone.now()
    )
    assert recent_results(account(friend)) == []
    assert [r.table for r in recent_results(account(director))] == [table]
    assert [r.table for r in recent_results(account(host))] == [table]


def test_an_invitee_may_watch_an_unlisted_table(
    club: Club, host: Membership, friend: Membership
) -> None:
    unlisted(club)
    table = friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player)],
    )
    table = LiveTable.objects.select_related("club").get(pk=table.pk)
    assert may_watch(table, account(friend))
    third = MembershipFactory.create(club=club, with_account=True)
    assert not may_watch(table, account(third))


def test_unlisted_tables_are_unknown_to_other_members_pages(
    club: Club, host: Membership, friend: Membership, client: Client
) -> None:
    unlisted(club)
    table = practice_start(club=club, by=account(host), game_id="auction45")
    client.force_login(account(friend))
    url = reverse("table_detail", args=[club.slug, table.pk])
    assert client.get(url).status_code == 404
    client.force_login(account(host))
    assert client.get(url).status_code == 200


def test_kept_seats_are_not_open(club: Club, host: Membership, friend: Membership) -> None:
    friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player)]
        + [SeatSpec(bot="random")] * 2,
    )
    third = MembershipFactory.create(club=club, with_account=True)
    assert list(open_tables_for(account(third))) == []
    with_open = friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player), SeatSpec()],
    )
    assert list(open_tables_for(account(third))) == [with_open]


def test_invitations_waiting_leave_out_answered_and_lapsed(
    club: Club, host: Membership, friend: Membership
) -> None:
    friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player)],
    )
    waiting = list(invitations_waiting(account(friend)))
    assert [i.table.created_by for i in waiting] == [account(host)]
    assert list(invitations_waiting(account(host))) == []
    TableInvitation.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert list(invitations_waiting(account(friend))) == []


def test_start_refusal_says_why(club: Club, host: Membership) -> None:
    assert start_refusal(club, account(host)) is None
    outsider = MembershipFactory.create(with_account=True)
    refusal = start_refusal(club, account(outsider))
    assert refusal is not None and refusal.code == "not_a_member"
    Club.objects.filter(pk=club.pk).update(member_table_limit=1)
    club.refresh_from_db()
    practice_start(club=club, by=account(host), game_id="auction45")
    refusal = start_refusal(club, account(host))
    assert refusal is not None and refusal.code == "table_limit"
    Club.objects.filter(pk=club.pk).update(members_start_tables=False)
    club.refresh_from_db()
    refusal = start_refusal(club, account(host))
    assert refusal is not None and refusal.code == "members_may_not_start"


def test_member_games_lists_finished_practice_and_friendly(club: Club, host: Membership) -> None:
    table = practice_start(club=club, by=account(host), game_id="auction45")
    assert member_games(host.player) == []
    LiveTable.objects.filter(pk=table.pk).update(
        status=TableStatus.FINISHED, finished_at=timezone.now()
    )
    games = member_games(host.player)
    assert [g.table for g in games] == [table]
    assert games[0].game == "auction45"


def test_a_seat_kept_for_an_invitee_says_for_whom_until_they_answer(
    club: Club, host: Membership, friend: Membership
) -> None:
    table = friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player)],
    )
    table = LiveTable.objects.select_related("club").get(pk=table.pk)
    name = friend.player.display_name
    assert seat_names(seats_of(table))[1:] == [
        f"East (kept for {name})",
        "South (open)",
        "West (open)",
    ]
    rows = live_context(table, 0)["screen"].seats
    assert [row.present for row in rows[1:]] == [True, True, True]  # nobody is away there
    invitation_decline(
        invitation_id=TableInvitation.objects.get(table=table).pk, by=account(friend)
    )
    assert seat_names(seats_of(table))[1].startswith("Computer East")
