"""The Celery app: reads its settings from Django's (the CELERY_* names) and finds app tasks.

Start a worker from the project folder with ``celery -A config worker``; it needs the same
environment (DATABASE_URL, REDIS_URL, ...) as the web process.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("kitty")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
