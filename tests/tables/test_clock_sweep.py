"""Turn clocks kept on the table's row (``clock_due_at``) and run out by the beat's sweep,
instead of a timer task sent to the broker with every action."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from django.utils import timezone

from tables import enqueue, services
from tables.models import ActionLog, LiveTable, TableSeat
from tables.services import bots_play, clocks_due_sweep
from tests.tables.helpers import computer_breaks_once, play_one, table_with

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db


def _waiting_for_the_person(turn_seconds: int = 60) -> LiveTable:
    table, _ = table_with(people=1, bots=3, seed=11, turn_seconds=turn_seconds)
    bots_play(table_id=table.pk)
    table.refresh_from_db()
    return table


def test_the_clock_is_set_on_the_row_when_a_person_is_to_act() -> None:
    before = timezone.now()
    table = _waiting_for_the_person()
    assert table.clock_due_at is not None
    assert before + timedelta(seconds=60) <= table.clock_due_at
    assert table.clock_due_at <= timezone.now() + timedelta(seconds=60)


def test_no_clock_runs_while_the_computer_is_to_act_or_without_a_clock() -> None:
    table, _ = table_with(people=1, bots=3, seed=11, turn_seconds=60)
    table.refresh_from_db()
    if table.clock_due_at is not None:  # the person deals first: let the computer be to act
        play_one(table)
        table.refresh_from_db()
    assert table.clock_due_at is None
    assert _waiting_for_the_person(turn_seconds=0).clock_due_at is None


def test_the_sweep_plays_for_the_person_once_their_clock_ran_out() -> None:
    table = _waiting_for_the_person()
    seq = table.seq
    assert table.clock_due_at is not None
    assert clocks_due_sweep(now=table.clock_due_at - timedelta(seconds=1)) == []
    assert not ActionLog.objects.filter(table=table, seq=seq + 1).exists()
    assert clocks_due_sweep(now=table.clock_due_at) == [table.pk]
    entry = ActionLog.objects.get(table=table, seq=seq + 1)
    assert (entry.seat, entry.actor) == (0, ActionLog.Actor.CLOCK)


def test_a_clock_that_cannot_act_is_stopped_not_found_again() -> None:
    table = _waiting_for_the_person()
    due = table.clock_due_at
    assert due is not None
    # The seat's computer took over as the clock was read: the clock has nothing to play.
    TableSeat.objects.filter(table=table, index=0).update(bot_playing=True)
    assert clocks_due_sweep(now=due) == []
    assert not ActionLog.objects.filter(table=table, seq=table.seq + 1).exists()
    table.refresh_from_db()
    assert table.clock_due_at is None


def test_a_clock_that_fails_is_logged_and_the_other_tables_are_swept(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    first, second = _waiting_for_the_person(), _waiting_for_the_person()
    failures = computer_breaks_once(monkeypatch)
    later = max(first.clock_due_at, second.clock_due_at)  # type: ignore[type-var]
    played = clocks_due_sweep(now=later)
    assert not failures and len(played) == 1
    (failed,) = {first.pk, second.pk} - set(played)
    assert f"table {failed}: the turn clock" in caplog.text


def test_with_a_broker_an_action_sends_no_timer_task(
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    sent: list[Any] = []
    monkeypatch.setattr(enqueue, "run_later", lambda *args: sent.append(args))
    table = _waiting_for_the_person()
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.turn_clock_expired(table_id=table.pk, seq=table.seq)
        table.refresh_from_db()
        bots_play(table_id=table.pk)
    table.refresh_from_db()
    assert callbacks and table.clock_due_at is not None
    assert sent == []
    # The embedded default has no beat beside the web process: a timer thread there.
    settings.CELERY_TASK_ALWAYS_EAGER = True
    with django_capture_on_commit_callbacks(execute=True):
        services.turn_clock_expired(table_id=table.pk, seq=table.seq)
        bots_play(table_id=table.pk)
    table.refresh_from_db()
    assert table.clock_due_at is not None
    assert [args[1] for args in sent][-1:] == [(table.pk, table.seq)]
