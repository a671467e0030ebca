"""What happens after a table's transaction commits: tell the sockets (the tasks it starts
are sent by ``tables.enqueue``).

``broadcast`` runs once per change, in the process that committed it (the web process for a
player's action, the Celery worker for a computer's move, a turn clock or a grace time). It
reads the table once, builds each seat's socket message and the spectators' one
(``tables.selectors.table_payloads``) and sends them together, as one message, to the
table's group ``table-<id>``: one publish per change however many sockets watch, and each web
process hears it once for all its sockets of that table.

So every seat's screen, hidden cards included, passes through Redis and the web processes that
serve the table, and never further: each socket forwards only the part of the user it serves
(``tables.consumers``). The message says who plays each seat (``seated``, user ids), so
the part is chosen by who the user is at that ``seq``, not by who they were when the socket
opened: a player who left a seat before the start gets the spectators' screen, never the one of
whoever sat down there. Each seat's screen is in the language of its member, the spectators'
in every language read at the table (``tables.readers``); a socket whose language is
not in the message builds its own screen.

A player's action reaches the service through the web process's one database thread
(``tables.consumers``), which every table of the process shares. The socket's action
runs under ``sends_deferred``: its change is built there but published from the event loop
afterwards (``publish``), so the database thread goes on to the next table's action instead
of waiting for the event loop and Redis.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from tables import fanout, selectors

STATE = "table.state"

#: A group and the message for it.
Send = tuple[str, dict[str, Any]]
_deferred = threading.local()


@contextmanager
def sends_deferred() -> Iterator[list[Send]]:
    """Within, this thread's broadcasts are collected in the list given instead of sent; the
    caller publishes them (``publish``) once the work is done."""
    sends: list[Send] = []
    _deferred.sends = sends
    try:
        yield sends
    finally:
        _deferred.sends = None


async def publish(sends: Sequence[Send]) -> None:
    """Send broadcasts collected by ``sends_deferred``, from the event loop."""
    layer = get_channel_layer()
    if layer is not None and sends:
        await fanout.group_send_all(layer, sends)


def table_group(table_id: int) -> str:
    """The group every socket of the table listens to."""
    return f"table-{table_id}"


def broadcast(table_id: int, snapshot: selectors.Snapshot | None = None) -> None:
    """Send every socket of the table its own screen of the table as it now stands (as the
    writer's ``snapshot`` shows it, when given: nothing is read again)."""
    layer = get_channel_layer()
    if layer is None:
        return
    payloads = selectors.table_payloads(table_id, snapshot)
    # A screen for each seat a person plays (``None`` for the others: a computer's seat has no
    # socket), in its member's language, and the spectators' in each language read at the
    # table; lists, since the layer's message format takes text keys only.
    message = {
        "type": STATE,
        "seq": payloads.seq,
        "seated": payloads.seated,
        "seats": [payloads.seats.get(seat) for seat in range(len(payloads.seated))],
        "languages": payloads.languages,
        "public": payloads.public,
    }
    send([(table_group(table_id), message)])


def send(sends: list[Send]) -> None:
    """Send group messages from sync code: collected when within ``sends_deferred``, else
    now."""
    collected: list[Send] | None = getattr(_deferred, "sends", None)
    if collected is not None:
        collected.extend(sends)
        return

    now = partial(async_to_sync(publish), sends)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        now()
        return
    # Sync code called straight from a thread that runs an event loop (a script or test
    # driving a browser) cannot wait on the layer there: send from a helper thread.
    helper = threading.Thread(target=now)
    helper.start()
    helper.join()
