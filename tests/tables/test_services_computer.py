"""``table_to_computer``: the computer plays every seat from now on, and the game starts if it
has not; a player may still take their seat back, and a game over is refused."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.utils import timezone

from scoring.models import SheetStatus
from tables.errors import TableError
from tables.models import ActionLog, LiveTable, TableStatus
from tables.services import SeatSpec, seat_take_back, table_create, table_to_computer
from tests.factories import ClubFactory
from tests.tables.helpers import seated_members, state, table_with
from tests.tables.replay import assert_log_is_the_truth

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    Capture = Callable[..., AbstractContextManager[list[Callable[[], None]]]]

#: These tests need a computer's moves, not its strength: the rule bot is the quickest (the
#: product's default level, club, is proved in test_levels).
COMPUTER = "rule"

pytestmark = pytest.mark.django_db


def test_a_table_waiting_for_its_players_starts_and_the_computer_plays_it_to_the_end(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    club = ClubFactory.create()
    members = seated_members(club, 2)
    table = table_create(
        club=club,
        by=None,
        game_id="pitch52",
        scheduled_at=timezone.now() + timedelta(hours=1),
        seats=[SeatSpec(player=m.player) for m in members],  # two seats left empty
        turn_seconds=30,
    )
    assert table.status == TableStatus.SCHEDULED
    with django_capture_on_commit_callbacks(execute=True):
        table_to_computer(table_id=table.pk, bot_name=COMPUTER)
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED and table.started_at is not None
    seats = list(table.seats.order_by("index"))
    assert [seat.bot_acts for seat in seats] == [True] * 4
    assert [seat.player_id for seat in seats[:2]] == [m.player.pk for m in members]
    assert all(seat.bot_playing for seat in seats[:2]) and all(seat.is_bot for seat in seats[2:])
    actors = set(ActionLog.objects.filter(table=table).values_list("actor", flat=True))
    assert actors == {ActionLog.Actor.BOT, ActionLog.Actor.STAND_IN}
    assert table.scoresheet is not None and table.scoresheet.status == SheetStatus.CONFIRMED
    assert assert_log_is_the_truth(table.pk)


def test_at_a_table_in_play_the_computer_takes_every_turn_to_the_end(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        table, _ = table_with(people=4, turn_seconds=30)
    assert state(table).to_act is not None and table.seq == 0 and table.clock_due_at
    with django_capture_on_commit_callbacks(execute=True):
        table_to_computer(table_id=table.pk, bot_name=COMPUTER)
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED and table.clock_due_at is None
    assert set(ActionLog.objects.filter(table=table).values_list("actor", flat=True)) == {
        ActionLog.Actor.STAND_IN
    }


def test_a_player_handed_to_the_computer_may_take_their_seat_back(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        table, members = table_with(people=4, turn_seconds=30)
    with django_capture_on_commit_callbacks(execute=False) as sent:
        table_to_computer(
            table_id=table.pk, bot_name=COMPUTER
        )  # the computer's moves, not sent yet
    user = members[0].player.user
    assert user is not None
    with django_capture_on_commit_callbacks(execute=True):
        assert seat_take_back(table_id=table.pk, user=user) == 0
        for send in sent:
            send()
    assert not table.seats.get(index=0).bot_playing
    assert table.seats.filter(bot_playing=True).count() == 3
    assert state(table).to_act == 0  # the computer played the others' turns up to seat 0
    assert not table.is_finished


def test_a_game_over_is_refused_and_left_as_it_was(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    table, _ = table_with(people=1, bots=3)
    with django_capture_on_commit_callbacks(execute=True):
        table_to_computer(table_id=table.pk, bot_name=COMPUTER)
    table.refresh_from_db()
    assert table.is_finished
    seat = table.seats.get(index=0)
    seat.bot_playing = False  # as if the player had come back: nothing may change it now
    seat.save(update_fields=["bot_playing"])
    with pytest.raises(TableError) as refused:
        table_to_computer(table_id=table.pk, bot_name=COMPUTER)
    assert refused.value.code == "ended"
    after = LiveTable.objects.get(pk=table.pk)
    assert (after.status, after.seq) == (TableStatus.FINISHED, table.seq)
    assert not after.seats.get(index=0).bot_playing


def test_an_unknown_computer_player_is_refused() -> None:
    table, _ = table_with(people=1)
    with pytest.raises(TableError) as refused:
        table_to_computer(table_id=table.pk, bot_name="nobody")
    assert refused.value.code == "bot"
    assert not table.seats.filter(bot_playing=True).exists()
