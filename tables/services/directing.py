"""Keeping online tables going: the watchdog, and a director's pause, resume and abandon."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.permissions import Capability, has_capability
from tables import live, selectors
from tables.errors import NotADirector, TableStateRefused
from tables.models import LiveTable, TableStatus
from tables.services.play import (
    after_write,
    bots_play,
    changed,
    lobby_nudge,
    locked,
    turn_clock_expired,
)
from tables.services.presence import seat_away_check, seats_gone_sweep
from tables.services.seating import invitations_withdraw

if TYPE_CHECKING:
    from django.contrib.auth.models import User

logger = logging.getLogger(__name__)

NOT_A_DIRECTOR = gettext_lazy("Only a director of {club} pauses, resumes or abandons its tables.")
CANNOT_PAUSE = gettext_lazy("Only a table being played can be paused (this one is {status}).")
CANNOT_RESUME = gettext_lazy(
    "Only a paused or stalled table can be resumed (this one is {status})."
)
ALREADY_ENDED = gettext_lazy("This table is over ({status}): there is nothing to abandon.")
#: What the watchdog's log says it did, by what ``table_restart`` returns.
RESTARTED = {
    "computer": "played the computer's moves",
    "clock": "ran out the turn clock",
    "away": "let the computer play for the player away",
    "": "found nothing to restart (the table moved on meanwhile)",
}


def table_restart(*, table_id: int) -> str:
    """Start a playing table again from its log: the computer plays if it is to act, the
    clock of the player to act runs out at once if it has one, and an away player's stand-in
    takes over. Safe to run any time: a table that moved on meanwhile is left as it is.
    Returns what was restarted: ``"computer"``, ``"clock"``, ``"away"`` or ``""``."""
    table = LiveTable.objects.get(pk=table_id)
    if table.status != TableStatus.PLAYING:
        return ""
    hand = live.current_hand(table)
    if hand is None or hand.to_act is None:
        return ""
    seat = table.seats.get(index=hand.to_act)
    if seat.bot_acts:
        bots_play(table_id=table_id)
        return "computer"
    if table.turn_seconds > 0:
        turn_clock_expired(table_id=table_id, seq=table.seq)
        return "clock"
    if seat_away_check(table_id=table_id, index=seat.index):
        bots_play(table_id=table_id)
        return "away"
    return ""


def tables_watchdog(*, now: datetime | None = None) -> list[int]:
    """The beat's watchdog: count dead pages as gone, then restart every stalled table.
    One table that fails is logged with its id and the others are still seen to."""
    now = now or timezone.now()
    try:
        seats_gone_sweep(now=now)
    except Exception:
        logger.exception("watchdog: the sweep of gone seats failed")
    restarted = []
    for table in selectors.stalled_tables(now=now):
        try:
            what = table_restart(table_id=table.pk)
        except Exception:
            logger.exception("table %s: the watchdog could not restart it", table.pk)
            continue
        logger.warning("table %s: stalled; the watchdog %s", table.pk, RESTARTED[what])
        restarted.append(table.pk)
    return restarted


def refuse_non_director(table: LiveTable, by: User) -> None:
    if not has_capability(by, table.club, Capability.DIRECT):
        raise NotADirector("not_a_director", NOT_A_DIRECTOR.format(club=table.club))


@transaction.atomic
def table_pause(*, table_id: int, by: User) -> LiveTable:
    """A director pauses a playing table: computer players and clocks stop (they check the
    status under the lock) and players' actions are refused with ``table_paused``.

    Raises:
        TableError: ``not_a_director``, ``not_playing``.
    """
    table = locked(table_id)
    refuse_non_director(table, by)
    if table.status != TableStatus.PLAYING:
        raise TableStateRefused(
            "not_playing", CANNOT_PAUSE.format(status=table.get_status_display())
        )
    table.status = TableStatus.PAUSED
    table.save(update_fields=["status"])
    changed(table)
    return table


def table_resume(*, table_id: int, by: User) -> LiveTable:
    """A director resumes a paused table, or restarts a stalled one (``table_restart``):
    the computer or the clock moves again after the commit.

    Raises:
        TableError: ``not_a_director``, ``not_paused`` (neither paused nor playing).
    """
    with transaction.atomic():
        table = locked(table_id)
        refuse_non_director(table, by)
        if table.status not in (TableStatus.PAUSED, TableStatus.PLAYING):
            raise TableStateRefused(
                "not_paused", CANNOT_RESUME.format(status=table.get_status_display())
            )
        paused = table.status == TableStatus.PAUSED
        if paused:
            table.status = TableStatus.PLAYING
            table.save(update_fields=["status"])
            changed(table)
            # Clocks set before the pause were for an older wait: the player to act gets a
            # whole new one, and a computer to act moves after the commit.
            found = live.current(table)
            if found is not None:
                after_write(table, *found)
                table.save(update_fields=["clock_due_at"])
    if not paused:
        table_restart(table_id=table_id)
    table.refresh_from_db()
    return table


@transaction.atomic
def table_abandon(*, table_id: int, by: User) -> LiveTable:
    """A director ends a table before its game is over: the finished hands stay on its
    sheet, and the sheet is the directors' again (no longer the table's). Players see
    "abandoned"; nothing more is played.

    Raises:
        TableError: ``not_a_director``, ``ended`` (finished or abandoned already).
    """
    table = locked(table_id)
    refuse_non_director(table, by)
    abandon_locked(table)
    return table


def abandon_locked(table: LiveTable) -> None:
    """End the locked ``table`` before its game is over (a director's abandon, or a member
    host's): invitations still waiting are withdrawn, as nobody will sit there now.

    Raises:
        TableStateRefused: ``ended`` (finished or abandoned already).
    """
    if table.is_ended:
        raise TableStateRefused("ended", ALREADY_ENDED.format(status=table.get_status_display()))
    table.status = TableStatus.ABANDONED
    table.finished_at = timezone.now()
    table.save(update_fields=["status", "finished_at"])
    invitations_withdraw(table)
    changed(table)
    lobby_nudge(table)
