"""Email notices to players: a table scheduled for them, its reminder, pairings that are up."""

from __future__ import annotations

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "notices"
    verbose_name = "Notices"
