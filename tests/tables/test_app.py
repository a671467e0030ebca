"""The online tables app lives in tables/ but keeps the label ``engine``, so its
migrations, database tables and permissions keep their names."""

from __future__ import annotations

from django.apps import apps
from django.db.migrations.loader import MigrationLoader

from tables.models import ActionLog, LiveTable, TableHand, TableSeat


def test_the_app_keeps_its_label_and_its_table_names() -> None:
    config = apps.get_app_config("engine")
    assert config.name == "tables"
    assert [m._meta.db_table for m in (LiveTable, TableSeat, TableHand, ActionLog)] == [
        "engine_livetable",
        "engine_tableseat",
        "engine_tablehand",
        "engine_actionlog",
    ]


def test_its_migrations_are_found_under_the_old_label() -> None:
    loader = MigrationLoader(None, ignore_no_migrations=True)
    assert {name for label, name in loader.disk_migrations if label == "engine"} == {
        "0001_initial",
        "0002_table_match",
        "0003_table_paused_abandoned",
        "0004_table_clock_due_at",
        "0005_member_tables_and_invitations",
        "0006_hand_review",
    }
    assert loader.migrations_module("engine")[0] == "tables.migrations"
