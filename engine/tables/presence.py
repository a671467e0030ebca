"""Who is at an online table: pages opened and closed, and the computer for a player away.

A player's open table pages are counted on their seat; one not heard of lately is counted
gone by the watchdog (``seats_gone_sweep``). A player away past the table's grace time is
played for by the computer until they return.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.utils import timezone

from engine.tables import live, notify, selectors
from engine.tables.bot_moves import DEFAULT_BOT
from engine.tables.models import TableSeat, TableStatus
from engine.tables.play import changed, locked, seat_row


@transaction.atomic
def seat_connected(*, table_id: int, index: int) -> None:
    """A player opened the table page: counted as present, and back from being away."""
    seat = TableSeat.objects.select_for_update().get(table_id=table_id, index=index)
    was_away = seat.bot_playing
    seat.connections += 1
    seat.last_seen = timezone.now()
    seat.bot_playing = False
    seat.save(update_fields=["connections", "last_seen", "bot_playing"])
    if was_away:
        transaction.on_commit(partial(notify.broadcast, table_id))


@transaction.atomic
def seat_disconnected(*, table_id: int, index: int) -> None:
    """A page of the player closed; when it was the last, the grace time starts."""
    from engine.tables import tasks

    seat = (
        TableSeat.objects.select_for_update()
        .select_related("table")
        .get(table_id=table_id, index=index)
    )
    seat.connections = max(0, seat.connections - 1)
    seat.last_seen = timezone.now()
    seat.save(update_fields=["connections", "last_seen"])
    if seat.connections == 0 and seat.table.status in (TableStatus.OPEN, TableStatus.PLAYING):
        transaction.on_commit(
            partial(
                notify.run_later,
                tasks.seat_away_check,
                (table_id, index),
                seat.table.grace_seconds,
            )
        )


def seat_away_check(*, table_id: int, index: int, now: datetime | None = None) -> bool:
    """If the player of seat ``index`` has been away past the grace time, let the computer
    play for them until they return. True if that happened now."""
    now = now or timezone.now()
    with transaction.atomic():
        table = locked(table_id)
        seat = seat_row(table, index)
        if table.status != TableStatus.PLAYING or seat.player_id is None or seat.bot_playing:
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
            from engine.tables import tasks

            transaction.on_commit(partial(tasks.table_bots_play.delay, table_id))
    return True


@transaction.atomic
def seat_here(*, table_id: int, index: int) -> None:
    """A player's open table page says it is still there (every
    ``KITTY_TABLE_PRESENCE_SECONDS``): the seat stays present. A page counted gone by the
    watchdog meanwhile is counted again, and the player is back from being away."""
    seat = TableSeat.objects.select_for_update().get(table_id=table_id, index=index)
    was_away = seat.bot_playing
    seat.last_seen = timezone.now()
    seat.connections = max(seat.connections, 1)
    seat.bot_playing = False
    seat.save(update_fields=["connections", "last_seen", "bot_playing"])
    if was_away:
        transaction.on_commit(partial(notify.broadcast, table_id))


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
