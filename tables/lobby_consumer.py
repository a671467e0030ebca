"""The lobby websocket, ``/ws/lobby/``: tells an open lobby page that its lists have changed.

Only signed-in users may open it; an anonymous visitor's socket is closed with
``CLOSE_FORBIDDEN`` (4403) as the table socket closes a refused one. On connect the socket
reads once which clubs the user's player belongs to and joins the user's group and each of
those clubs' groups (``tables.lobby_feed``). Each ``lobby.changed`` heard there is sent on as
``{"type": "changed"}`` and nothing else: the page fetches its lists again with its own
request, which decides what the reader may see, so nothing private travels here. A club the
user joins later is heard from the next connect (a page load or a reconnect).

The client has nothing to say: any message is refused with ``bad_message`` and the socket
stays up. Messages are budgeted as on the table socket (``tables.consumers.MessageBudget``):
past the budget they are refused with ``throttled``, and after
``tables.consumers.THROTTLED_IN_A_ROW`` of those in a row the socket is closed with
``CLOSE_THROTTLED`` (4429). The socket leaves its groups whatever ends it.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext_lazy

from club.selectors import clubs_of
from tables import lobby_feed
from tables.consumers import (
    CLOSE_FORBIDDEN,
    MESSAGE_BURST,
    MESSAGE_RATE,
    MessageBudget,
    over_budget,
    scope_language,
)

logger = logging.getLogger(__name__)

NOTHING_TO_SAY = gettext_lazy(
    "The lobby's socket only tells the page when its lists change; it takes no messages."
)


class LobbyConsumer(AsyncWebsocketConsumer):
    groups_joined: list[str]
    throttled: int = 0  # messages refused in a row for the budget
    clock: Callable[[], float] = staticmethod(time.monotonic)
    language: str = ""  # the reader's language, found at connect, for refusals

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Run the consumer; whatever ends it, its groups are left."""
        self.groups_joined = []
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self.leave_groups()

    async def connect(self) -> None:
        self.budget = MessageBudget(MESSAGE_RATE, MESSAGE_BURST, self.clock)
        user = self.scope.get("user")
        user = getattr(user, "_wrapped", user)
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.language, club_ids = await database_sync_to_async(_reader_and_clubs)(self.scope, user)
        wanted = [lobby_feed.user_group(user.pk)]
        wanted += [lobby_feed.club_group(pk) for pk in club_ids]
        for group in wanted:
            await self.channel_layer.group_add(group, self.channel_name)
            self.groups_joined.append(group)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.leave_groups()

    async def leave_groups(self) -> None:
        """Leave every group joined, once (a failure to leave one is logged, the others are
        still left)."""
        joined, self.groups_joined = self.groups_joined, []
        for group in joined:
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:
                logger.exception("lobby socket: leaving %s failed", group)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not await over_budget(self):
            await self.refuse("bad_message", NOTHING_TO_SAY)

    async def refuse(self, code: str, message: object) -> None:
        with translation.override(self.language or None):
            text = str(message)
        await self.send(text_data=json.dumps({"type": "refused", "code": code, "message": text}))

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        """Group message (type ``lobby.changed``): the page should fetch its lists again."""
        await self.send(text_data=json.dumps({"type": "changed"}))


def _reader_and_clubs(scope: dict[str, Any], user: Any) -> tuple[str, list[int]]:
    """The reader's language and the ids of the clubs the user's player belongs to."""
    return scope_language(scope, user), list(clubs_of(user=user).values_list("pk", flat=True))
