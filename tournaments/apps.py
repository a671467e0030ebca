"""League nights and tournaments: events, rounds, pairings and standings."""

from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Events"

    def ready(self) -> None:
        from scoring.signals import sheet_confirmed, sheet_event_finished
        from tournaments.receivers import sheet_event_is_finished, standings_on_confirm

        sheet_confirmed.connect(standings_on_confirm, dispatch_uid="tournaments_standings")
        sheet_event_finished.connect(sheet_event_is_finished, dispatch_uid="tournaments_finished")
