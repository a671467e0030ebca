"""Table pages: lobby, set-up form, seats, the seat's own screen, hand history."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tables.errors import TableError
from tables.models import LiveTable
from tables.services import SeatSpec, bots_play, table_create
from tests.factories import ClubFactory, MembershipFactory
from tests.tables.helpers import play_hand, state, table_with

pytestmark = pytest.mark.django_db


def _client(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def test_a_director_sets_up_a_table_with_computer_players() -> None:
    director = MembershipFactory.create(role="director", with_account=True)
    club = director.club
    member = MembershipFactory.create(club=club, with_account=True)
    client = _client(director.player.user)
    url = reverse("table_new", args=[club.slug])
    assert client.get(url).status_code == 200
    when = (timezone.localtime() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    response = client.post(
        url,
        {
            "title": "Online 1",
            "rules": "game:auction45",
            "scheduled_at": when,
            "turn_seconds": "45",
            "grace_seconds": "90",
            "seat_0": f"player:{member.player_id}",
            "seat_1": "bot:rule",
            "seat_2": "bot:random",
            "seat_3": "",
        },
    )
    table = LiveTable.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("table_detail", args=[club.slug, table.pk])
    assert (table.title, table.status, table.turn_seconds) == ("Online 1", "scheduled", 45)
    seats = list(table.seats.order_by("index"))
    assert [s.player_id for s in seats] == [member.player_id, None, None, None]
    assert [s.bot_name for s in seats] == ["", "rule", "random", ""]


def test_a_player_takes_a_seat_and_the_host_fills_the_rest() -> None:
    club = ClubFactory.create()
    host = MembershipFactory.create(club=club, role="director", with_account=True)
    player = MembershipFactory.create(club=club, with_account=True)
    table = table_create(
        club=club, by=host.player.user, scheduled_at=timezone.now(), game_id="auction45"
    )
    url = reverse("table_detail", args=[club.slug, table.pk])
    client = _client(player.player.user)
    assert 'id="take-seat-2"' in client.get(url).content.decode()
    client.post(url, {"op": "take", "index": "2"})
    assert table.seats.get(index=2).player == player.player
    # A player who is not the host cannot seat computers.
    assert client.post(url, {"op": "bots", "bot": "random"}).status_code == 403

    _client(host.player.user).post(url, {"op": "bots", "bot": "random"})
    table.refresh_from_db()
    assert table.status == LiveTable.Status.PLAYING
    assert table.seats.filter(bot_name="random").count() == 3


def test_the_table_page_shows_the_own_hand_and_only_legal_actions() -> None:
    table, members = table_with(people=2, bots=2, seed=21, first_dealer=3)
    hand = state(table)
    assert hand.to_act == 0
    url = reverse("table_detail", args=[table.club.slug, table.pk])
    mine = _client(members[0].player.user).get(url).content.decode()
    for card in hand.view(0)["hand"]:
        assert f'data-card="{card}"' in mine
    for action in hand.view(0)["legal"]:
        assert f'data-action="{action}"' in mine
    assert mine.count("data-action=") == len(hand.view(0)["legal"])
    assert 'id="your-turn"' in mine

    theirs = _client(members[1].player.user).get(url).content.decode()
    assert "data-action=" not in theirs
    for card in hand.view(0)["hand"]:
        assert f'data-card="{card}"' not in theirs


def test_the_lobby_lists_my_tables_and_open_seats() -> None:
    table, members = table_with(people=1, bots=1)
    other = MembershipFactory.create(club=table.club, with_account=True)
    mine = _client(members[0].player.user).get(reverse("table_lobby")).content.decode()
    assert str(table) in mine
    assert "Computer East, " in mine  # a computer told apart by its seat and level
    theirs = _client(other.player.user).get(reverse("table_lobby")).content.decode()
    assert "Open seats" in theirs
    assert reverse("table_detail", args=[table.club.slug, table.pk]) in theirs


def test_a_finished_hand_replays_step_by_step() -> None:
    table, members = table_with(people=1, bots=3, seed=5)
    played = play_hand(table)
    client = _client(members[0].player.user)
    url = reverse("table_hand", args=[table.club.slug, table.pk, 1])
    start = client.get(url, {"step": 0}).content.decode()
    assert "the deal" in start
    assert 'id="step-next"' in start
    assert 'id="step-prev"' not in start
    end = client.get(url).content.decode()
    assert f"Step {played} of {played}" in end
    assert 'id="step-next"' not in end
    assert "data-action=" not in end  # history is read-only
    middle = client.get(url, {"step": 3}).content.decode()
    assert 'id="step-action"' in middle
    # Each step as a player says it, by whom: "Computer South, random passed", not "2 call pass".
    said = re.search(r'id="step-action">([^<]*)<', end)
    assert said is not None
    assert re.fullmatch(r"(You|Computer \w+, \w+) played the \w+( of \w+)?", said.group(1))
    # The hand being played is not replayed yet.
    pending = client.get(reverse("table_hand", args=[table.club.slug, table.pk, 2]))
    assert "still being played" in pending.content.decode()


def test_the_sheet_lines_appear_on_the_table_page() -> None:
    table, members = table_with(people=1, bots=3, seed=5)
    play_hand(table)
    url = reverse("table_detail", args=[table.club.slug, table.pk])
    html = _client(members[0].player.user).get(url).content.decode()
    assert 'data-line="1"' in html
    # The totals read as people say them ("30 to -20"), not as a list.
    assert re.search(r"<td>-?\d+ to -?\d+</td></tr>", html), html


def test_seats_are_refused_politely_on_a_started_table() -> None:
    table, _ = table_with(people=1)
    newcomer = MembershipFactory.create(club=table.club, with_account=True)
    url = reverse("table_detail", args=[table.club.slug, table.pk])
    response = _client(newcomer.player.user).post(url, {"op": "take", "index": "1"}, follow=True)
    assert "has started" in response.content.decode()
    assert table.seats.get(index=1).player is None


def test_create_refuses_more_seats_than_the_game_has() -> None:
    club = ClubFactory.create()
    with pytest.raises(TableError, match="4 seats, not 5"):
        table_create(
            club=club,
            by=None,
            scheduled_at=timezone.now(),
            game_id="bidwhist",
            seats=[SeatSpec(bot="random")] * 5,
        )


def test_a_scheduled_table_opens_when_its_time_has_come_and_someone_looks() -> None:
    club = ClubFactory.create()
    member = MembershipFactory.create(club=club, with_account=True)
    table = table_create(
        club=club, by=None, scheduled_at=timezone.now() + timedelta(hours=1), game_id="auction45"
    )
    url = reverse("table_detail", args=[club.slug, table.pk])
    client = _client(member.player.user)
    assert "The table opens" in client.get(url).content.decode()
    table.refresh_from_db()
    assert table.status == "scheduled"
    LiveTable.objects.filter(pk=table.pk).update(scheduled_at=timezone.now() - timedelta(minutes=1))
    assert "The table is open" in client.get(url).content.decode()
    table.refresh_from_db()
    assert table.status == "open"


def test_the_lobby_counts_down_offers_seats_to_take_tables_to_watch_and_results() -> None:
    soon = timezone.now() + timedelta(hours=2)
    club = ClubFactory.create()
    me = MembershipFactory.create(club=club, with_account=True, player__display_name="Me")
    waiting = table_create(
        club=club,
        by=None,
        scheduled_at=soon,
        game_id="auction45",
        title="Later on",
        seats=[SeatSpec(bot="random"), SeatSpec(), SeatSpec(bot="random"), SeatSpec()],
    )
    playing, _ = table_with(club=club, people=2, bots=2)
    finished, _ = table_with(club=club, people=0, bots=4, seed=3)
    bots_play(table_id=finished.pk)
    finished.refresh_from_db()
    assert finished.is_finished
    client = _client(me.player.user)
    page = client.get(reverse("table_lobby")).content.decode()
    assert "data-countdown>in 1\xa0hour" in page or "data-countdown>in 1 hour" in page
    assert f'data-take="{waiting.pk}-1"' in page and f'data-take="{waiting.pk}-3"' in page
    assert f"Watch {playing}" in page
    last = finished.hands.filter(finished=True).order_by("-number").first()
    assert last is not None and last.result is not None
    scores = " to ".join(str(score) for score in last.result["scores_after"])
    assert f"{finished}</a>: <strong>{scores}</strong>" in page
    # The Take seat button seats the player through the table page's take.
    response = client.post(
        reverse("table_detail", args=[club.slug, waiting.pk]), {"op": "take", "index": 1}
    )
    assert response.status_code == 302
    assert waiting.seats.get(index=1).player_id == me.player.pk
