"""On PostgreSQL and Redis: a computer move whose task was lost (a worker killed before it ran
it) is found by the watchdog, and the table finishes its game."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from tables import services
from tables.models import LiveTable
from tests.tables.helpers import table_with

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def test_a_lost_computer_task_is_redone_by_the_watchdog(monkeypatch: pytest.MonkeyPatch) -> None:
    assert connection.vendor == "postgresql"
    lost: list[int] = []
    monkeypatch.setattr(
        "tables.tasks.table_bots_play.delay", lambda table_id: lost.append(table_id)
    )
    table, _ = table_with(people=0, bots=4, seed=3)
    assert lost == [table.pk]
    monkeypatch.undo()
    table.refresh_from_db()
    assert table.status == LiveTable.Status.PLAYING and table.seq == 0
    later = timezone.now() + timedelta(hours=1)
    assert services.tables_watchdog(now=later) == [table.pk]
    table.refresh_from_db()
    assert table.status == LiveTable.Status.FINISHED
    assert table.scoresheet is not None and table.scoresheet.lines.count() == table.hand_number
