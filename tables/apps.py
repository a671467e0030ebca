"""Online tables: the Django app that plays the games of ``engine.rules`` with people and bots.

Its label stays ``engine`` (the name it had when these modules sat in ``engine/``), so its
migrations, database tables and permissions keep their names.

Nothing in ``engine/rules`` or ``engine/bots`` may import this app or Django.
"""

from __future__ import annotations

from django.apps import AppConfig

from club.signals import table_settings_changed
from tournaments.signals import match_time_changed, round_going_online


class TablesConfig(AppConfig):
    name = "tables"
    label = "engine"
    verbose_name = "Online tables"

    def ready(self) -> None:
        # The receivers use the app's models, which are loaded only once the apps are ready.
        from tables.receivers import (
            match_time_changed_table,
            round_going_online_tables,
            table_settings_changed_lobby,
        )

        round_going_online.connect(round_going_online_tables, dispatch_uid="tables_round_online")
        match_time_changed.connect(match_time_changed_table, dispatch_uid="tables_match_time")
        table_settings_changed.connect(
            table_settings_changed_lobby, dispatch_uid="tables_table_settings_lobby"
        )
