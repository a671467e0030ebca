"""Online tables: the Django app that plays the games of ``engine.rules`` with people and bots.

Its label stays ``engine`` (the name it had when these modules sat in ``engine/``), so its
migrations, database tables and permissions keep their names.

Nothing in ``engine/rules`` or ``engine/bots`` may import this app or Django.
"""

from __future__ import annotations

from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    label = "engine"
    verbose_name = "Online tables"
