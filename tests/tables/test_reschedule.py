"""Moving a table's time before its game: scheduled again ahead, open (and started when
full) when the time is now, refused once the game started or the table ended."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tables import enqueue
from tables.errors import TableError
from tables.models import LiveTable, TableStatus
from tables.services import SeatSpec, table_create, table_reschedule, tables_open_due
from tests.factories import ClubFactory
from tests.tables.helpers import seated_members, table_with

pytestmark = pytest.mark.django_db


def _scheduled(people: int = 2) -> LiveTable:
    club = ClubFactory.create()
    seats = [SeatSpec(player=m.player) for m in seated_members(club, people)]
    return table_create(
        club=club,
        by=None,
        scheduled_at=timezone.now() + timedelta(days=2),
        game_id="auction45",
        seats=seats,
    )


def test_a_scheduled_table_moves_and_opens_at_its_new_time(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: pytest.FixtureRequest
) -> None:
    later: list[tuple[str, tuple[object, ...], float]] = []
    monkeypatch.setattr(enqueue, "run_later", lambda *args: later.append(args))
    table = _scheduled()
    at = timezone.now() + timedelta(days=1)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        moved = table_reschedule(table_id=table.pk, at=at)
    assert (moved.scheduled_at, moved.status) == (at, TableStatus.SCHEDULED)
    name, args, seconds = later[-1]
    assert (name, args) == (enqueue.TABLE_OPEN, (table.pk,))
    assert 86_000 < seconds <= 86_400
    assert tables_open_due(now=at - timedelta(minutes=1)) == []
    assert tables_open_due(now=at) == [table.pk]
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN


def test_a_time_that_has_come_opens_the_table_and_a_full_table_starts() -> None:
    half = _scheduled(people=2)
    assert table_reschedule(table_id=half.pk, at=timezone.now()).status == TableStatus.OPEN
    full = _scheduled(people=4)
    assert table_reschedule(table_id=full.pk, at=timezone.now()).status == TableStatus.PLAYING


def test_an_open_table_goes_back_to_scheduled_when_moved_ahead() -> None:
    table, _ = table_with(people=2, bots=0)  # two seats still empty
    assert table.status == TableStatus.OPEN
    at = timezone.now() + timedelta(hours=3)
    assert table_reschedule(table_id=table.pk, at=at).status == TableStatus.SCHEDULED


@pytest.mark.parametrize(
    ("status", "code"),
    [
        (TableStatus.PLAYING, "started"),
        (TableStatus.PAUSED, "started"),
        (TableStatus.FINISHED, "ended"),
        (TableStatus.ABANDONED, "ended"),
    ],
)
def test_a_started_or_ended_table_refuses_and_keeps_its_time(status: str, code: str) -> None:
    table = _scheduled()
    LiveTable.objects.filter(pk=table.pk).update(status=status)
    with pytest.raises(TableError) as refused:
        table_reschedule(table_id=table.pk, at=timezone.now() + timedelta(days=1))
    assert refused.value.code == code
    assert refused.value.status == 409
    again = LiveTable.objects.get(pk=table.pk)
    assert (again.scheduled_at, again.status) == (table.scheduled_at, status)
