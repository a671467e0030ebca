"""Password-reset throttle: a few reset emails per address, and per client, within a window.

Without it anyone could fill a member's inbox with reset emails, or make the site mail every
address they can think of. Requests are counted in the cache (``club.cache_counts``) per email
address asked for, whether an account has it or not (the answer must not tell), and per
client address: past ``email_requests`` for one email address or ``client_requests`` from one
client within ``seconds``, the page answers 429 and sends nothing until the window ends.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy

from club.cache_counts import count_add, count_key, count_of

CODE = "password_reset_throttled"
MESSAGE = gettext_lazy(
    "Too many password reset requests for this email address or from your "
    "connection. No email was sent; wait {minutes} minutes, then try again."
)


def _limits() -> dict[str, Any]:
    limits: dict[str, Any] = settings.PASSWORD_RESET_THROTTLE
    return limits


def _keys(email: str, client: str) -> list[tuple[str, int]]:
    limits = _limits()
    keys = []
    if email:
        key = count_key(limits["cache_prefix"], "email", email.strip().casefold())
        keys.append((key, limits["email_requests"]))
    if client:
        keys.append(
            (count_key(limits["cache_prefix"], "client", client), limits["client_requests"])
        )
    return keys


def is_locked(email: str, client: str) -> bool:
    """Whether a reset for ``email`` asked from ``client`` is refused for now."""
    return any(count_of(key) >= limit for key, limit in _keys(email, client))


def request_record(email: str, client: str) -> None:
    for key, _limit in _keys(email, client):
        count_add(key, _limits()["seconds"])


def window_seconds() -> int:
    """How long a window lasts: what a refused client is told to wait, at most."""
    return int(_limits()["seconds"])


def lockout_message() -> str:
    return MESSAGE.format(minutes=max(1, round(_limits()["seconds"] / 60)))
