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
