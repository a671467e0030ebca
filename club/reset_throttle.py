"""Password-reset throttle: a few reset emails per address, and per client, within a window.

Without it anyone could fill a member's inbox with reset emails, or make the site mail every
address they can think of. Requests are counted in the cache (``club.cache_counts``) per email
address asked for, whether an account has it or not (the answer must not tell), and per
client address: past ``EMAIL_REQUESTS`` for one email address or ``CLIENT_REQUESTS`` from one
client within ``WINDOW_SECONDS``, the page answers 429 and sends nothing until the window ends.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from club.cache_counts import count_add, count_key, count_of

CODE = "password_reset_throttled"
MESSAGE = gettext_lazy(
    "Too many password reset requests for this email address or from your "
    "connection. No email was sent; wait {minutes} minutes, then try again."
)
#: Reset emails asked for one address per window: a member who lost the first two still
#: gets a third.
EMAIL_REQUESTS = 3
#: Reset requests from one client address per window.
CLIENT_REQUESTS = 10
WINDOW_SECONDS = 60 * 60
#: The counts' names in the cache.
CACHE_PREFIX = "password-reset"


def _keys(email: str, client: str) -> list[tuple[str, int]]:
    keys = []
    if email:
        key = count_key(CACHE_PREFIX, "email", email.strip().casefold())
        keys.append((key, EMAIL_REQUESTS))
    if client:
        keys.append((count_key(CACHE_PREFIX, "client", client), CLIENT_REQUESTS))
    return keys


def is_locked(email: str, client: str) -> bool:
    """Whether a reset for ``email`` asked from ``client`` is refused for now."""
    return any(count_of(key) >= limit for key, limit in _keys(email, client))


def request_record(email: str, client: str) -> None:
    for key, _limit in _keys(email, client):
        count_add(key, WINDOW_SECONDS)


def window_seconds() -> int:
    """How long a window lasts: what a refused client is told to wait, at most."""
    return WINDOW_SECONDS


def lockout_message() -> str:
    return MESSAGE.format(minutes=max(1, round(WINDOW_SECONDS / 60)))
