"""Fixtures of the events' tests."""

from __future__ import annotations

import pytest

from tests.tournaments.times_world import Windowed, windowed_round


@pytest.fixture
def world() -> Windowed:
    """An online round played over days (``times_world``)."""
    return windowed_round()
