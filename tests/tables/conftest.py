"""Online table tests run timers by hand: no timer thread outlives a test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_timer_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tables.enqueue.TIMERS", False)
