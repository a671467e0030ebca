"""Background work a table's write starts once it commits: the tasks, sent by their names.

The tasks call the services (``tables.tasks``), never the reverse: a service names the task it
wants (``BOTS_PLAY``...) and Celery's registry finds it when it is sent. Nothing here is sent
before the commit (``transaction.on_commit``), so a worker never looks for a row that is not
there yet, and a rollback sends nothing.

With a broker a task for later is sent with a ``countdown``. Eager Celery (the embedded default,
no broker) would run it at once, which would end every turn clock before it started, so there
it runs on a timer thread of this process instead; ``TIMERS = False`` turns those timers off
(tests call the tasks directly).
"""

from __future__ import annotations

import logging
import threading
from functools import partial
from typing import Any

from celery import Task, current_app
from django.conf import settings
from django.db import connections, transaction

logger = logging.getLogger(__name__)

# Each task keeps the name it had as ``engine.tasks``: timers already waiting in a broker
# still find it after an upgrade (``tables.tasks``).
TABLE_OPEN = "engine.tasks.table_open"
BOTS_PLAY = "engine.tasks.table_bots_play"
TURN_CLOCK = "engine.tasks.table_turn_clock"
SEAT_AWAY_CHECK = "engine.tasks.seat_away_check"
MATCH_NO_SHOW = "tables.tasks.match_no_show_check"
HAND_REVIEW = "tables.tasks.hand_review"

#: Without a broker, turn clocks and grace times run on timer threads of the web process.
#: Tests turn them off and run the timed tasks themselves.
TIMERS = True


#: Held while the task modules are imported: two timer threads importing them at once can
#: each wait on a module the other is importing, and Celery drops the import error that
#: breaks that knot, so the task would be missing from the registry.
_FINDING_TASKS = threading.Lock()


def task(name: str) -> Task[Any, Any]:
    """The registered task ``name``. Celery finds the apps' task modules lazily (a worker
    imports them as it starts), so a web process imports them when it first sends one."""
    registry = current_app.tasks
    if name not in registry:
        with _FINDING_TASKS:
            current_app.loader.import_default_modules()
    return registry[name]


def send(name: str, *args: Any) -> None:
    """Send the task ``name`` now (run here and now with eager Celery)."""
    task(name).delay(*args)


def send_on_commit(name: str, *args: Any) -> None:
    """Send the task ``name`` once the current transaction commits."""
    transaction.on_commit(partial(send, name, *args))


def run_later_on_commit(name: str, args: tuple[Any, ...], seconds: float) -> None:
    """Run the task ``name`` ``seconds`` after the current transaction commits."""
    transaction.on_commit(partial(run_later, name, args, seconds))


def clock_armed(table_id: int, seq: int, seconds: float) -> None:
    """A turn clock was set on the table's row (``clock_due_at``) at action ``seq``. With a
    broker the beat's sweep finds it when it runs out (``tables.services.clocks_due_sweep``):
    no task is sent per action. The embedded default has no beat in the web process, so the
    clock runs there on a timer thread (``run_later``)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        run_later(TURN_CLOCK, (table_id, seq), seconds)


def run_later(name: str, args: tuple[Any, ...], seconds: float) -> None:
    """Run the task ``name`` ``seconds`` from now: ``apply_async(countdown=...)`` with a
    broker, a timer thread of this process with eager Celery (see above)."""
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        task(name).apply_async(args=args, countdown=seconds)
        return
    if not TIMERS:
        return

    def fire() -> None:
        try:
            task(name).apply(args=args)
        except Exception:
            logger.exception("timed task %s%r failed", name, args)
        finally:
            connections.close_all()

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
