"""The statement every action reads with, written once per database instead of built each time.

Every card played at an online table reads the table's row locked, with its club and its seats
with who plays them (``seats_locked``). Through the ORM, Django's query compiler rebuilt that
statement on every action (its joins, select list and lock clause) and built its objects
through its generic machinery: most of the read's cost in the web process (bench/NOTES.md,
"Fifth pass"). Here it is put together once per database connection alias and then only
executed; its rows become model instances through ``Model.from_db``, as the ORM's own would.
The action's two writes, the log's row and the table's, go through the ORM
(``tables.services``): hand-built, they saved about 0.6 to 0.8 ms of CPU an action on a busy
machine (bench/NOTES.md, "Seventh pass") for a hundred lines that sent ``save``'s signals by
hand.

The column list is taken from the models' ``_meta``, never typed: a field added, renamed or
removed changes the statement with it, and tests/tables/test_statements.py checks that it
reads what the ORM would, on SQLite and on PostgreSQL.

The lock is the ORM query's: ``FOR UPDATE OF`` the table's row only (not its club's, seats' or
players'). SQLite has no row locks (a write transaction locks the whole database), so there
the statement has no lock clause, as ``select_for_update`` has none there either.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import NotSupportedError, connections, router
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model
from django.db.models.expressions import Col
from django.db.transaction import TransactionManagementError

from club.models import Club, Player
from tables.models import LiveTable, TableSeat

Converter = Callable[[Any, Any, BaseDatabaseWrapper], Any]
M = TypeVar("M", bound=Model)
T = TypeVar("T")


@dataclass(frozen=True)
class _Part(Generic[M]):
    """One model's columns in a row of the statement: where they start, and how the
    database's values are turned into the fields' (a datetime from SQLite's text, a JSON
    field's text parsed...), as the ORM does."""

    model: type[M]
    start: int
    end: int
    attnames: tuple[str, ...]
    pk: int  # the primary key's position in the row: NULL for a player of nobody's seat
    converters: tuple[tuple[int, Col, tuple[Converter, ...]], ...]

    def instance(self, row: Sequence[Any], db: str, connection: BaseDatabaseWrapper) -> M:
        values = list(row[self.start : self.end])
        for index, col, functions in self.converters:
            for convert in functions:
                values[index] = convert(values[index], col, connection)
        return self.model.from_db(db, self.attnames, values)


@dataclass(frozen=True)
class _SeatsRead:
    sql: str
    seat: _Part[TableSeat]
    table: _Part[LiveTable]
    club: _Part[Club]
    player: _Part[Player]


_built: dict[tuple[str, str, str], Any] = {}
_lock = threading.Lock()


def _fields(model: type[Model]) -> list[Field[Any, Any]]:
    return list(model._meta.concrete_fields)


def _part(model: type[M], start: int, connection: BaseDatabaseWrapper) -> _Part[M]:
    table = model._meta.db_table
    fields = _fields(model)
    converters = []
    for index, field in enumerate(fields):
        col = field.get_col(table)
        functions = (*connection.ops.get_db_converters(col), *col.get_db_converters(connection))
        if functions:
            converters.append((index, col, tuple(functions)))
    return _Part(
        model,
        start,
        start + len(fields),
        tuple(field.attname for field in fields),
        start + [field.primary_key for field in fields].index(True),
        tuple(converters),
    )


def _field(model: type[Model], name: str) -> Field[Any, Any]:
    """The model's stored field ``name`` (``pk``: its primary key)."""
    field = model._meta.pk if name == "pk" else model._meta.get_field(name)
    assert isinstance(field, Field) and field.column is not None
    return field


def _column(connection: BaseDatabaseWrapper, model: type[Model], name: str = "pk") -> str:
    """``"table"."column"`` of the model's field ``name``, quoted for the database."""
    field = _field(model, name)
    quote = connection.ops.quote_name
    return f"{quote(model._meta.db_table)}.{quote(str(field.column))}"


def _seats_read(connection: BaseDatabaseWrapper) -> _SeatsRead:
    """The statement reading a table's seats, each with its player, and the table with its
    club, the table's row locked: one row per seat, by seat number."""
    models = (TableSeat, LiveTable, Club, Player)
    columns = [
        _column(connection, model, field.name) for model in models for field in _fields(model)
    ]
    seat, table, club, player = (connection.ops.quote_name(m._meta.db_table) for m in models)
    sql = (
        f"SELECT {', '.join(columns)} FROM {seat}"
        f" INNER JOIN {table}"
        f" ON {_column(connection, TableSeat, 'table')} = {_column(connection, LiveTable)}"
        f" INNER JOIN {club}"
        f" ON {_column(connection, LiveTable, 'club')} = {_column(connection, Club)}"
        f" LEFT OUTER JOIN {player}"
        f" ON {_column(connection, TableSeat, 'player')} = {_column(connection, Player)}"
        f" WHERE {_column(connection, TableSeat, 'table')} = %s"
        f" ORDER BY {_column(connection, TableSeat, 'index')} ASC"
    )
    if connection.features.has_select_for_update_of:
        sql += f" FOR UPDATE OF {table}"
    elif connection.features.has_select_for_update:
        raise NotSupportedError("Locking the table's row only needs FOR UPDATE OF.")
    seats = _part(TableSeat, 0, connection)
    tables = _part(LiveTable, seats.end, connection)
    clubs = _part(Club, tables.end, connection)
    return _SeatsRead(sql, seats, tables, clubs, _part(Player, clubs.end, connection))


def _statement(connection: BaseDatabaseWrapper, build: Callable[[BaseDatabaseWrapper], T]) -> T:
    """The statement ``build`` makes for the connection's database, built on its first use.
    Its converters are those of the first connection of that alias (each thread has its
    own): they read only settings, which every connection of an alias shares."""
    key = (build.__name__, connection.alias, connection.vendor)
    found = _built.get(key)
    if found is None:
        with _lock:
            found = _built.setdefault(key, build(connection))
    return found


def seats_locked_sql(connection: BaseDatabaseWrapper) -> str:
    """The statement ``seats_locked`` runs on ``connection``'s database (to read or EXPLAIN)."""
    return _statement(connection, _seats_read).sql


def seats_locked(table_id: int) -> list[TableSeat]:
    """The table's seats by number, each with its player and the same table object (with its
    club), the table's row locked until the transaction ends; empty if it has no seats.

    The same objects as ``TableSeat.objects.select_for_update(of=("table",))
    .select_related("table__club", "player").filter(table_id=...).order_by("index")``,
    sharing one table."""
    db = router.db_for_write(TableSeat)
    connection = connections[db]
    if connection.features.has_select_for_update and connection.get_autocommit():
        raise TransactionManagementError("The table's row is locked inside a transaction only.")
    read = _statement(connection, _seats_read)
    with connection.cursor() as cursor:
        cursor.execute(read.sql, [table_id])
        rows = cursor.fetchall()
    if not rows:
        return []
    table = read.table.instance(rows[0], db, connection)
    LiveTable.club.field.set_cached_value(table, read.club.instance(rows[0], db, connection))
    seats = []
    for row in rows:
        seat = read.seat.instance(row, db, connection)
        TableSeat.table.field.set_cached_value(seat, table)
        player = (
            read.player.instance(row, db, connection) if row[read.player.pk] is not None else None
        )
        TableSeat.player.field.set_cached_value(seat, player)
        seats.append(seat)
    return seats
