"""On PostgreSQL: actions racing each other are applied once, and a restart loses nothing."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection, connections

from tables import live
from tables.errors import ActionRefused
from tables.models import ActionLog, LiveTable
from tables.services import table_act
from tests.tables.helpers import first_legal, play_one, state, table_with

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(*calls: Callable[[], object]) -> list[object]:
    """Run ``calls`` at the same moment on threads of their own; their results or errors."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except Exception as error:
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def test_the_same_action_sent_twice_at_once_is_applied_once() -> None:
    assert connection.vendor == "postgresql"
    table, _ = table_with(people=4, seed=8)
    for _ in range(15):
        table.refresh_from_db()
        seat, action = first_legal(table)

        def send(seat: int = seat, action: str = action, seq: int = table.seq) -> object:
            return table_act(table_id=table.pk, seat=seat, action=action, seen_seq=seq)

        results = race(send, send)
        refused = [r for r in results if isinstance(r, ActionRefused)]
        assert len(refused) == 1, results
        assert refused[0].code == "stale"
    table.refresh_from_db()
    assert table.seq == 15
    assert list(ActionLog.objects.filter(table=table).values_list("seq", flat=True)) == list(
        range(1, 16)
    )


def test_different_actions_racing_for_one_turn_leave_one_in_the_log() -> None:
    table, _ = table_with(people=4, seed=9)
    hand = state(table)
    seat = hand.to_act
    assert seat is not None
    legal = [str(a) for a in hand.legal_actions()][:4]
    calls = [
        (lambda a=a: table_act(table_id=table.pk, seat=seat, action=a, seen_seq=0)) for a in legal
    ]
    results = race(*calls)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(r.code == "stale" for r in results if isinstance(r, ActionRefused))
    assert ActionLog.objects.filter(table=table).count() == 1


def test_a_restart_mid_hand_rebuilds_the_same_state_from_the_log() -> None:
    table, _ = table_with(people=4, seed=10)
    for _ in range(14):
        play_one(table)
    table.refresh_from_db()
    before = [state(table).view(seat) for seat in (0, 1, 2, 3, None)]
    # A new server process: no cached state, new database connections.
    live.forget_all()
    connections.close_all()
    fresh = LiveTable.objects.get(pk=table.pk)
    hand = live.current_hand(fresh)
    assert hand is not None
    assert [hand.view(seat) for seat in (0, 1, 2, 3, None)] == before
    # And the game goes on from there.
    play_one(fresh)
    fresh.refresh_from_db()
    assert fresh.seq == table.seq + 1
