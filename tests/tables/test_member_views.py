"""Members' own tables, the pages: practice now, a friendly table with invitations, open seats,
leaving, abandoning, "Play again", the lobby and its lists, and the member's games."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Club, Membership
from tables.models import LiveTable, TableInvitation, TableKind, TableStatus
from tables.services import SeatSpec, bots_play, friendly_create, practice_start
from tests.factories import ClubFactory, MembershipFactory
from tests.tables.helpers import table_with

pytestmark = pytest.mark.django_db


def _user(member: Membership) -> User:
    user = member.player.user
    assert user is not None
    return user


def _client(member: Membership) -> Client:
    client = Client()
    client.force_login(_user(member))
    return client


def _members(club: Club | None = None, count: int = 2) -> list[Membership]:
    club = club or ClubFactory.create()
    return [
        MembershipFactory.create(club=club, with_account=True, player__display_name=f"Member {n}")
        for n in range(count)
    ]


def _invited(host: Membership, guest: Membership) -> LiveTable:
    """A friendly table of ``host`` (seat 0) with ``guest`` invited to seat 1."""
    return friendly_create(
        club=host.club,
        by=_user(host),
        seats=[SeatSpec(player=host.player), SeatSpec(player=guest.player)],
        game_id="auction45",
    )


def _said(response: object) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]  # type: ignore[attr-defined]


def _finished(table: LiveTable) -> LiveTable:
    table.status = TableStatus.FINISHED
    table.finished_at = timezone.now()
    table.save(update_fields=["status", "finished_at"])
    return table


# --- Who may come ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["table_lobby", "table_lobby_lists", "table_games", "table_practice"]
)
def test_anonymous_visitors_sign_in_first(name: str) -> None:
    response = (
        Client().post(reverse(name)) if name == "table_practice" else Client().get(reverse(name))
    )
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("sign_in"))


def test_an_action_answers_only_a_post() -> None:
    (member,) = _members(count=1)
    assert _client(member).get(reverse("table_practice")).status_code == 405


# --- Practice now ------------------------------------------------------------------------------


def test_practice_now_starts_a_table_with_computers_and_goes_there() -> None:
    (member,) = _members(count=1)
    response = _client(member).post(
        reverse("table_practice"),
        {"at_club": member.club.slug, "rules": "game:auction45", "level": "random"},
    )
    table = LiveTable.objects.get()
    assert response["Location"] == reverse("table_detail", args=[member.club.slug, table.pk])
    assert (table.kind, table.status) == (TableKind.PRACTICE, TableStatus.PLAYING)
    assert table.seats.filter(bot_name="random").count() == 3


def test_practice_refused_by_the_club_says_why_on_the_lobby() -> None:
    (member,) = _members(count=1)
    Club.objects.filter(pk=member.club_id).update(members_start_tables=False)
    response = _client(member).post(
        reverse("table_practice"),
        {"at_club": member.club.slug, "rules": "game:auction45", "level": "rule"},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("table_lobby")
    assert _said(response) and not LiveTable.objects.exists()


def test_practice_at_another_club_is_not_offered() -> None:
    (member,) = _members(count=1)
    other = ClubFactory.create()
    response = _client(member).post(
        reverse("table_practice"),
        {"at_club": other.slug, "rules": "game:auction45", "level": "rule"},
    )
    assert response.status_code == 302
    assert _said(response) and not LiveTable.objects.exists()


# --- Invitations -------------------------------------------------------------------------------


def test_the_invitee_accepts_and_goes_to_the_table() -> None:
    host, guest = _members()
    table = _invited(host, guest)
    invitation = TableInvitation.objects.get(table=table)
    response = _client(guest).post(reverse("table_invitation_accept", args=[invitation.pk]))
    assert response["Location"] == reverse("table_detail", args=[table.club.slug, table.pk])
    assert table.seats.get(index=1).player == guest.player


def test_the_invitee_declines_and_goes_back_to_the_lobby() -> None:
    host, guest = _members()
    table = _invited(host, guest)
    invitation = TableInvitation.objects.get(table=table)
    response = _client(guest).post(reverse("table_invitation_decline", args=[invitation.pk]))
    assert response["Location"] == reverse("table_lobby")
    invitation.refresh_from_db()
    assert invitation.status == TableInvitation.Status.DECLINED


def test_an_answered_invitation_is_refused_with_a_message() -> None:
    host, guest = _members()
    invitation = TableInvitation.objects.get(table=_invited(host, guest))
    client = _client(guest)
    client.post(reverse("table_invitation_decline", args=[invitation.pk]))
    response = client.post(reverse("table_invitation_accept", args=[invitation.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("table_lobby")
    assert _said(response)


def test_another_persons_invitation_is_unknown() -> None:
    host, guest, third = _members(count=3)
    invitation = TableInvitation.objects.get(table=_invited(host, guest))
    for name in ("table_invitation_accept", "table_invitation_decline"):
        response = _client(third).post(reverse(name, args=[invitation.pk]))
        assert response.status_code == 404
    invitation.refresh_from_db()
    assert invitation.is_pending


def test_the_host_withdraws_an_invitation_and_nobody_else_may() -> None:
    host, guest, third = _members(count=3)
    table = _invited(host, guest)
    invitation = TableInvitation.objects.get(table=table)
    url = reverse("table_invitation_withdraw", args=[invitation.pk])
    refused = _client(third).post(url)
    assert refused.status_code == 302 and _said(refused)
    invitation.refresh_from_db()
    assert invitation.is_pending
    (outsider,) = _members(count=1)
    assert _client(outsider).post(url).status_code == 404

    response = _client(host).post(url)
    assert response["Location"] == reverse("table_detail", args=[table.club.slug, table.pk])
    invitation.refresh_from_db()
    assert invitation.status == TableInvitation.Status.WITHDRAWN


# --- Open seats, leaving, abandoning, play again ------------------------------------------------


def _open_table(host: Membership) -> LiveTable:
    return friendly_create(
        club=host.club,
        by=_user(host),
        seats=[SeatSpec(player=host.player), SeatSpec(), SeatSpec(bot="random"), SeatSpec()],
        game_id="auction45",
    )


def test_a_member_takes_an_open_seat_from_the_lobby() -> None:
    host, member = _members()
    table = _open_table(host)
    response = _client(member).post(reverse("table_seat_take", args=[table.pk]), {"index": "1"})
    assert response["Location"] == reverse("table_detail", args=[table.club.slug, table.pk])
    assert table.seats.get(index=1).player == member.player


def test_a_seat_refused_or_not_given_is_said_not_a_500() -> None:
    host, member = _members()
    table = _open_table(host)
    client = _client(member)
    taken = client.post(reverse("table_seat_take", args=[table.pk]), {"index": "0"})
    no_index = client.post(reverse("table_seat_take", args=[table.pk]), {"index": "x"})
    assert taken.status_code == no_index.status_code == 302
    assert _said(taken) and _said(no_index)


def test_a_table_of_another_club_is_unknown() -> None:
    host, _ = _members()
    table = _open_table(host)
    (outsider,) = _members(count=1)
    client = _client(outsider)
    for name in ("table_seat_take", "table_leave", "table_member_abandon", "table_play_again"):
        assert client.post(reverse(name, args=[table.pk]), {"index": "1"}).status_code == 404
    assert not table.seats.filter(player=outsider.player).exists()


def test_leaving_a_practice_goes_to_the_lobby_and_the_game_waits() -> None:
    (member,) = _members(count=1)
    table = practice_start(club=member.club, by=_user(member), game_id="auction45")
    response = _client(member).post(reverse("table_leave", args=[table.pk]))
    assert response["Location"] == reverse("table_lobby")
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING


def test_only_the_host_abandons() -> None:
    host, member = _members()
    table = _open_table(host)
    refused = _client(member).post(reverse("table_member_abandon", args=[table.pk]))
    assert refused.status_code == 302 and _said(refused)
    table.refresh_from_db()
    assert not table.is_ended
    _client(host).post(reverse("table_member_abandon", args=[table.pk]))
    table.refresh_from_db()
    assert table.status == TableStatus.ABANDONED


def test_play_again_before_the_end_is_refused_then_makes_the_next_table() -> None:
    (member,) = _members(count=1)
    table = practice_start(club=member.club, by=_user(member), game_id="auction45")
    client = _client(member)
    refused = client.post(reverse("table_play_again", args=[table.pk]))
    assert refused["Location"] == reverse("table_detail", args=[table.club.slug, table.pk])
    assert _said(refused)
    _finished(table)
    response = client.post(reverse("table_play_again", args=[table.pk]))
    table.refresh_from_db()
    assert table.next_table is not None
    assert response["Location"] == reverse(
        "table_detail", args=[table.club.slug, table.next_table.pk]
    )


# --- The friendly table page -------------------------------------------------------------------


def _friendly_data(**seats: str) -> dict[str, str]:
    data = {
        "rules": "game:auction45",
        "when": "now",
        "turn_seconds": "60",
        "grace_seconds": "120",
        "bot_name": "rule",
        "if_unanswered": "computer",
        "seat_0": "me",
        "seat_1": "bot:rule",
        "seat_2": "",
        "seat_3": "bot:random",
    }
    data.update(seats)
    return data


def test_the_friendly_page_offers_the_clubs_members_but_not_me_nor_outsiders() -> None:
    host, friend = _members()
    (outsider,) = _members(count=1)
    page = _client(host).get(reverse("table_friendly", args=[host.club.slug])).content.decode()
    assert f"player:{friend.player_id}" in page
    assert f"player:{host.player_id}" not in page
    assert f"player:{outsider.player_id}" not in page


def test_a_friendly_table_invites_and_goes_to_the_table() -> None:
    host, friend = _members()
    url = reverse("table_friendly", args=[host.club.slug])
    response = _client(host).post(url, _friendly_data(seat_2=f"player:{friend.player_id}"))
    table = LiveTable.objects.get()
    assert response["Location"] == reverse("table_detail", args=[table.club.slug, table.pk])
    assert table.kind == TableKind.FRIENDLY
    assert table.seats.get(index=0).player == host.player
    invitation = TableInvitation.objects.get(table=table)
    assert (invitation.player, invitation.seat) == (friend.player, 2)
    assert table.seats.get(index=2).player is None


def test_posting_an_outsider_or_no_own_seat_is_a_field_error() -> None:
    host, _ = _members()
    (outsider,) = _members(count=1)
    url = reverse("table_friendly", args=[host.club.slug])
    client = _client(host)
    response = client.post(url, _friendly_data(seat_2=f"player:{outsider.player_id}"))
    assert response.status_code == 200
    assert response.context["form"].has_error("seat_2")
    response = client.post(url, _friendly_data(seat_0="bot:rule"))
    assert response.context["form"].has_error("seat_0")
    assert not LiveTable.objects.exists()


def test_a_club_that_lets_no_member_start_says_so_on_the_friendly_page() -> None:
    host, _ = _members()
    Club.objects.filter(pk=host.club_id).update(members_start_tables=False)
    url = reverse("table_friendly", args=[host.club.slug])
    client = _client(host)
    assert 'id="start-refused"' in client.get(url).content.decode()
    response = client.post(url, _friendly_data())
    assert response.status_code == 200 and not LiveTable.objects.exists()


# --- The lobby, its lists, my games ------------------------------------------------------------


def test_the_lobby_lists_an_invitation_for_the_invitee_only() -> None:
    host, guest, third = _members(count=3)
    invitation = TableInvitation.objects.get(table=_invited(host, guest))
    mark = f'data-invitation="{invitation.pk}"'
    guest_page = _client(guest).get(reverse("table_lobby")).content.decode()
    assert mark in guest_page
    assert reverse("table_invitation_accept", args=[invitation.pk]) in guest_page
    # First on a phone: Practice now and the invitations, before every other list.
    first_list = guest_page.index('id="mine-title"')
    assert guest_page.index('id="practice-now"') < first_list
    assert guest_page.index('id="invitations"') < first_list
    assert mark not in _client(third).get(reverse("table_lobby")).content.decode()
    assert mark not in _client(host).get(reverse("table_lobby")).content.decode()


def test_the_lobby_shows_practice_or_why_not() -> None:
    (member,) = _members(count=1)
    client = _client(member)
    page = client.get(reverse("table_lobby")).content.decode()
    assert 'id="practice-start"' in page
    assert reverse("table_friendly", args=[member.club.slug]) in page
    Club.objects.filter(pk=member.club_id).update(members_start_tables=False)
    page = client.get(reverse("table_lobby")).content.decode()
    assert 'id="practice-start"' not in page and 'id="start-refused"' in page


def test_the_lists_alone_for_the_live_refresh() -> None:
    host, guest = _members()
    invitation = TableInvitation.objects.get(table=_invited(host, guest))
    response = _client(guest).get(reverse("table_lobby_lists"))
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body and 'id="invitations"' in body
    assert f'data-invitation="{invitation.pk}"' in body


def test_my_games_lists_finished_tables_page_by_page() -> None:
    (member,) = _members(count=1)
    tables = [
        _finished(practice_start(club=member.club, by=_user(member), game_id="auction45"))
        for _ in range(2)
    ]
    LiveTable.objects.filter(pk=tables[1].pk).update(finished_at=timezone.now() + timedelta(1))
    page = _client(member).get(reverse("table_games")).content.decode()
    assert page.index(f'data-result="{tables[1].pk}"') < page.index(f'data-result="{tables[0].pk}"')
    assert _client(member).get(reverse("table_games"), {"page": "x"}).status_code == 200


# --- The table page ----------------------------------------------------------------------------


def test_an_invited_seat_waits_the_host_withdraws_the_invitee_answers() -> None:
    host, guest = _members()
    table = _invited(host, guest)
    invitation = TableInvitation.objects.get(table=table)
    url = reverse("table_detail", args=[table.club.slug, table.pk])
    host_page = _client(host).get(url).content.decode()
    assert "Invited: Member 1 (waiting)" in host_page
    assert f'data-withdraw="{invitation.pk}"' in host_page
    assert 'id="take-seat-1"' not in host_page
    guest_page = _client(guest).get(url).content.decode()
    assert 'id="invitation-accept"' in guest_page and "data-withdraw" not in guest_page


def test_play_again_is_shown_at_the_end_of_a_members_table_only() -> None:
    (member,) = _members(count=1)
    table = practice_start(club=member.club, by=_user(member), game_id="auction45")
    url = reverse("table_detail", args=[table.club.slug, table.pk])
    client = _client(member)
    playing = client.get(url).content.decode()
    assert 'id="table-leave"' in playing and "after-game-shown" not in playing
    _finished(table)
    assert "after-game-shown" in client.get(url).content.decode()
    LiveTable.objects.filter(pk=table.pk).update(kind=TableKind.DIRECTED)
    assert 'id="play-again"' not in client.get(url).content.decode()


def test_a_seat_kept_for_an_invitee_is_not_offered_in_the_lobby() -> None:
    host, guest, third = _members(count=3)
    table = friendly_create(
        club=host.club,
        by=_user(host),
        seats=[
            SeatSpec(player=host.player),
            SeatSpec(player=guest.player),
            SeatSpec(),
            SeatSpec(bot="rule"),
        ],
        game_id="auction45",
    )
    page = _client(third).get(reverse("table_lobby")).content.decode()
    assert f'data-take="{table.pk}-2"' in page
    assert f'data-take="{table.pk}-1"' not in page


def test_recent_games_offer_play_again_and_the_replay_to_who_sat_there() -> None:
    player, other = _members()
    table, _ = table_with(club=player.club, people=0, bots=4, seed=3)
    bots_play(table_id=table.pk)
    practice = _finished(practice_start(club=player.club, by=_user(player), game_id="auction45"))
    page = _client(player).get(reverse("table_lobby")).content.decode()
    assert f'data-again="{practice.pk}"' in page
    assert f'data-again="{table.pk}"' not in page  # not a member's table
    table.refresh_from_db()
    replay = reverse("table_hand", args=[table.club.slug, table.pk, table.hand_number])
    assert replay in page
    theirs = _client(other).get(reverse("table_lobby")).content.decode()
    assert f'data-again="{practice.pk}"' not in theirs
