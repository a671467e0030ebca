"""Requests as docs/deploy.md's nginx passes them on: from the proxy's address, with the client's
own X-Forwarded-For on the left and the address nginx saw appended on the right."""

from __future__ import annotations

from typing import Any

PROXY = "10.0.0.254"


def behind_proxy(client: str, written: str = "") -> dict[str, Any]:
    """The ``META`` of a request from ``client`` that sent ``X-Forwarded-For: written``."""
    forwarded = f"{written}, {client}" if written else client
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": forwarded}
