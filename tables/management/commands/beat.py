"""``manage.py beat``: the Celery beat schedule for the embedded default.

The schedule runs in ``tables.beat``.
"""

from __future__ import annotations

import contextlib
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tables.beat import run_schedule, schedule

WITH_BROKER = (
    "Celery has a broker here: run the schedule with `celery -A config worker -B` (or "
    "`celery -A config beat`) instead."
)


class Command(BaseCommand):
    help = (
        "Run the Celery beat schedule in this process (embedded default, eager Celery): open "
        "scheduled tables when their time comes and send the reminders before they open."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="run every task once and stop")

    def handle(self, *args: Any, once: bool = False, **options: Any) -> None:
        if not settings.CELERY_TASK_ALWAYS_EAGER:
            raise CommandError(WITH_BROKER)
        entries = schedule()
        names = ", ".join(entry.name for entry in entries)
        self.stdout.write(f"Beat: {names}" + (" (once)" if once else ""))
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C ends the schedule quietly
            run_schedule(entries, rounds=1 if once else None)
