"""A ping websocket that proves the channel layer carries messages between connections.

Every connection joins one group; a message sent by any of them is broadcast through the
channel layer and echoed to all. With the Redis layer the sockets may live in different server
processes, which is exactly what a deployment with several ASGI processes needs.
"""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

PING_GROUP = "ping"
MAX_TEXT = 200


class PingConsumer(AsyncJsonWebsocketConsumer):
    """Receives ``{"text": "..."}`` and broadcasts ``{"echo": "..."}`` to every connection."""

    async def connect(self) -> None:
        await self.channel_layer.group_add(PING_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(PING_GROUP, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        text = content.get("text") if isinstance(content, dict) else None
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            await self.send_json({"error": f"send {{'text': '...'}} of at most {MAX_TEXT} chars"})
            return
        await self.channel_layer.group_send(PING_GROUP, {"type": "ping.echo", "text": text})

    async def ping_echo(self, event: dict[str, Any]) -> None:
        """Group message handler (type ``ping.echo``)."""
        await self.send_json({"echo": event["text"]})
