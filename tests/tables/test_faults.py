"""Faults injected at a live table: each is logged with the table id, the log stays the truth,
and the table finishes its game."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

import scoring.services
from scoring.errors import StaleLine, TablePlaying
from scoring.models import HandLine, SheetStatus
from scoring.services import handline_add_to
from tables import notify, selectors, services
from tables.errors import ActionRefused, TableError
from tables.models import ActionLog, LiveTable, TableHand, TableSeat
from tables.services import table_act
from tests.factories import MembershipFactory
from tests.tables.helpers import computer_breaks_once, first_legal, play_one, state, table_with

pytestmark = pytest.mark.django_db(transaction=True)


def _director(table: LiveTable) -> User:
    member = MembershipFactory.create(club=table.club, role="director", with_account=True)
    assert member.player.user is not None
    return member.player.user


def play_to_end(table: LiveTable, limit: int = 3000) -> None:
    """Play the person's seat (the computers answer after each commit) until the game ends."""
    for _ in range(limit):
        table.refresh_from_db()
        if table.is_ended:
            return
        play_one(table)
    raise AssertionError(f"table {table.pk} did not finish")


def assert_finished(table: LiveTable) -> None:
    table.refresh_from_db()
    assert table.status == LiveTable.Status.FINISHED
    assert table.scoresheet is not None
    assert TableHand.objects.filter(table=table, finished=False).count() == 0


def test_a_line_typed_on_a_playing_tables_sheet_is_refused_and_the_table_finishes() -> None:
    table, _ = table_with(people=1, bots=3, seed=5)
    number = table.hand_number
    while table.hand_number == number:
        play_one(table)
        table.refresh_from_db()
    sheet = table.scoresheet
    assert sheet is not None
    typed = dict(HandLine.objects.get(sheet=sheet, number=1).line)
    typed.pop("scores_after", None)
    with pytest.raises(TablePlaying) as refused:
        handline_add_to(
            club=table.club, sheet_id=sheet.pk, line=typed, expected_number=2, by=_director(table)
        )
    assert refused.value.code == "table_playing"
    play_to_end(table)
    assert_finished(table)
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.CONFIRMED
    assert HandLine.objects.filter(sheet=sheet).count() == table.hand_number


def test_a_sheet_that_refuses_the_tables_line_is_logged_and_the_table_plays_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    refusals = [StaleLine("stale", "Line 1 was just added by somebody")]
    real = scoring.services.handline_add

    def once_stale(**kwargs: Any) -> Any:
        if refusals:
            raise refusals.pop()
        return real(**kwargs)

    monkeypatch.setattr(scoring.services, "handline_add", once_stale)
    table, _ = table_with(people=1, bots=3, seed=5)
    play_to_end(table)
    table.refresh_from_db()
    assert table.status == LiveTable.Status.FINISHED
    assert f"table {table.pk}: the sheet refused line 1" in caplog.text
    assert not refusals


def test_a_computer_move_that_raises_is_logged_and_the_next_trigger_redoes_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    failures = computer_breaks_once(monkeypatch)
    table, _ = table_with(people=0, bots=4, seed=3)  # the computers start at once, and fail
    table.refresh_from_db()
    assert f"table {table.pk}: computer move failed" in caplog.text
    assert not failures
    assert table.status == LiveTable.Status.PLAYING
    assert state(table).to_act is not None  # stuck, with a computer to act
    assert services.bots_play(table_id=table.pk) > 0  # the next trigger plays on
    assert_finished(table)


# --- The watchdog ---------------------------------------------------------------------------


def later(seconds: float) -> datetime:
    return timezone.now() + timedelta(seconds=seconds)


def test_the_watchdog_restarts_a_table_whose_computer_move_failed(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.KITTY_TABLE_STALL_SECONDS = 180
    failures = computer_breaks_once(monkeypatch)
    table, _ = table_with(people=0, bots=4, seed=3)
    table.refresh_from_db()
    assert not failures
    assert table.status == LiveTable.Status.PLAYING
    assert selectors.stalled_tables(now=later(60)) == []  # not yet: within its limit
    assert [t.pk for t in selectors.stalled_tables(now=later(200))] == [table.pk]
    assert services.tables_watchdog(now=later(200)) == [table.pk]
    assert_finished(table)


def with_another_person_away(table: LiveTable) -> LiveTable:
    """``table`` with the computer playing seat 1 for its person: seat 0 is not the only
    person there (one alone with computers is waited for however long they are away)."""
    TableSeat.objects.filter(table=table, index=1).update(bot_playing=True, bot_name="random")
    services.bots_play(table_id=table.pk)  # on to seat 0's turn
    return table


def test_a_socket_dropped_without_a_disconnect_lets_the_computer_take_over(
    settings: Any,
) -> None:
    settings.KITTY_TABLE_PRESENCE_SECONDS = 30
    table = with_another_person_away(table_with(people=2, bots=2, seed=5, grace_seconds=60)[0])
    services.seat_connected(table_id=table.pk, index=0)  # the page opens, then its process dies
    assert state(table).to_act == 0
    # Heard of lately, the person thinks: nothing stalled, nobody plays for them.
    assert services.tables_watchdog(now=later(50)) == []
    seat = TableSeat.objects.get(table=table, index=0)
    assert seat.connections == 1 and not seat.bot_playing
    # Never heard of again: counted away, and after the grace time the computer plays on.
    services.tables_watchdog(now=later(400))
    seat.refresh_from_db()
    assert seat.connections == 0 and seat.bot_playing
    assert_finished(table)


def test_a_page_that_says_it_is_here_stays_present(settings: Any) -> None:
    settings.KITTY_TABLE_PRESENCE_SECONDS = 30
    table, _ = table_with(people=1, bots=3, seed=5, grace_seconds=60)
    services.seat_connected(table_id=table.pk, index=0)
    TableSeat.objects.filter(table=table, index=0).update(last_seen=later(-3600))
    services.seat_here(table_id=table.pk, index=0)
    assert services.seats_gone_sweep(now=later(30)) == []
    assert services.seats_gone_sweep(now=later(61)) == [(table.pk, 0)]


def test_a_table_without_a_clock_waiting_on_a_connected_person_is_not_stalled(
    settings: Any,
) -> None:
    settings.KITTY_TABLE_PRESENCE_SECONDS = 30
    settings.KITTY_TABLE_STALL_SECONDS = 180
    table = with_another_person_away(table_with(people=2, bots=2, seed=5, grace_seconds=60)[0])
    services.seat_connected(table_id=table.pk, index=0)
    assert state(table).to_act == 0
    # Connected and thinking a long while (its page's last word may be late): the table waits.
    TableSeat.objects.filter(table=table, index=0).update(last_seen=later(-3600))
    assert not selectors.table_stalled(table, now=later(600))
    # Gone a moment ago (a reload), within the grace time: not stalled either.
    TableSeat.objects.filter(table=table, index=0).update(connections=0, last_seen=later(590))
    assert not selectors.table_stalled(table, now=later(600))
    # Gone past the grace time with nobody playing for them: stalled.
    assert selectors.table_stalled(table, now=later(700))


def test_the_watchdog_says_what_it_restarted(caplog: pytest.LogCaptureFixture) -> None:
    table, _ = table_with(people=1, bots=3, seed=5, turn_seconds=30)
    services.seat_connected(table_id=table.pk, index=0)
    with caplog.at_level("WARNING", logger="tables.services"):
        assert services.tables_watchdog(now=later(45)) == [table.pk]
    assert f"table {table.pk}: stalled; the watchdog ran out the turn clock" in caplog.text


def test_a_clock_that_was_lost_is_run_by_the_watchdog() -> None:
    table, _ = table_with(people=1, bots=3, seed=5, turn_seconds=30)
    services.seat_connected(table_id=table.pk, index=0)
    assert state(table).to_act == 0
    seq = table.seq
    assert services.tables_watchdog(now=later(20)) == []
    assert services.tables_watchdog(now=later(45)) == [table.pk]
    table.refresh_from_db()
    assert table.seq > seq
    first = ActionLog.objects.get(table=table, seq=seq + 1)
    assert first.actor == ActionLog.Actor.CLOCK and first.seat == 0


# --- Pause, resume, abandon -----------------------------------------------------------------


def test_a_paused_table_stops_and_resumes(monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[int] = []
    real = notify.broadcast

    def broadcast(table_id: int) -> None:
        told.append(table_id)
        real(table_id)

    monkeypatch.setattr(notify, "broadcast", broadcast)
    table, _ = table_with(people=1, bots=3, seed=5, turn_seconds=30)
    director = _director(table)
    player = table.seats.get(index=0).player
    assert player is not None
    with pytest.raises(TableError) as refused:
        services.table_pause(table_id=table.pk, by=player.user)  # type: ignore[arg-type]
    assert refused.value.code == "not_a_director"
    told.clear()
    services.table_pause(table_id=table.pk, by=director)
    assert told == [table.pk]  # everyone at the table hears of it
    table.refresh_from_db()
    seq = table.seq
    seat, action = first_legal(table)
    with pytest.raises(ActionRefused) as paused:
        table_act(table_id=table.pk, seat=seat, action=action, seen_seq=seq)
    assert paused.value.code == "table_paused"
    assert services.turn_clock_expired(table_id=table.pk, seq=seq) is False
    assert services.tables_watchdog(now=later(3600)) == []  # paused is not stalled
    table.refresh_from_db()
    assert table.seq == seq and table.status == LiveTable.Status.PAUSED
    services.table_resume(table_id=table.pk, by=director)
    table.refresh_from_db()
    assert table.status == LiveTable.Status.PLAYING and table.seq == seq
    play_to_end(table)
    assert_finished(table)


def test_an_abandoned_table_keeps_its_hands_on_a_sheet_released_to_directors() -> None:
    table, _ = table_with(people=1, bots=3, seed=5)
    number = table.hand_number
    while table.hand_number == number:
        play_one(table)
        table.refresh_from_db()
    director = _director(table)
    services.table_abandon(table_id=table.pk, by=director)
    table.refresh_from_db()
    assert table.status == LiveTable.Status.ABANDONED and table.is_ended
    seat, action = first_legal(table)
    with pytest.raises(ActionRefused) as refused:
        table_act(table_id=table.pk, seat=seat, action=action, seen_seq=table.seq)
    assert refused.value.code == "not_playing"
    sheet = table.scoresheet
    assert sheet is not None
    assert HandLine.objects.filter(sheet=sheet).count() == 1
    typed = dict(HandLine.objects.get(sheet=sheet, number=1).line)
    typed.pop("scores_after", None)
    typed["dealer"] = (int(typed["dealer"]) + 1) % 4  # line 2 is dealt by the next seat
    handline_add_to(club=table.club, sheet_id=sheet.pk, line=typed, expected_number=2, by=director)
    with pytest.raises(TableError) as again:
        services.table_abandon(table_id=table.pk, by=director)
    assert again.value.code == "ended"
