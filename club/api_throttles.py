"""How often the API may be called: per address for visitors, per account for members, and a
tighter budget on writes per account. A visitor's address is the one every page counts by
(``club.client_address``). A request over budget answers 429 with code ``throttled`` and
``Retry-After`` (``club.api_errors``).

The rates are ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (scopes ``anon``, ``user``,
``write``), read on every request rather than once at import as DRF's own classes do, so a
deployment's environment and a test's settings both take effect; a rate of ``None`` turns that
throttle off. The counts live in Django's cache: Redis on a club server, shared by every
process; in one process's memory on the embedded default.
"""

from __future__ import annotations

from typing import Any

from rest_framework import throttling
from rest_framework.request import Request
from rest_framework.settings import api_settings

from club.client_address import client_address

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class _SettingsRate(throttling.SimpleRateThrottle):
    def get_rate(self) -> str | None:
        rates: dict[str, Any] = dict(api_settings.DEFAULT_THROTTLE_RATES)
        rate: str | None = rates.get(self.scope or "")
        return rate

    def get_ident(self, request: Request) -> str:
        """The site's one client address (``club.client_address``), as the pages count it."""
        return client_address(request._request)


class AnonThrottle(_SettingsRate, throttling.AnonRateThrottle):
    """Visitors not signed in, by address."""


class UserThrottle(_SettingsRate, throttling.UserRateThrottle):
    """Every request of a signed-in member, by account (by address when not signed in is
    ``AnonThrottle``'s job, so this one counts only accounts)."""

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if not (request.user and request.user.is_authenticated):
            return None
        return super().get_cache_key(request, view)


class WriteThrottle(_SettingsRate):
    """Changes (POST, PUT, PATCH, DELETE), by account or, signed out, by address."""

    scope = "write"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if request.method in SAFE_METHODS:
            return None
        if request.user and request.user.is_authenticated:
            ident = str(request.user.pk)
        else:
            ident = self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
