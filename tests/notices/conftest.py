"""Notice tests: the test outbox (locmem), links on a known site, no timer threads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.notices.helpers import FLAKY_BACKEND, SITE, FlakyBackend

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings


@pytest.fixture(autouse=True)
def _notice_settings(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.KITTY_SITE_URL = SITE + "/"  # the trailing slash must not double in links
    monkeypatch.setattr("notices.tasks.REMINDER_MINUTES", 30)


@pytest.fixture
def flaky(settings: Settings) -> Iterator[type[FlakyBackend]]:
    """Mail goes through ``FlakyBackend``; set its ``fail_on`` to make sends fail."""
    FlakyBackend.reset()
    settings.EMAIL_BACKEND = FLAKY_BACKEND
    yield FlakyBackend
    FlakyBackend.reset()
