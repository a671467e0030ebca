"""League nights and tournaments: events, rounds, pairings and standings."""

from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Events"
