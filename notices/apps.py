"""Email notices to players: a table scheduled for them, its reminder, pairings that are up.

Notices listen: the apps that have news send a signal, and no app imports notices.
"""

from __future__ import annotations

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "notices"
    verbose_name = "Notices"

    def ready(self) -> None:
        from notices.receivers import (
            match_time_news_notify,
            round_published_notify,
            table_invited_notify,
            table_scheduled_notify,
        )
        from tables.signals import table_invited, table_scheduled
        from tournaments.signals import match_time_news, round_published

        table_scheduled.connect(table_scheduled_notify, dispatch_uid="notices_table_scheduled")
        table_invited.connect(table_invited_notify, dispatch_uid="notices_table_invited")
        round_published.connect(round_published_notify, dispatch_uid="notices_round_published")
        match_time_news.connect(match_time_news_notify, dispatch_uid="notices_match_time_news")
