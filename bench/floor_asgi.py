"""The online table's message path with nothing behind it, for ``bench/socket_floor.py``.

The same ASGI stack as ``config.asgi`` (Origin check, sessions and auth middleware, the URL
router, Channels' websocket consumer) and the same channel layer as the site's settings (the
Redis publish-subscribe layer with ``REDIS_URL``), but the consumer does no work of a table:
an action is parsed, one group message carrying four screens of a real screen's size is
published, and each socket sends its browser its own screen, as ``TableConsumer`` does. What
a card played costs this process here is the least it can cost the site's.

``FLOOR_HOP=1`` also sends each action through ``database_sync_to_async`` to a function that
does nothing, as the table's consumer sends it to ``table_act``: the thread hop's cost.
"""

from __future__ import annotations

import json
import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.consumer import get_handler_name  # noqa: E402
from channels.db import database_sync_to_async  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

SEATS = 4
#: A seat's screen in the middle of a hand is 1.7 to 2.9 kB (bench/NOTES.md).
SCREEN_BYTES = 2400
HOP = os.environ.get("FLOOR_HOP") == "1"
#: Each table's seq, held by the process that serves its sockets (one process per table).
_seqs: dict[int, int] = {}


def screen(seq: int, seat: int) -> str:
    """A seat's screen as the bench's clients read it: whose turn, one legal action."""
    state = {
        "type": "state",
        "seq": seq,
        "seat": seat,
        "status": "playing",
        "hand": 1,
        "view": {"to_act": seq % SEATS, "legal": [f"{seq % SEATS} play"]},
    }
    padding = SCREEN_BYTES - len(json.dumps(state))
    state["pad"] = "x" * max(0, padding)
    return json.dumps(state, separators=(",", ":"))


def _nothing() -> None:
    """The database thread's share of an action, with no database work."""


class FloorConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message: dict[str, Any]) -> None:
        """The handler straight away, as ``TableConsumer.dispatch`` calls it (Channels' own
        first sends every message to the database thread to close old connections)."""
        await getattr(self, get_handler_name(message))(message)

    async def connect(self) -> None:
        self.table = int(self.scope["url_route"]["kwargs"]["table_id"])
        query = self.scope.get("query_string", b"").decode()
        self.seat = int(query.removeprefix("seat=") or "0")
        self.group = f"table-{self.table}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=screen(_seqs.get(self.table, 0), self.seat))

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        content = json.loads(text_data or "{}")
        if content.get("type") != "act":
            return
        if HOP:
            await database_sync_to_async(_nothing)()
        seq = _seqs.get(self.table, 0)
        if content.get("seq") != seq:
            await self.send(text_data=json.dumps({"type": "refused", "code": "stale"}))
            return
        seq += 1
        _seqs[self.table] = seq
        seats = [screen(seq, seat) for seat in range(SEATS)]
        await self.channel_layer.group_send(
            self.group, {"type": "table.state", "seq": seq, "seats": seats}
        )

    async def table_state(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["seats"][self.seat])


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(
                URLRouter([path("ws/tables/<int:table_id>/", FloorConsumer.as_asgi())])
            )
        ),
    }
)
