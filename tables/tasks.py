"""Background work of online tables. Tasks take ids, call one service, and are safe to run
twice: every one re-reads the table under its lock, and the turn clock only acts if the table
is still at the ``seq`` it was set for.

Each task keeps the name it had as ``engine.tasks``: the beat schedule names it, and timers
already waiting in a broker (a table's opening, a turn clock) still find it after an upgrade.

The tasks of one table are acknowledged to the broker when they end, not when they start,
and handed back when the process running them dies (``acks_late``, ``reject_on_worker_lost``):
a worker's pool process killed in a computer move (the out-of-memory killer, a crash) has its
task run again at once, which is safe as the task is safe to run twice. A whole worker killed
leaves its task with the broker, and Redis gives it out again only after its visibility
timeout (an hour); the beat's watchdog restarts the table within minutes, and the late copy
then finds nothing to do.
"""

from __future__ import annotations

from celery import shared_task

from tables import services

#: Options of the tasks of one table (see above); the beat's sweeps run again within a minute.
ONE_TABLE = {"acks_late": True, "reject_on_worker_lost": True}


@shared_task(name="engine.tasks.tables_open_due")
def tables_open_due() -> list[int]:
    """Celery beat, every minute: open the scheduled tables whose time has come."""
    return services.tables_open_due()


@shared_task(name="engine.tasks.table_open", **ONE_TABLE)
def table_open(table_id: int) -> str:
    """Open one table at its scheduled time (a timer set when the table was created)."""
    return services.table_open(table_id=table_id).status


@shared_task(name="engine.tasks.table_bots_play", **ONE_TABLE)
def table_bots_play(table_id: int) -> int:
    """Computer players (and stand-ins for away players) play until a person is to act."""
    return services.bots_play(table_id=table_id)


@shared_task(name="engine.tasks.table_turn_clock", **ONE_TABLE)
def table_turn_clock(table_id: int, seq: int) -> bool:
    """The turn clock set at action ``seq`` ran out: the computer plays for the player. The
    embedded default's timers run it; with a broker the beat's sweep does its work
    (``tables_clocks_due``), and clocks sent to the broker before that still find it here."""
    return services.turn_clock_expired(table_id=table_id, seq=seq)


@shared_task(name="engine.tasks.tables_clocks_due")
def tables_clocks_due() -> list[int]:
    """Celery beat, every second: the turn clocks that ran out
    play for their players; returns the tables played for."""
    return services.clocks_due_sweep()


@shared_task(name="engine.tasks.seat_away_check", **ONE_TABLE)
def seat_away_check(table_id: int, index: int) -> bool:
    """The grace time of a player who left ran out: the computer plays until they return."""
    return services.seat_away_check(table_id=table_id, index=index)


@shared_task(name="engine.tasks.tables_watchdog")
def tables_watchdog() -> list[int]:
    """Celery beat, every minute: restart the tables that stalled; returns their ids."""
    return services.tables_watchdog()


@shared_task(name="tables.tasks.match_no_show_check", **ONE_TABLE)
def match_no_show_check(table_id: int) -> str:
    """The grace time (or the forfeit time) of an event's match table ran out: the event's
    no-show rule is applied to the players who have not come."""
    return services.match_no_show_check(table_id=table_id)


@shared_task(name="tables.tasks.match_no_shows_due")
def match_no_shows_due() -> list[int]:
    """Celery beat, every minute: the no-show checks of match tables that are due (a timer
    lost with its process is made up for here); returns the tables checked."""
    return services.match_no_shows_sweep()


@shared_task(name="tables.tasks.invitations_expire_due")
def invitations_expire_due() -> list[int]:
    """Celery beat, every minute: the invitations to members' tables past their time lapse
    (each seat becomes what its table says); returns their ids."""
    return services.invitations_expire_sweep()


@shared_task(name="tables.tasks.hand_review", **ONE_TABLE)
def hand_review(review_id: int) -> str:
    """Work out a member's review of a finished hand (asked for from its page or the API);
    returns its status. One already done is left as it is."""
    return services.review_work(review_id=review_id)
