"""The table websocket, ``/ws/tables/<id>/``: each connection gets its own seat's view.

A connection is authenticated from the session (members of the table's club only) and works
out its seat once it is open; players are counted present while connected. It then joins the
table's group and sends the screen it builds from the database
(``tables.selectors.socket_payload``). After each change the process that committed it
sends the group every seat's ready-made screen and the spectators' in one message
(``tables.notify.broadcast``); this connection forwards only one of them as it is: the
screen of the seat the message says its user plays, or the spectators' when the user plays
none (seats change before the start). A screen older (lower ``seq``) than the last one sent is
dropped, so the client never goes back.

Each connection writes in its reader's language, found once on connect as pages find it
(``club.language.reader_language``: the member's stored choice, the session, the cookie, the
browser's ``Accept-Language``) and registered for the table (``tables.readers``), so
the group message carries a screen in it; when it does not (the message was built before the
socket registered, or the member's seat reads another language), the socket builds its own
screen from the database in its language.

The one message a client sends is ``{"type": "act", "action": "<notation>", "seq": n}``
(besides ``{"type": "here"}`` every ``KITTY_TABLE_PRESENCE_SECONDS``, which keeps its seat
present, ``{"type": "state"}``, and ``{"type": "take_back"}`` from a player the computer
played for while away); anything wrong with it is answered with ``{"type":
"refused", "code", "message"}`` and changes nothing. Reconnecting is connecting again: the
current state is sent on connect (read after the socket joined the table's group, so the
changes after it reach the socket).

Whatever a client sends, the socket stays up and the table plays on: a message that cannot be
read is refused with ``bad_message``, and one whose handling fails for a reason of the server's
own is logged with the table id and refused with ``server_error``. A seat counted present on
connect is released exactly once when the consumer ends, however it ends, so a seat never stays
"present" behind a crashed socket and the computer takes over after the grace time as usual.

Each socket has a message budget (``MessageBudget``: ``MESSAGE_RATE`` messages a second, bursts
of ``MESSAGE_BURST``). A message past it is refused with ``throttled``; after
``THROTTLED_IN_A_ROW`` such refusals with no message in the budget between them, the socket is
closed with code ``CLOSE_THROTTLED`` (4429, after HTTP's 429) and the client may reconnect.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy

from club.language import SESSION_KEY, reader_language
from tables import notify, readers, selectors, services
from tables.errors import ActionRefused, TableError
from tables.models import ActionLog

logger = logging.getLogger(__name__)

MAX_MESSAGE = 2000
MAX_ACTION = 200
#: The message budget of one socket: refilled at this many messages a second...
MESSAGE_RATE = 10.0
#: ...up to this many at once (a burst of clicks, a reconnecting client asking for the state).
MESSAGE_BURST = 20
#: Throttled messages in a row after which the socket is closed.
THROTTLED_IN_A_ROW = 40

BAD_JSON = gettext_lazy("Send a JSON object.")
UNKNOWN_TYPE = gettext_lazy(
    'Unknown message type: send {"type": "act", "action": "...", "seq": n}.'
)
BAD_ACT = gettext_lazy(
    'An action is {"type": "act", "action": "<notation>", "seq": <the seq you saw>}.'
)
SERVER_ERROR = gettext_lazy(
    "The server could not handle that message; nothing changed. Please try again."
)
THROTTLED = gettext_lazy("Too many messages: wait a moment, then send again.")
CLOSE_FORBIDDEN = 4403
CLOSE_THROTTLED = 4429


class MessageBudget:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` a second.

    ``clock`` gives seconds (monotonic); tests pass their own to move time by hand.
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        """Spend one message if the budget allows it now."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class BudgetedSocket(Protocol):
    """A socket with a ``MessageBudget`` that refuses with ``refuse(code, message)``."""

    budget: MessageBudget
    throttled: int  # messages refused in a row for the budget

    async def close(self, code: int | bool | None = None, reason: str | None = None) -> None: ...

    async def refuse(self, code: str, message: object) -> None: ...


async def over_budget(socket: BudgetedSocket) -> bool:
    """Whether a message just received is past the socket's budget, and so already answered:
    refused with ``throttled``, or the socket closed after ``THROTTLED_IN_A_ROW`` of those."""
    if socket.budget.take():
        socket.throttled = 0
        return False
    socket.throttled += 1
    if socket.throttled >= THROTTLED_IN_A_ROW:
        await socket.close(code=CLOSE_THROTTLED)
    else:
        await socket.refuse("throttled", THROTTLED)
    return True


class TableConsumer(AsyncWebsocketConsumer):
    table_id: int
    seat: int | None = None  # the seat counted present, fixed at connect
    counted: bool = False  # the seat's connection count includes this socket
    group: str = ""  # the table's group
    sent_seq: int = -1  # the seq of the last screen sent
    joined: bool = False
    throttled: int = 0  # messages refused in a row for the budget
    clock: Callable[[], float] = staticmethod(time.monotonic)
    language: str = ""  # the reader's language, fixed at connect

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Run the consumer; whatever ends it, a seat counted present is released."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self.release_seat()

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Handle one message; a failure of the server's own is logged, answered with
        ``server_error`` when a client message caused it, and never ends the connection
        (an escaping exception would close it with 1011 and skip ``disconnect``).

        The handler is called straight away. Channels' own ``dispatch`` first closes the
        thread's old database connections on the database thread, for handlers that use the
        ORM directly; these handlers use it only through ``database_sync_to_async``, which
        closes them itself. That extra trip to the one database thread for every message
        (each socket of a table gets one per action) queued the sockets' messages behind
        other tables' database work."""
        try:
            handler = getattr(self, get_handler_name(message), None)
            if handler is None:
                raise ValueError(f"No handler for message type {message['type']}")
            await handler(message)
        except StopConsumer:
            raise
        except Exception:
            kind = message.get("type")
            table = getattr(self, "table_id", "?")
            logger.exception("table %s: the socket failed on a %s message", table, kind)
            if kind == "websocket.disconnect":
                raise StopConsumer() from None
            if kind == "websocket.receive":
                await self.refuse("server_error", SERVER_ERROR)
            elif kind == "websocket.connect":
                await self.close(code=1011)

    async def connect(self) -> None:
        self.budget = MessageBudget(MESSAGE_RATE, MESSAGE_BURST, self.clock)
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        user = self.scope.get("user")
        # Channels hands a lazy user; the service stores a real one on the action log.
        self.user = getattr(user, "_wrapped", user)
        if self.user is None:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        allowed, seat = await database_sync_to_async(self._access)()
        if not allowed:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.seat = seat
        self.group = notify.table_group(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.joined = True
        await self.accept()
        if seat is not None:
            await database_sync_to_async(services.seat_connected)(
                table_id=self.table_id, index=seat
            )
            self.counted = True
        await self.send_state()

    def _access(self) -> tuple[bool, int | None]:
        """Whether the user may open the socket and the seat they play; for one who may, the
        language they read, registered for the table."""
        allowed, seat = selectors.socket_access(self.table_id, self.user)
        if allowed:
            self.language = self._reader_language()
            readers.register(self.table_id, self.language)
        return allowed, seat

    def _reader_language(self) -> str:
        return scope_language(self.scope, self.user)

    async def disconnect(self, code: int) -> None:
        try:
            if self.joined:
                await self.channel_layer.group_discard(self.group, self.channel_name)
        finally:
            await self.release_seat()

    async def release_seat(self) -> None:
        """Take this socket off its seat's connection count, once."""
        if not self.counted or self.seat is None:
            return
        self.counted = False
        await database_sync_to_async(services.seat_disconnected)(
            table_id=self.table_id, index=self.seat
        )

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if await over_budget(self):
            return
        try:
            if text_data is None or len(text_data) > MAX_MESSAGE:
                raise ValueError
            content = json.loads(text_data)
        except (ValueError, RecursionError):  # RecursionError: JSON nested too deep
            await self.refuse("bad_message", BAD_JSON)
            return
        if not isinstance(content, dict):
            await self.refuse("bad_message", BAD_JSON)
            return
        kind = content.get("type")
        if kind == "state":
            await self.send_state()
        elif kind == "act":
            await self.act(content)
        elif kind == "here":
            await self.here()
        elif kind == "take_back":
            await self.take_back()
        else:
            await self.refuse("bad_message", UNKNOWN_TYPE)

    async def here(self) -> None:
        """The page says it is still open: its seat stays present (a socket that dies without
        closing stops saying so, and the watchdog then counts the seat away)."""
        if self.counted and self.seat is not None:
            await database_sync_to_async(services.seat_here)(
                table_id=self.table_id, index=self.seat
            )

    async def take_back(self) -> None:
        """The player back from being away plays their seat again (the computer stops)."""
        try:
            await database_sync_to_async(services.seat_take_back)(
                table_id=self.table_id, user=self.user
            )
        except TableError as error:
            await self.refuse(error.code, error.message)

    async def act(self, content: dict[str, Any]) -> None:
        action, seq = content.get("action"), content.get("seq")
        if (
            not isinstance(action, str)
            or len(action) > MAX_ACTION
            or not isinstance(seq, int)
            or isinstance(seq, bool)
        ):
            await self.refuse("bad_message", BAD_ACT)
            return
        try:
            sends = await database_sync_to_async(self._act)(action, seq)
        except ActionRefused as error:
            await self.refuse(error.code, error.message)
            return
        try:
            await notify.publish(sends)
        except Exception:
            # The action is committed and the log is the truth: the sockets catch up on the
            # table's next change or their reconnect.
            logger.exception("table %s: publishing seq after %s failed", self.table_id, seq)

    def _act(self, action: str, seq: int) -> list[notify.Send]:
        """Act for the seat the user plays now (found under the table's lock: seats change
        before the start, and a player may give theirs up). Returns the change's broadcast,
        for the event loop to publish (``notify.sends_deferred``)."""
        with notify.sends_deferred() as sends:
            services.table_act(
                table_id=self.table_id,
                seat=None,
                action=action,
                seen_seq=seq,
                actor=ActionLog.Actor.PLAYER,
                user=self.user,
            )
        return sends

    async def refuse(self, code: str, message: object) -> None:
        with translation.override(self.language or None):
            text = str(message)
        await self.send(text_data=json.dumps({"type": "refused", "code": code, "message": text}))

    async def send_state(self) -> None:
        """Build this user's screen from the database, in their language, and send it."""
        payload = await database_sync_to_async(selectors.socket_payload)(
            self.table_id, self.user, self.language or None
        )
        await self.send_screen(payload["seq"], json.dumps(payload))

    async def send_screen(self, seq: int, text: str) -> None:
        if seq < self.sent_seq:
            return  # an older screen arrived late: never go back
        self.sent_seq = seq
        await self.send(text_data=text)

    async def table_state(self, event: dict[str, Any]) -> None:
        """Group message (type ``table.state``): every seat's screen and the spectators',
        built once by the process that committed the change. Only the screen of the seat this
        user plays at that ``seq`` is sent, or the spectators' if none; when the message has
        it in another language only, this socket's own is built instead."""
        if event["seq"] < self.sent_seq:
            return
        language = self.language or readers.default_language()
        screen = own_screen(event, getattr(self.user, "pk", None), language)
        if screen is None:
            # Registered again (the entry may have expired), so the next message carries it.
            await database_sync_to_async(readers.register)(self.table_id, language)
            await self.send_state()
            return
        await self.send_screen(event["seq"], screen)


def own_screen(event: dict[str, Any], user_id: int | None, language: str) -> str | None:
    """The one screen of a ``table.state`` message that ``user_id``'s socket may send, in
    ``language`` (``None``: the message has it in other languages only)."""
    seated: list[int | None] = event["seated"]
    if user_id is None or user_id not in seated:
        found = event["public"].get(language)
        return None if found is None else str(found)
    index = seated.index(user_id)
    if event["languages"][index] != language:
        return None
    return str(event["seats"][index])


def scope_language(scope: dict[str, Any], user: Any) -> str:
    """The language a socket's reader reads, found as pages find it (database access: call
    from the database thread)."""
    session = scope.get("session")
    cookies = scope.get("cookies") or {}
    headers = dict(scope.get("headers") or [])
    return reader_language(
        user,
        session_code=session.get(SESSION_KEY) if session is not None else None,
        cookie_code=cookies.get(settings.LANGUAGE_COOKIE_NAME),
        accept_language=headers.get(b"accept-language", b"").decode("latin-1"),
    )
