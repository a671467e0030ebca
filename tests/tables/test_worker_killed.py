"""On PostgreSQL and Redis with real Celery workers: a worker killed in the middle of a computer
move loses nothing and doubles nothing, and the table finishes its game.

Each test starts workers of its own on a queue of its own (``tests.tables.processes``), sends
the computer players' task to them, and SIGKILLs a worker at a chosen point of a move
(``tests.tables.stalling_worker``):

- the whole worker, while the computer chooses: its task is gone with it (with Redis a task
  taken but not acknowledged comes back only after the broker's visibility timeout, an hour),
  so a fresh worker runs the beat's watchdog, which finds the table stalled and plays on;
- a worker's pool process, after the move's row is written and before it commits (the table's
  row locked): the table tasks are acknowledged late and given back when their process is
  lost, so the worker runs the task again at once, with no watchdog.

Either way the action log is the truth afterwards (``tests.tables.replay``).
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from celery.result import AsyncResult

from config.celery import app
from tables.models import ActionLog, LiveTable
from tests.tables.helpers import table_with
from tests.tables.processes import Processes, Started, processes
from tests.tables.replay import assert_log_is_the_truth

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]

#: The computer move the worker is killed in: well into the first hand.
KILLED_AT = 30
#: Generous: a game of four computer players is some 300 moves on a busy machine.
GAME_TIMEOUT = 120.0


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Processes]:
    with processes(tmp_path) as running:
        yield running


def wait_until(done: Callable[[], bool], what: str, timeout: float = GAME_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"gave up waiting: {what}"
        time.sleep(0.2)


def computers_table(monkeypatch: pytest.MonkeyPatch) -> LiveTable:
    """A started table of four computer players whose moves were not sent anywhere yet."""
    held: list[int] = []
    monkeypatch.setattr(
        "tables.tasks.table_bots_play.delay", lambda table_id: held.append(table_id)
    )
    table, _ = table_with(people=0, bots=4, seed=11)
    monkeypatch.undo()
    assert held == [table.pk]
    assert table.status == LiveTable.Status.PLAYING and table.seq == 0
    return table


def send(settings: Settings, servers: Processes, task: str, *args: object) -> AsyncResult:
    """Send ``task`` to this test's workers only (the table is set up: nothing runs here)."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    return app.send_task(task, args=args, queue=servers.queue)


def logged(table: LiveTable) -> list[str]:
    return list(
        ActionLog.objects.filter(table=table).order_by("seq").values_list("action", flat=True)
    )


def finished(table: LiveTable) -> bool:
    table.refresh_from_db()
    return table.status == LiveTable.Status.FINISHED


def stalled(
    servers: Processes, settings: Settings, table: LiveTable, at: str, marker: Path, *pool: str
) -> Started:
    """A worker with ``pool`` options that stalls ``at`` a move (``stalling_worker``), sent
    the table's computer players; returned once it stalled (``marker`` holds the pid)."""
    worker = servers.worker(
        "stalling",
        *pool,
        module="tests.tables.stalling_worker",
        KITTY_TEST_STALL=at,
        KITTY_TEST_STALL_FILE=str(marker),
    )
    send(settings, servers, "engine.tasks.table_bots_play", table.pk)
    wait_until(marker.exists, f"the worker stalling at {at}")
    return worker


def test_a_worker_killed_while_the_computer_chooses_is_made_good_by_the_watchdog(
    servers: Processes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: Settings
) -> None:
    table = computers_table(monkeypatch)
    marker = tmp_path / "stalled"
    stalled(servers, settings, table, f"choose:{KILLED_AT}", marker, "--pool", "solo").kill()
    before = logged(table)
    assert len(before) == KILLED_AT - 1
    assert not finished(table)

    # A new worker; the beat's watchdog (a stall counts after 1 s here) restarts the table.
    servers.worker("fresh", "--pool", "solo", KITTY_TABLE_STALL_SECONDS="1")
    restarted: list[int] = []
    deadline = time.monotonic() + GAME_TIMEOUT
    while not restarted:
        assert time.monotonic() < deadline, "the watchdog never found the table stalled"
        watchdog = send(settings, servers, "engine.tasks.tables_watchdog")
        restarted = watchdog.get(timeout=GAME_TIMEOUT)
        assert restarted in ([], [table.pk]), restarted
        assert restarted or not finished(table)
        if not restarted:
            time.sleep(0.5)
    assert finished(table)
    actions = assert_log_is_the_truth(table.pk)
    assert actions[: len(before)] == before
    assert ActionLog.objects.filter(table=table, seq=KILLED_AT).exists()


def test_a_pool_process_killed_while_writing_a_move_has_its_task_run_again(
    servers: Processes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: Settings
) -> None:
    table = computers_table(monkeypatch)
    marker = tmp_path / "stalled"
    pool = ("--pool", "prefork", "--concurrency", "1")
    worker = stalled(servers, settings, table, f"write:{KILLED_AT}", marker, *pool)
    child = int(marker.read_text())
    assert child != worker.process.pid
    # Written in a transaction that never commits: nobody sees the move.
    assert len(logged(table)) == KILLED_AT - 1
    os.kill(child, signal.SIGKILL)

    # Nothing else is run: the worker runs the task again in a new pool process.
    wait_until(lambda: finished(table), "the table finishing its game")
    assert "WorkerLostError" in worker.output()
    assert_log_is_the_truth(table.pk)
