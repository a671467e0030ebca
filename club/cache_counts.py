"""Counts in a window, kept in Django's cache: how the sign-in and password-reset throttles
count attempts.

The cache is Redis on a club server, so every process sees the same counts. A count's window
starts with its first attempt and lasts ``seconds``; after it the count starts again from 0.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache


def count_key(prefix: str, kind: str, value: str) -> str:
    """The cache key counting ``value`` (a username, an address) of ``kind`` under ``prefix``."""
    # Hashed: usernames and addresses may hold characters or lengths a cache key should not.
    digest = hashlib.sha256(value.encode()).hexdigest()[:32]
    return f"{prefix}:{kind}:{digest}"


def count_of(key: str) -> int:
    return int(cache.get(key) or 0)


def count_add(key: str, seconds: int) -> None:
    """One more in the count of ``key``, starting a window of ``seconds`` if none is running."""
    cache.add(key, 0, seconds)  # the window starts with the first attempt
    try:
        cache.incr(key)
    except ValueError:  # the window ended between the two calls
        cache.set(key, 1, seconds)
