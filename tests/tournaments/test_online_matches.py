"""A player seated at an online match of a published round finds it among their tables (the
lobby's "My tables") and on their home page ("Your online matches"), with the way to the
table; not once the table is over, not for a match at the hall, not for someone else."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from club.models import Player
from tables.models import LiveTable, TableStatus
from tables.selectors import user_tables
from tests.factories import UserFactory
from tests.tournaments.test_round_online import live_table, mixed_round
from tests.tournaments.times_world import Windowed, account, windowed_round
from tournaments.models import Round, Seating
from tournaments.online_matches import online_matches_of

pytestmark = pytest.mark.django_db


def _with_account(round_: Round, table_number: int) -> tuple[Player, User]:
    seating = Seating.objects.select_related("player").filter(
        round=round_, table__number=table_number
    )[0]
    player = seating.player
    assert player is not None
    player.user = user = UserFactory.create()
    player.save(update_fields=["user"])
    return player, user


def test_a_player_at_an_online_match_finds_it_in_my_tables_and_at_home() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    _, user = _with_account(round_, 1)
    assert list(user_tables(user)) == [table]

    (mine,) = online_matches_of(user=user)
    assert (mine.event, mine.round_number, mine.table_number) == (round_.event, 1, 1)
    assert mine.table_id == table.pk and mine.status == "playing"
    assert mine.starts_at is not None

    client = Client()
    client.force_login(user)
    home = client.get(reverse("home")).content.decode()
    assert "Your online matches" in home
    assert reverse("table_detail", args=[round_.event.club.slug, table.pk]) in home
    assert f"{round_.event.name}: round 1, table 1" in home
    lobby = client.get(reverse("table_lobby")).content.decode()
    assert reverse("table_detail", args=[round_.event.club.slug, table.pk]) in lobby


def test_a_player_at_the_hall_or_a_finished_table_sees_no_online_match() -> None:
    round_ = mixed_round()
    _, at_hall = _with_account(round_, 2)
    assert online_matches_of(user=at_hall) == []
    client = Client()
    client.force_login(at_hall)
    assert "Your online matches" not in client.get(reverse("home")).content.decode()

    _, online = _with_account(round_, 1)
    LiveTable.objects.filter(match__round=round_).update(status=TableStatus.ABANDONED)
    assert online_matches_of(user=online) == []


def test_a_visitor_and_a_stranger_see_none() -> None:
    mixed_round()
    stranger = UserFactory.create()
    assert online_matches_of(user=stranger) == []
    assert "Your online matches" not in Client().get(reverse("home")).content.decode()


def test_a_match_played_over_days_offers_to_agree_its_time_from_home(world: Windowed) -> None:
    player = world.sides[0][0]
    (mine,) = online_matches_of(user=account(player))
    assert mine.to_arrange and mine.starts_at == world.round.default_at
    client = Client()
    client.force_login(account(player))
    home = client.get(reverse("home")).content.decode()
    slug, event_id = world.setup.club.slug, world.event.pk
    assert reverse("match_time", args=[slug, event_id, 1, world.match.table.number]) in home
    assert "Agree a time" in home


def test_a_match_starting_at_once_has_no_time_to_agree() -> None:
    started = windowed_round(window=False)
    (mine,) = online_matches_of(user=account(started.sides[0][0]))
    assert not mine.to_arrange
