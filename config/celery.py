"""The Celery app: reads its settings from Django's (the CELERY_* names) and finds app tasks.

Start a worker from the project folder with ``celery -A config worker``; it needs the same
environment (DATABASE_URL, REDIS_URL, ...) as the web process.
"""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("kitty")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def worker_without_connection_pool(**kwargs: object) -> None:
    """A worker opens a database connection per task, without the PostgreSQL pool.

    Celery closes the task's connections after each task; with a pool "closed" only means
    returned to it, so a worker kept idle connections open between tasks, and those stop
    ``DROP DATABASE`` (pytest-django's test database, a restore) while the worker runs. A task
    takes longer than a connection does to open, so the pool gains a worker nothing. Runs in
    the worker's main process before it starts its children (and beat), and before the first
    connection.
    """
    from django.conf import settings
    from django.db import connections

    for alias, database in settings.DATABASES.items():
        database.get("OPTIONS", {}).pop("pool", None)
        connections[alias].settings_dict.get("OPTIONS", {}).pop("pool", None)
