"""The Celery beat schedule run in a process of its own, for the embedded default.

With eager Celery there is no broker, so no ``celery beat`` either: scheduled tables would
open only when somebody opens their page, and the reminders before a table opens would never
go out. ``manage.py beat`` (which ``scripts/demo`` runs beside the web server) runs each task
of ``CELERY_BEAT_SCHEDULE`` at its period instead. With a broker, ``celery -A config worker
-B`` does this, and ``manage.py beat`` refuses to run.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import connections

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Entry:
    """One task of the schedule: its name in the schedule, the task and its period."""

    name: str
    task: str
    seconds: float


def schedule() -> list[Entry]:
    """``CELERY_BEAT_SCHEDULE`` as entries; only periods in seconds are used here."""
    specs: dict[str, dict[str, Any]] = settings.CELERY_BEAT_SCHEDULE
    return [Entry(name, spec["task"], float(spec["schedule"])) for name, spec in specs.items()]


def run_entry(entry: Entry) -> Any:
    """Run one task here and now; a failure is logged and the schedule goes on."""
    try:
        # Celery finds the apps' task modules lazily (a worker imports them as it starts).
        current_app.loader.import_default_modules()
        return current_app.tasks[entry.task].apply().get()
    except Exception:
        logger.exception("beat task %s (%s) failed", entry.name, entry.task)
        return None


def run_schedule(
    entries: list[Entry],
    *,
    rounds: int | None = None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Run every entry at once, then each again when its period has passed; stop after
    ``rounds`` passes over the schedule (``None``: never). Returns the tasks run."""
    due = dict.fromkeys((entry.name for entry in entries), clock())
    ran = passes = 0
    while True:
        for entry in entries:
            if clock() >= due[entry.name]:
                run_entry(entry)
                ran += 1
                due[entry.name] = clock() + entry.seconds
        passes += 1
        if rounds is not None and passes >= rounds:
            return ran
        # Idle until the next task: no database connection is held meanwhile.
        connections.close_all()
        sleep(max(0.5, min(due.values()) - clock()))
