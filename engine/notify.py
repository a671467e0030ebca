"""What happens after a table's transaction commits: tell the sockets, start timers.

Group messages say only that the table changed and its ``seq``: never a card. Each socket
builds its own seat's view when it hears one (``engine.consumers``), so hidden cards cannot
leak through the channel layer, which is shared by every connection.
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

logger = logging.getLogger(__name__)


def group_name(table_id: int) -> str:
    return f"table-{table_id}"


def broadcast(table_id: int, seq: int) -> None:
    """Tell every socket of the table that it changed (``seq`` is the table's action count)."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "table.changed", "seq": seq}
    send = async_to_sync(layer.group_send)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        send(group_name(table_id), message)
        return
    # Sync code called straight from a thread that runs an event loop (a script or test
    # driving a browser) cannot wait on the layer there: send from a helper thread.
    helper = threading.Thread(target=send, args=(group_name(table_id), message))
    helper.start()
    helper.join()


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
