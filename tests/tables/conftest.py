"""Online table tests run timers by hand: no timer thread outlives a test."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings


@pytest.fixture(autouse=True)
def _no_timer_threads(settings: Settings) -> None:
    settings.KITTY_TABLE_TIMERS = False
