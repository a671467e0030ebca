"""Fixtures of the events' tests."""

from __future__ import annotations

import pytest

from tests.tournaments.times_world import Windowed, windowed_round


@pytest.fixture(autouse=True)
def _no_timer_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds played online make live tables; their grace and clock tasks are run by the
    tests that want them, never on timer threads outliving the test's database."""
    monkeypatch.setattr("tables.enqueue.TIMERS", False)


@pytest.fixture
def world() -> Windowed:
    """An online round played over days (``times_world``)."""
    return windowed_round()
