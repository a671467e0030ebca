"""What happens after a table's transaction commits: tell the sockets, start timers.

``broadcast`` runs once per change, in the process that committed it (the web process for a
player's action, the Celery worker for a computer's move, a turn clock or a grace time). It
reads the table once and builds each seat's socket message and the spectators' one
(``engine.tables.selectors.table_payloads``), then sends each to its own group:

- ``table-<id>-seat-<n>``: only sockets opened by the user who plays seat ``n`` (the consumer
  works the seat out from the session when the socket connects) join it, and only seat
  ``n``'s own message, built from ``view(n)``, is sent to it (a seat no person plays gets
  the news of the change without a screen);
- ``table-<id>-public``: spectators' sockets; it gets the spectator view, which holds no
  hidden card.

So a message with a seat's hidden cards only ever enters that seat's group. Seats can change
before the start (a player leaves, another sits down) while a socket stays in its group, so
every message also carries who plays each seat: a socket whose user does not play the seat of
its group (any more) forwards nothing from it, moves to the right group and builds its screen
from the database instead (``engine.tables.consumers``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connections

from engine.tables import fanout, selectors

logger = logging.getLogger(__name__)

STATE = "table.state"


def seat_group(table_id: int, seat: int) -> str:
    return f"table-{table_id}-seat-{seat}"


def public_group(table_id: int) -> str:
    return f"table-{table_id}-public"


def socket_group(table_id: int, seat: int | None) -> str:
    """The group a socket of ``seat`` (``None``: a spectator) listens to."""
    return public_group(table_id) if seat is None else seat_group(table_id, seat)


def broadcast(table_id: int, snapshot: selectors.Snapshot | None = None) -> None:
    """Send every socket of the table its own screen of the table as it now stands (as the
    writer's ``snapshot`` shows it, when given: nothing is read again)."""
    layer = get_channel_layer()
    if layer is None:
        return
    payloads = selectors.table_payloads(table_id, snapshot)

    def message(text: str | None) -> dict[str, Any]:
        return {"type": STATE, "seq": payloads.seq, "seated": payloads.seated, "text": text}

    # Every seat's group hears of the change; a seat nobody plays gets no screen (``None``),
    # only the news, for a socket left behind there to move to its own group.
    sends = [
        (seat_group(table_id, seat), message(payloads.seats.get(seat)))
        for seat in range(len(payloads.seated))
    ]
    sends.append((public_group(table_id), message(payloads.public)))

    async def send_all() -> None:
        await fanout.group_send_all(layer, sends)

    send = async_to_sync(send_all)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        send()
        return
    # Sync code called straight from a thread that runs an event loop (a script or test
    # driving a browser) cannot wait on the layer there: send from a helper thread.
    helper = threading.Thread(target=send)
    helper.start()
    helper.join()


def clock_armed(task: Any, args: tuple[Any, ...], seconds: float) -> None:
    """A turn clock was set on the table's row (``clock_due_at``). With a broker the beat's
    sweep finds it when it runs out (``engine.tables.services.clocks_due_sweep``): no task is
    sent per action. The embedded default has no beat in the web process, so the clock runs
    there on a timer thread (``run_later``)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        run_later(task, args, seconds)


def run_later(task: Any, args: tuple[Any, ...], seconds: float) -> None:
    """Run a Celery task ``seconds`` from now.

    With a broker this is ``apply_async(countdown=...)``. Eager Celery (the embedded default)
    would ignore the countdown and run the task at once, which would end every turn clock
    before it started, so the task runs on a timer thread of this process instead;
    ``KITTY_TABLE_TIMERS=0`` turns those timers off (tests call the tasks directly).
    """
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        task.apply_async(args=args, countdown=seconds)
        return
    if not settings.KITTY_TABLE_TIMERS:
        return

    def fire() -> None:
        try:
            task.apply(args=args)
        except Exception:
            logger.exception("timed task %s%r failed", getattr(task, "name", task), args)
        finally:
            connections.close_all()

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
