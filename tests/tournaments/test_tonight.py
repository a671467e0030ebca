"""Where a signed-in player sits tonight: the latest published round of an event held today
that seats them, with their table, seat, partner and sheet; nothing on another day, for a
draft, or for someone not seated."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from club.models import Player
from tests.factories import UserFactory
from tests.tournaments.factories import club_with, event_with
from tests.tournaments.test_views import play_round
from tournaments.models import Event, Match, Round, Seating
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.tonight import tonight_seats

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 1, 13)


def _night(players: int = 8) -> tuple[Event, Player, User]:
    setup = club_with(players=players)
    event = event_with(setup, format="progressive")
    player = setup.players[0]
    player.user = user = UserFactory.create()
    player.save(update_fields=["user"])
    return event, player, user


def _name(seating: Seating) -> str:
    assert seating.player is not None
    return seating.player.display_name


def _seat_of(player: Player, round_: Round) -> Seating:
    return Seating.objects.select_related("table").get(round=round_, player=player)


def test_a_seated_player_is_told_round_table_seat_partner_and_sheet() -> None:
    event, player, user = _night()
    round_ = round_publish(round_=round_pair(event=event))
    mine = _seat_of(player, round_)
    table = Seating.objects.filter(table=mine.table).exclude(pk=mine.pk)

    (seat,) = tonight_seats(user=user, today=TODAY)

    assert (seat.event, seat.round_number, seat.table_number) == (event, 1, mine.table.number)
    assert seat.seat == ("North", "East", "South", "West")[mine.seat]
    assert seat.partners == [_name(s) for s in table if s.side == mine.side]
    assert len(seat.opponents) == 2 and seat.deals_first == mine.deals_first
    assert seat.sheet_id == Match.objects.get(table=mine.table).sheet_id


def test_the_latest_published_round_is_tonights() -> None:
    event, player, user = _night()
    first = round_publish(round_=round_pair(event=event))
    play_round(first)
    second = round_pair(event=event)
    assert [s.round_number for s in tonight_seats(user=user, today=TODAY)] == [1]
    round_publish(round_=second)
    (seat,) = tonight_seats(user=user, today=TODAY)
    assert seat.round_number == 2 and seat.table_number == _seat_of(player, second).table.number


def test_nothing_on_another_day_for_a_draft_or_for_someone_not_seated() -> None:
    event, player, user = _night()
    round_ = round_pair(event=event)
    assert tonight_seats(user=user, today=TODAY) == []  # a draft
    round_publish(round_=round_)
    assert tonight_seats(user=user, today=TODAY + datetime.timedelta(days=1)) == []
    assert tonight_seats(user=UserFactory.create(), today=TODAY) == []


def test_the_day_is_the_local_date() -> None:
    event, player, user = _night()
    round_publish(round_=round_pair(event=event))
    Event.objects.filter(pk=event.pk).update(date=timezone.localdate())
    assert len(tonight_seats(user=user)) == 1
