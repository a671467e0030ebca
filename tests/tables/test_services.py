"""Table services: seats and start, refused actions change nothing, hands reach the sheet."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.utils import timezone

from scoring.models import HandLine, SheetStatus
from tables import live
from tables.errors import ActionRefused, TableError
from tables.models import ActionLog, LiveTable, TableHand
from tables.services import (
    SeatSpec,
    bots_play,
    seat_connected,
    seat_disconnected,
    seat_leave,
    seat_take,
    seats_fill_with_bots,
    table_act,
    table_create,
    tables_open_due,
)
from tests.factories import ClubFactory, MembershipFactory
from tests.tables.helpers import first_legal, play_hand, play_one, state, table_with

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    Capture = Callable[..., AbstractContextManager[list[Callable[[], None]]]]

pytestmark = pytest.mark.django_db


def _log_count(table: LiveTable) -> int:
    return ActionLog.objects.filter(table=table).count()


# --- Seats and start --------------------------------------------------------------------------


def test_a_table_starts_when_its_last_seat_is_filled() -> None:
    table, members = table_with(people=2, bots=1)
    assert table.status == LiveTable.Status.OPEN
    assert table.scoresheet is None

    newcomer = MembershipFactory.create(club=table.club).player
    seat_take(table_id=table.pk, index=3, player=newcomer)

    table.refresh_from_db()
    assert table.status == LiveTable.Status.PLAYING
    assert table.hand_number == 1
    sheet = table.scoresheet
    assert sheet is not None
    assert sheet.game == "auction45"
    assert [s.player for s in sheet.seats.order_by("seat")] == [
        members[0].player,
        members[1].player,
        None,
        newcomer,
    ]
    assert "Computer" in sheet.sides.get(index=0).label


def test_a_scheduled_table_waits_for_its_time() -> None:
    club = ClubFactory.create()
    later = timezone.now() + timedelta(hours=1)
    table = table_create(
        club=club, by=None, scheduled_at=later, game_id="auction45", seats=[SeatSpec(bot="rule")]
    )
    seats_fill_with_bots(table_id=table.pk)
    table.refresh_from_db()
    assert table.status == LiveTable.Status.SCHEDULED

    assert tables_open_due(now=later - timedelta(seconds=1)) == []
    assert tables_open_due(now=later) == [table.pk]
    table.refresh_from_db()
    assert table.status == LiveTable.Status.PLAYING
    assert tables_open_due(now=later) == []  # safe to run twice


@pytest.mark.parametrize(
    ("seats", "code"),
    [
        ([SeatSpec(bot="nobody")], "bot"),
        ([SeatSpec()] * 5, "seats"),
    ],
)
def test_create_refuses_bad_seats(seats: list[SeatSpec], code: str) -> None:
    with pytest.raises(TableError) as refused:
        table_create(
            club=ClubFactory.create(),
            by=None,
            scheduled_at=timezone.now(),
            game_id="auction45",
            seats=seats,
        )
    assert refused.value.code == code
    assert not LiveTable.objects.exists()


def test_create_refuses_an_outsider_and_a_player_twice() -> None:
    club = ClubFactory.create()
    outsider = MembershipFactory.create().player
    member = MembershipFactory.create(club=club).player
    for seats, code in (
        ([SeatSpec(player=outsider)], "player"),
        ([SeatSpec(player=member), SeatSpec(player=member)], "player"),
    ):
        with pytest.raises(TableError) as refused:
            table_create(
                club=club, by=None, scheduled_at=timezone.now(), game_id="auction45", seats=seats
            )
        assert refused.value.code == code


def test_seats_are_taken_once_and_fixed_after_the_start() -> None:
    table, members = table_with(people=1, bots=0)
    other = MembershipFactory.create(club=table.club).player
    with pytest.raises(TableError) as taken:
        seat_take(table_id=table.pk, index=0, player=other)
    assert taken.value.code == "seat_taken"
    with pytest.raises(TableError) as twice:
        seat_take(table_id=table.pk, index=1, player=members[0].player)
    assert twice.value.code == "seated"

    seat_leave(table_id=table.pk, player=members[0].player)
    assert table.seats.get(index=0).player is None
    seats_fill_with_bots(table_id=table.pk, bot_name="random")
    with pytest.raises(TableError) as started:
        seat_leave(table_id=table.pk, player=other)
    assert started.value.code == "started"


# --- Refused actions --------------------------------------------------------------------------


def test_a_stale_or_repeated_action_is_refused_and_changes_nothing() -> None:
    table, _ = table_with(people=0, bots=4)
    seat, action = first_legal(table)
    table_act(table_id=table.pk, seat=seat, action=action, seen_seq=0)

    with pytest.raises(ActionRefused) as repeated:
        table_act(table_id=table.pk, seat=seat, action=action, seen_seq=0)
    assert repeated.value.code == "stale"
    with pytest.raises(ActionRefused) as ahead:
        table_act(table_id=table.pk, seat=seat, action=action, seen_seq=5)
    assert ahead.value.code == "stale"
    table.refresh_from_db()
    assert table.seq == 1
    assert _log_count(table) == 1


def test_a_player_acts_for_the_seat_they_play_and_nobody_else_does() -> None:
    table, members = table_with(people=4, bots=0)
    seat, action = first_legal(table)
    player_user = members[seat].player.user
    neighbour_user = members[(seat + 1) % 4].player.user
    outsider = MembershipFactory.create(club=table.club, with_account=True).player.user

    with pytest.raises(ActionRefused) as watching:
        table_act(table_id=table.pk, seat=None, action=action, seen_seq=0, user=outsider)
    assert watching.value.code == "spectator"
    with pytest.raises(ActionRefused) as not_theirs:
        table_act(table_id=table.pk, seat=None, action=action, seen_seq=0, user=neighbour_user)
    assert not_theirs.value.code == "not_your_seat"
    with pytest.raises(ActionRefused) as anonymous:
        table_act(table_id=table.pk, seat=None, action=action, seen_seq=0, user=None)
    assert anonymous.value.code == "spectator"
    assert _log_count(table) == 0

    acted = table_act(table_id=table.pk, seat=None, action=action, seen_seq=0, user=player_user)
    assert acted.seq == 1
    logged = ActionLog.objects.get(table=table)
    assert (logged.seat, logged.action, logged.user) == (seat, action, player_user)


@pytest.mark.parametrize(
    ("make_action", "code"),
    [
        (lambda seat, hand: f"{(seat + 1) % 4} call pass", "not_your_seat"),
        (lambda seat, hand: "hello", "bad_action"),
        (lambda seat, hand: f"{seat} play AS", "wrong_phase"),
        (lambda seat, hand: f"{seat} call 7", "bad_bid"),
    ],
)
def test_an_illegal_action_is_refused_with_the_engines_code(
    make_action: Callable[[int, object], str], code: str
) -> None:
    table, _ = table_with(people=0, bots=4)
    hand = state(table)
    seat = hand.to_act
    assert seat is not None
    with pytest.raises(ActionRefused) as refused:
        table_act(table_id=table.pk, seat=seat, action=make_action(seat, hand), seen_seq=0)
    assert refused.value.code == code
    assert refused.value.message
    table.refresh_from_db()
    assert (table.seq, _log_count(table)) == (0, 0)


def test_an_action_out_of_turn_is_refused_by_the_engine() -> None:
    table, _ = table_with(people=0, bots=4)
    hand = state(table)
    other = (hand.to_act or 0) + 1
    with pytest.raises(ActionRefused) as refused:
        table_act(table_id=table.pk, seat=other, action=f"{other} call pass", seen_seq=0)
    assert refused.value.code == "out_of_turn"


def test_no_action_before_the_start() -> None:
    table, _ = table_with(people=1, bots=0)
    with pytest.raises(ActionRefused) as refused:
        table_act(table_id=table.pk, seat=0, action="0 call pass", seen_seq=0)
    assert refused.value.code == "not_playing"


# --- Hands and the scoresheet -----------------------------------------------------------------


def test_a_finished_hand_writes_its_line_and_deals_the_next() -> None:
    table, _ = table_with(people=0, bots=4)
    played = play_hand(table)
    table.refresh_from_db()
    first = TableHand.objects.get(table=table, number=1)
    assert first.finished
    assert first.result is not None
    assert table.seq == played
    lines = list(HandLine.objects.filter(sheet=table.scoresheet))
    assert len(lines) == 1
    assert lines[0].line == first.result["line"]
    assert lines[0].scores_after == first.result["scores_after"]
    # The next hand is dealt by the next seat from the scores after the first.
    second = TableHand.objects.get(table=table, number=2)
    assert second.dealer == (first.dealer + 1) % 4
    assert second.tally_before["scores"] == first.result["scores_after"]
    assert second.first_seq == played + 1
    assert table.hand_number == 2


@pytest.mark.django_db(transaction=True)
def test_a_game_of_computer_players_ends_with_a_confirmed_sheet() -> None:
    # Committed for real: computer players then move after each commit, as in production.
    table, _ = table_with(people=0, bots=4, seed=3)
    table.refresh_from_db()
    assert table.status == LiveTable.Status.FINISHED
    sheet = table.scoresheet
    assert sheet is not None
    assert sheet.status == SheetStatus.CONFIRMED
    hands = TableHand.objects.filter(table=table)
    assert hands.count() == table.hand_number
    assert all(hands.values_list("finished", flat=True))
    lines = HandLine.objects.filter(sheet=sheet).order_by("number")
    assert lines.count() == table.hand_number
    last = hands.get(number=table.hand_number)
    assert last.result is not None
    assert lines.last().scores_after == last.result["scores_after"]  # type: ignore[union-attr]
    assert last.result["result"] is not None
    assert _log_count(table) == table.seq
    with pytest.raises(ActionRefused) as after:
        table_act(table_id=table.pk, seat=0, action="0 call pass", seen_seq=table.seq)
    assert after.value.code == "not_playing"


def test_computer_players_move_after_a_person_until_the_person_is_to_act(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        table, _ = table_with(people=1, bots=3, seed=11)
    hand = state(table)
    assert hand.to_act == 0  # the computer players before seat 0 have played
    for _ in range(6):
        with django_capture_on_commit_callbacks(execute=True):
            play_one(table)
        assert state(table).to_act in (0, None)


def test_a_failed_broadcast_does_not_stop_the_computer_players(
    django_capture_on_commit_callbacks: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        table, _ = table_with(people=1, bots=3, seed=11)

    def broken(table_id: int) -> None:
        raise RuntimeError("the template broke")

    monkeypatch.setattr("tables.notify.broadcast", broken)
    before = _log_count(table)
    with django_capture_on_commit_callbacks(execute=True):
        play_one(table)
    table.refresh_from_db()
    # The person's action and the computers' answers are all in the log: back to seat 0.
    assert _log_count(table) > before + 1
    assert state(table).to_act in (0, None)


def test_bots_do_not_play_for_a_present_person() -> None:
    table, _ = table_with(people=1, bots=3, seed=11)
    bots_play(table_id=table.pk)
    assert state(table).to_act == 0
    before = table.seq
    assert bots_play(table_id=table.pk) == 0
    table.refresh_from_db()
    assert table.seq == before


# --- Replay -----------------------------------------------------------------------------------


def test_the_state_is_rebuilt_from_the_log_after_a_restart() -> None:
    table, _ = table_with(people=0, bots=4, seed=5)
    for _ in range(12):
        play_one(table)
    before = state(table).view(None)
    live.forget_all()
    after = state(table)
    assert after.view(None) == before
    assert [after.view(s) for s in range(4)] == [state(table).view(s) for s in range(4)]


# --- Clock and grace time ---------------------------------------------------------------------


def test_the_turn_clock_plays_for_the_person_only_at_its_own_seq() -> None:
    from tables.services import turn_clock_expired

    table, _ = table_with(people=1, bots=3, seed=11)
    bots_play(table_id=table.pk)
    table.refresh_from_db()
    seq = table.seq
    assert turn_clock_expired(table_id=table.pk, seq=seq - 1) is False
    assert turn_clock_expired(table_id=table.pk, seq=seq) is True
    entry = ActionLog.objects.get(table=table, seq=seq + 1)
    assert (entry.seat, entry.actor) == (0, ActionLog.Actor.CLOCK)
    assert turn_clock_expired(table_id=table.pk, seq=seq) is False  # idempotent


def test_an_away_player_is_replaced_after_the_grace_time_until_they_take_the_seat_back() -> None:
    from tables.services import seat_away_check

    # Seat 1's player is here: the computer plays seat 0's turns until seat 1 is to act.
    table, _ = table_with(people=2, bots=2, seed=11, grace_seconds=30, first_dealer=1)
    seat_connected(table_id=table.pk, index=0)
    seat_disconnected(table_id=table.pk, index=0)
    seat = table.seats.get(index=0)
    assert seat.last_seen is not None
    soon = seat.last_seen + timedelta(seconds=29)
    assert seat_away_check(table_id=table.pk, index=0, now=soon) is False
    late = seat.last_seen + timedelta(seconds=31)
    assert seat_away_check(table_id=table.pk, index=0, now=late) is True
    seat.refresh_from_db()
    assert seat.bot_acts

    played = bots_play(table_id=table.pk)
    assert played > 0  # the stand-in played seat 0's turns too
    assert ActionLog.objects.filter(table=table, actor=ActionLog.Actor.STAND_IN).exists()

    seat_connected(table_id=table.pk, index=0)
    seat.refresh_from_db()
    assert seat.bot_acts  # back, the player sees the table first: the computer plays on
    from tables.services import seat_take_back

    player = table.seats.get(index=0).player
    assert player is not None and player.user is not None
    seat_take_back(table_id=table.pk, user=player.user)
    seat.refresh_from_db()
    assert not seat.bot_acts
