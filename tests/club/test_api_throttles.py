"""The API's rate limits count visitors by the site's one client address: behind the proxy, a
new X-Forwarded-For on every call is still the same visitor."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from pytest_django.fixtures import Settings as SettingsWrapper

from tests.proxy import behind_proxy

pytestmark = pytest.mark.django_db


def test_a_visitor_rotating_its_forwarded_address_is_throttled(
    settings: SettingsWrapper,
) -> None:
    cache.clear()
    settings.KITTY_NUM_PROXIES = 1
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "3/minute", "user": None, "write": None},
    }
    statuses = [
        Client()
        .get("/api/clubs/", **behind_proxy("203.0.113.7", written=f"198.51.100.{n}"))
        .status_code
        for n in range(5)
    ]
    assert statuses == [200, 200, 200, 429, 429]
    assert Client().get("/api/clubs/", **behind_proxy("203.0.113.8")).status_code == 200
