"""The Django project: settings, URLs, ASGI/WSGI entry points and the Celery app."""

from __future__ import annotations

# Loaded with Django so that @shared_task binds to Kitty's Celery app.
from config.celery import app as celery_app

__all__ = ["celery_app"]
