"""The fixed statement an action reads with (``tables.statements``): the same objects
as the ORM query it replaces, on SQLite and on PostgreSQL, the table's row locked and no other."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import (
    OperationalError,
    connection,
    connections,
    transaction,
)
from django.db.models import Model
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from club.models import Club, Player
from tables import statements
from tables.errors import ActionRefused
from tables.models import LiveTable, TableSeat
from tables.services import table_act
from tests.factories import ClubFactory
from tests.tables.helpers import table_with

pytestmark = pytest.mark.django_db


def _values(instance: Model | None) -> list[tuple[str, Any, type]] | None:
    """Every stored value of ``instance`` with its type: a datetime read as text or a JSON
    field left unparsed would differ."""
    if instance is None:
        return None
    return [
        (field.attname, getattr(instance, field.attname), type(getattr(instance, field.attname)))
        for field in instance._meta.concrete_fields
    ]


def _orm(table_id: int) -> list[TableSeat]:
    """The ORM query the statement replaces."""
    return list(
        TableSeat.objects.select_for_update(of=("table",))
        .select_related("table__club", "player")
        .filter(table_id=table_id)
        .order_by("index")
    )


def _seen(seats: list[TableSeat]) -> list[tuple[Any, ...]]:
    return [
        (
            _values(seat),
            _values(seat.table),
            _values(seat.table.club),
            _values(seat.player),
            seat._state.db,
            seat._state.adding,
        )
        for seat in seats
    ]


def test_it_reads_the_same_objects_as_the_orm_query() -> None:
    table, _ = table_with(people=2, bots=2, turn_seconds=60)
    # Every kind of column with a value: a datetime, JSON, a boolean, a null and numbers.
    LiveTable.objects.filter(pk=table.pk).update(clock_due_at=timezone.now())
    TableSeat.objects.filter(table=table, index=1).update(
        bot_playing=True, last_seen=timezone.now()
    )
    with transaction.atomic():
        expected = _seen(_orm(table.pk))
        seats = statements.seats_locked(table.pk)
        assert _seen(seats) == expected
    assert [seat.index for seat in seats] == [0, 1, 2, 3]
    assert seats[2].player is None and seats[0].player is not None
    table_row = seats[0].table
    assert table_row.clock_due_at is not None and table_row.options, _values(table_row)
    assert seats[1].bot_playing is True and seats[1].last_seen is not None


def test_every_seat_shares_one_table_and_nothing_more_is_read() -> None:
    table, _ = table_with(people=4, bots=0)
    with transaction.atomic():
        seats = statements.seats_locked(table.pk)
        with CaptureQueriesContext(connection) as captured:
            assert all(seat.table is seats[0].table for seat in seats)
            names = [seat.player.display_name for seat in seats if seat.player is not None]
            club = seats[0].table.club.name
    assert captured.captured_queries == []
    assert names == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert club == table.club.name


def test_the_statement_names_every_column_of_the_four_models() -> None:
    """Taken from ``_meta``: a field added or renamed is read with it."""
    sql = statements.seats_locked_sql(connection)
    quote = connection.ops.quote_name
    for model in (TableSeat, LiveTable, Club, Player):
        for field in model._meta.concrete_fields:
            assert f"{quote(model._meta.db_table)}.{quote(str(field.column))}" in sql, field


def test_a_table_without_seats_reads_nothing_and_the_action_reads_the_table_alone() -> None:
    club = ClubFactory.create()
    table = LiveTable.objects.create(club=club, game="auction45", scheduled_at=timezone.now())
    with transaction.atomic():
        assert statements.seats_locked(table.pk) == []
    # The action reads the table's row by itself and refuses by its status.
    with pytest.raises(ActionRefused) as refused:
        table_act(table_id=table.pk, seat=0, action="0 pass", seen_seq=0)
    assert refused.value.code == "not_playing"


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_a_database_with_row_locks_refuses() -> None:
    table, _ = table_with(people=4, bots=0)
    if connection.features.has_select_for_update:
        with pytest.raises(TransactionManagementError):
            statements.seats_locked(table.pk)
    else:
        assert len(statements.seats_locked(table.pk)) == 4


def test_on_sqlite_the_statement_has_no_lock_clause() -> None:
    sql = statements.seats_locked_sql(connection)
    assert ("FOR UPDATE" in sql) == connection.features.has_select_for_update_of


def _locked_elsewhere(sql: str, params: list[int]) -> bool:
    """Whether ``sql`` (a ``FOR UPDATE``) from another connection waits on a lock."""
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SET lock_timeout = '200ms'")
            try:
                cursor.execute(sql, params)
            except OperationalError:
                return True
            return False
    finally:
        # The connection goes back to the pool, where a later test would wait on a lock for
        # only 200 ms: it leaves as it came.
        with other.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
        other.close()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_on_postgresql_it_locks_the_tables_row_and_not_its_seats_players_or_club() -> None:
    table, members = table_with(people=4, bots=0)
    seat_id = TableSeat.objects.get(table=table, index=0).pk
    with transaction.atomic():
        statements.seats_locked(table.pk)
        assert _locked_elsewhere(
            "SELECT id FROM engine_livetable WHERE id = %s FOR UPDATE", [table.pk]
        )
        assert not _locked_elsewhere(
            "SELECT id FROM engine_tableseat WHERE id = %s FOR UPDATE", [seat_id]
        )
        assert not _locked_elsewhere(
            "SELECT id FROM club_player WHERE id = %s FOR UPDATE", [members[0].player.pk]
        )
        assert not _locked_elsewhere(
            "SELECT id FROM club_club WHERE id = %s FOR UPDATE", [table.club_id]
        )
