"""Tasks a table's write starts are sent once it commits, by their names."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from tables import enqueue

pytestmark = pytest.mark.django_db


def test_a_task_is_sent_on_commit_and_never_for_a_rollback(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    sent: list[tuple[Any, ...]] = []
    monkeypatch.setattr(enqueue.task(enqueue.BOTS_PLAY), "delay", lambda *args: sent.append(args))
    with django_capture_on_commit_callbacks(execute=True):
        enqueue.send_on_commit(enqueue.BOTS_PLAY, 7)
        assert sent == []
    assert sent == [(7,)]
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        enqueue.send_on_commit(enqueue.BOTS_PLAY, 8)
        raise RuntimeError("rolled back")
    assert callbacks == [] and sent == [(7,)]


def test_with_a_broker_a_task_for_later_is_sent_with_its_countdown(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(
        enqueue.task(enqueue.SEAT_AWAY_CHECK), "apply_async", lambda **kwargs: sent.append(kwargs)
    )
    enqueue.run_later(enqueue.SEAT_AWAY_CHECK, (3, 1), 120)
    assert sent == [{"args": (3, 1), "countdown": 120}]


def test_timer_threads_finding_the_task_modules_take_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two threads importing the task modules at once could each wait on a module the other
    is importing; each import is made holding one lock, so they take turns."""
    import time
    from threading import Thread

    from celery import current_app

    name = "tests.tasks.found_late"
    registry = current_app.tasks
    found = registry[enqueue.SEAT_AWAY_CHECK]
    held: list[bool] = []

    def importing() -> None:  # the discovery, slow enough for the other thread to ask
        held.append(enqueue._FINDING_TASKS.locked())
        time.sleep(0.05)
        registry[name] = found

    monkeypatch.setattr(current_app.loader, "import_default_modules", importing)
    got: list[object] = []
    threads = [Thread(target=lambda: got.append(enqueue.task(name))) for _ in range(2)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        registry.pop(name, None)
    assert held and all(held)
    assert got == [found, found]
