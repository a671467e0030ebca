"""Who is at an online table: pages opened and closed, and the computer for a player away.

A player's open table pages are counted on their seat; one not heard of lately is counted
gone by the watchdog (``seats_gone_sweep``). A player away past the table's grace time is
played for by the computer until they take their seat back (``seat_take_back``): coming back
in the middle of a trick, they first see where the game is, then choose to play on, rather
than find a turn already running on the clock.

The only person at a table (a member practising with computers) is never stood in for: the
table has nobody else to keep waiting, so it waits for their move however long they are away
(``selectors.alone_at``); they leave and come back to the same hand.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from tables import enqueue, live, selectors
from tables.bot_moves import DEFAULT_BOT
from tables.errors import TableError, TableStateRefused
from tables.models import LiveTable, TableSeat, TableStatus
from tables.services.play import after_write, changed, locked, seat_row
from tables.services.seating import start_if_ready

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

NOT_SEATED = "You play no seat at this table: there is nothing to take back."
NOT_AWAY = "You are playing your seat already: the computer plays for nobody here."
NOT_PLAYING_NOW = "The game at this table is not being played now ({status})."


@transaction.atomic
def seat_connected(*, table_id: int, index: int) -> None:
    """A player opened the table page: counted as present. A computer playing for them goes
    on until they take the seat back (``seat_take_back``). At an event's match table that
    waits for its players, the others see who is still awaited, and the last to come starts
    the game."""
    waiting = LiveTable.objects.filter(
        pk=table_id, status=TableStatus.OPEN, match__isnull=False
    ).exists()
    # The table is locked before its seat, in the order of every other write here.
    table = locked(table_id) if waiting else None
    seat = TableSeat.objects.select_for_update().get(table_id=table_id, index=index)
    seat.connections += 1
    seat.last_seen = timezone.now()
    seat.save(update_fields=["connections", "last_seen"])
    if table is not None and not start_if_ready(table):
        changed(table)


@transaction.atomic
def seat_disconnected(*, table_id: int, index: int) -> None:
    """A page of the player closed; when it was the last, the grace time starts."""
    seat = (
        TableSeat.objects.select_for_update()
        .select_related("table")
        .get(table_id=table_id, index=index)
    )
    seat.connections = max(0, seat.connections - 1)
    seat.last_seen = timezone.now()
    seat.save(update_fields=["connections", "last_seen"])
    if seat.connections == 0 and seat.table.status in (TableStatus.OPEN, TableStatus.PLAYING):
        enqueue.run_later_on_commit(
            enqueue.SEAT_AWAY_CHECK, (table_id, index), seat.table.grace_seconds
        )
    if seat.table.status == TableStatus.OPEN and seat.table.match_id is not None:
        changed(seat.table)  # the others waiting at the match table see who is here


def seat_away_check(*, table_id: int, index: int, now: datetime | None = None) -> bool:
    """If the player of seat ``index`` has been away past the grace time, let the computer
    play for them until they return. True if that happened now."""
    now = now or timezone.now()
    with transaction.atomic():
        table = locked(table_id)
        seat = seat_row(table, index)
        if table.status != TableStatus.PLAYING or seat.player_id is None or seat.bot_playing:
            return False
        if selectors.alone_at(table, index):
            return False
        since = seat.last_seen or table.started_at or now
        if seat.connections > 0 or now - since < timedelta(seconds=table.grace_seconds):
            return False
        seat.bot_playing = True
        seat.bot_name = seat.bot_name or DEFAULT_BOT
        seat.save(update_fields=["bot_playing", "bot_name"])
        hand = live.current_hand(table)
        changed(table)
        if hand is not None and hand.to_act == index:
            enqueue.send_on_commit(enqueue.BOTS_PLAY, table_id)
    return True


@transaction.atomic
def seat_here(*, table_id: int, index: int) -> None:
    """A player's open table page says it is still there (every
    ``KITTY_TABLE_PRESENCE_SECONDS``): the seat stays present. A page counted gone by the
    watchdog meanwhile is counted again (a computer that took over meanwhile plays on until
    the player takes the seat back)."""
    seat = TableSeat.objects.select_for_update().get(table_id=table_id, index=index)
    seat.last_seen = timezone.now()
    seat.connections = max(seat.connections, 1)
    seat.save(update_fields=["connections", "last_seen"])


def seat_take_back(*, table_id: int, user: AbstractBaseUser) -> int:
    """The player back from being away plays their seat again: the computer stops playing
    it, and their turn, if it is theirs, gets a whole new clock. Returns the seat.

    Raises:
        TableError: ``not_seated`` (``user`` plays no seat here), ``not_away`` (nobody
            plays for them), ``not_playing`` (the game is not being played: 409).
    """
    with transaction.atomic():
        table = locked(table_id)
        seats = list(table.seats.select_related("player").order_by("index"))
        index = selectors.seat_in(seats, user)
        if index is None:
            raise TableError("not_seated", NOT_SEATED)
        if table.status not in (TableStatus.PLAYING, TableStatus.PAUSED):
            raise TableStateRefused(
                "not_playing", NOT_PLAYING_NOW.format(status=table.get_status_display())
            )
        seat = seats[index]
        if not seat.bot_playing:
            raise TableError("not_away", NOT_AWAY)
        seat.bot_playing = False
        seat.last_seen = timezone.now()
        seat.connections = max(seat.connections, 1)
        seat.save(update_fields=["bot_playing", "last_seen", "connections"])
        found = live.current(table) if table.status == TableStatus.PLAYING else None
        if found is None:
            changed(table)
        else:
            # Who acts next is worked out again (the sockets are told after the commit): the
            # clock is the player's now, not the computer's.
            after_write(table, *found, seats)
            table.save(update_fields=["clock_due_at"])
    return index


def seats_gone_sweep(*, now: datetime | None = None) -> list[tuple[int, int]]:
    """Seats of playing tables whose pages were not heard of for twice the presence period
    (a socket that died without closing, a web process killed): counted away now, so the
    computer takes over after the grace time as for a page closed. Returns (table, seat)."""
    now = now or timezone.now()
    gone = TableSeat.objects.filter(
        table__status=TableStatus.PLAYING,
        connections__gt=0,
        last_seen__lt=now - selectors.presence_limit(),
    ).values_list("table_id", "index")
    swept = list(gone)
    for table_id, index in swept:
        TableSeat.objects.filter(table_id=table_id, index=index).update(connections=0)
        seat_away_check(table_id=table_id, index=index, now=now)
    return swept
