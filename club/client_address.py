"""The client's address, one for the whole site: every per-address limit counts by it (sign-in,
password reset, table codes, the API).

Behind proxies, ``REMOTE_ADDR`` is the nearest proxy, and ``X-Forwarded-For`` lists the
addresses the request came through, each proxy appending the address it was reached from
(nginx's ``$proxy_add_x_forwarded_for``). Only what the deployment's own proxies appended can be
trusted: the client writes whatever it likes at the left, so the leftmost entry (the one
daphne's ``--proxy-headers`` takes) lets a script pick a new address for every request. The
client is therefore the ``KITTY_NUM_PROXIES``-th entry from the right, as DRF's
``NUM_PROXIES`` counts; with no proxy declared the header is ignored and ``REMOTE_ADDR`` is
the client.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest


def forwarded_client(meta: Mapping[str, Any], proxies: int) -> str:
    """The client's address in a request's ``META`` behind ``proxies`` proxies.

    A request with fewer entries than proxies came through fewer of them than declared: its
    leftmost entry is the best there is (DRF does the same). One with no header at all came
    straight to the server (a health check on the host): ``REMOTE_ADDR``.
    """
    remote = str(meta.get("REMOTE_ADDR", ""))
    header = str(meta.get("HTTP_X_FORWARDED_FOR", ""))
    if proxies <= 0 or not header.strip():
        return remote
    entries = [entry.strip() for entry in header.split(",")]
    return entries[-min(proxies, len(entries))] or remote


def client_address(request: HttpRequest | None) -> str:
    """The address every throttle counts ``request`` by (``""`` without a request)."""
    if request is None:
        return ""
    return forwarded_client(request.META, int(settings.KITTY_NUM_PROXIES))
