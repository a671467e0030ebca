"""Sign-in throttle: after too many wrong passwords, an account or an address waits.

Without it a script could try passwords as fast as the server answers. Failures are counted in
Django's cache (Redis on a club server, so every process sees the same counts), per account
and per client address (``club.client_address``), each in a window that starts with its first
failure: past ``ACCOUNT_FAILURES`` for one username or ``SIGN_IN_ADDRESS_FAILURES`` (a
setting) from one address within ``LOCKOUT_SECONDS``, signing in is refused, even with the
right password, until the window ends. A success clears the account's count (an address shared
by a club hall keeps its own).

Three pieces: the receivers below count failures (``user_login_failed``, sent by every
``authenticate`` that finds no user) and clear them (``user_logged_in``); the sign-in page
answers 429 while locked; and ``SignInThrottleBackend``, first in AUTHENTICATION_BACKENDS,
refuses every other way of checking a password (the admin's sign-in) while locked.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from club.cache_counts import count_add, count_key, count_of
from club.client_address import client_address

CODE = "sign_in_throttled"
MESSAGE = gettext_lazy(
    "Too many failed sign-ins for this account or from this address. "
    "Signing in is paused for {minutes} minutes; try again later."
)
#: Wrong passwords for one username after which it is locked: few enough that guessing gets
#: nowhere, enough for a member who mistypes.
ACCOUNT_FAILURES = 5
#: How long a lockout lasts, from the first failure of its window.
LOCKOUT_SECONDS = 15 * 60
#: The counts' names in the cache.
CACHE_PREFIX = "sign-in"


def _key(kind: str, value: str) -> str:
    return count_key(CACHE_PREFIX, kind, value)


def _account(username: str) -> str:
    return _key("account", username.strip().casefold())


def is_locked(username: str, address: str) -> bool:
    """Whether signing in as ``username`` from ``address`` is refused for now."""
    if username and count_of(_account(username)) >= ACCOUNT_FAILURES:
        return True
    return bool(address) and count_of(_key("address", address)) >= settings.SIGN_IN_ADDRESS_FAILURES


def window_seconds() -> int:
    """How long a window lasts: what a refused client is told to wait, at most."""
    return LOCKOUT_SECONDS


def lockout_message() -> str:
    return MESSAGE.format(minutes=max(1, round(LOCKOUT_SECONDS / 60)))


def failure_record(username: str, address: str) -> None:
    if username:
        count_add(_account(username), LOCKOUT_SECONDS)
    if address:
        count_add(_key("address", address), LOCKOUT_SECONDS)


@receiver(user_login_failed, dispatch_uid="club.sign_in_throttle.failed")
def _on_failure(
    sender: object,
    credentials: dict[str, Any],
    request: HttpRequest | None = None,
    **kwargs: object,
) -> None:
    failure_record(str(credentials.get("username") or ""), client_address(request))


@receiver(user_logged_in, dispatch_uid="club.sign_in_throttle.success")
def _on_success(sender: object, request: HttpRequest | None, user: Any, **kwargs: object) -> None:
    cache.delete(_account(user.get_username()))


class SignInThrottleBackend:
    """Refuses any password check for a locked account or address; otherwise lets the next
    backend (Django's ModelBackend) decide. It never returns a user, so sessions keep naming
    ModelBackend."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: object,
    ) -> None:
        if is_locked(username or "", client_address(request)):
            # authenticate() stops at PermissionDenied and sends user_login_failed.
            raise PermissionDenied(lockout_message())
        return None
