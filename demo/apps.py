"""The demo club loader and its command, ``manage.py load_demo``."""

from __future__ import annotations

from django.apps import AppConfig


class DemoConfig(AppConfig):
    name = "demo"
    verbose_name = "Demo club"
