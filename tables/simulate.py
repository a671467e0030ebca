"""Play a whole event online: every match at a live table with the computer in every seat.

The event plays online (``Event.plays_at``) with the computer for a player who does not come
and no grace time, so publishing a round sets one live table per match, seated with the
match's players (``round_tables_set``). In the same transaction each table is handed to the
computer (``table_to_computer``), which starts it if it waits for its players: once that
commits, the computer players' task (``bots_play``) plays each game through the table's
action log, each finished hand writes its line to the match's sheet and the finished game
confirms it, as for people playing. Pairing and standings then follow as on paper
(``tournaments.simulate``), which this plays each round for.

With eager Celery (the embedded default) the games are played here as the round commits:
``bots_play`` is one loop per table, not a task per move, so a game nests no calls. This
process's timer threads (``tables.enqueue.TIMERS``) are off meanwhile: every seat is the
computer's from the start, so no turn clock or grace time has anything to do here, and a timer
thread would only race the games for the database (SQLite locks it whole). The tables a night
in progress leaves to their players keep their turn clocks on their rows, for the beat's sweep
(``manage.py beat``). With a broker a worker plays the games, and this waits for every table to
end, up to ``timeout``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import transaction

from club.models import Club, RuleSet
from tables import enqueue, services
from tables.errors import TableError
from tables.models import ENDED, LiveTable
from tournaments.models import NoShowRule, PlaysAt, Round
from tournaments.services.events import OnlinePlay
from tournaments.services.publish import round_publish
from tournaments.simulate import Played, Simulated, event_simulate

if TYPE_CHECKING:
    from django.contrib.auth.models import User

#: The event's clocks: a turn clock as usual, no grace time (nobody is waited for), and a
#: player who does not come is played for by the computer, not forfeited.
ONLINE = OnlinePlay(PlaysAt.ONLINE, grace_seconds=0, no_show=NoShowRule.COMPUTER)
#: Seconds a worker may take to play one round's tables.
TABLES_TIMEOUT = 600.0
#: Times the computer is asked again at a table that stopped before its game's end.
NUDGES = 3


@dataclass(frozen=True)
class RoundTables:
    """One round played online: its number, the tables played and their hands, and the
    tables left to their players (a night in progress)."""

    number: int
    tables: int
    hands: int
    waiting: int = 0


@dataclass
class OnlineRounds:
    """Plays each round of an event at live tables (a ``tournaments.simulate.RoundPlayer``)
    and keeps what each round played."""

    by: User | None = None
    timeout: float = TABLES_TIMEOUT
    rounds: list[RoundTables] = field(default_factory=list)

    def __call__(self, draft: Round, *, tables: int | None = None) -> Played:
        table_ids, count = _publish_to_computers(draft, self.by, tables)
        ended = tables_finish(table_ids, timeout=self.timeout)
        hands = sum(table.hand_number for table in ended)
        self.rounds.append(RoundTables(draft.number, len(ended), hands, count - len(ended)))
        return Played(sheets=len(ended), lines=hands)


def event_simulate_online(
    *,
    club: Club,
    format: str,
    entrants: int,
    rounds: int,
    seed: int = 0,
    rule_set: RuleSet | None = None,
    name: str = "",
    in_progress: bool = False,
    by: User | None = None,
    timeout: float = TABLES_TIMEOUT,
) -> tuple[Simulated, list[RoundTables]]:
    """``tournaments.simulate.event_simulate`` played online: a new event whose every match
    is played at a live table by computers. Returns what it played and, per round, its
    tables and hands (with ``in_progress``, the last round's other tables wait for their
    players).

    Raises:
        TournamentError: from the event's services (too few entrants for the format, …).
        TableError: a table refused, ``tables_timeout``, ``tables_stalled`` (below).
    """
    player = OnlineRounds(by=by, timeout=timeout)
    with _no_timer_threads():
        done = event_simulate(
            club=club,
            format=format,
            entrants=entrants,
            rounds=rounds,
            seed=seed,
            rule_set=rule_set,
            name=name,
            in_progress=in_progress,
            online=ONLINE,
            play=player,
            by=by,
        )
    return done, player.rounds


@contextmanager
def _no_timer_threads() -> Iterator[None]:
    """This process's timer threads off, and back as they were after (see above)."""
    timers = enqueue.TIMERS
    enqueue.TIMERS = False
    try:
        yield
    finally:
        enqueue.TIMERS = timers


def _publish_to_computers(
    draft: Round, by: User | None, tables: int | None
) -> tuple[list[int], int]:
    """Publish the round and hand its first ``tables`` tables (all: ``None``) to the
    computer, in one transaction: nothing is played before every seat is the computer's, and
    a table refused leaves the round a draft. Returns those tables and the round's count."""
    with transaction.atomic():
        round_ = round_publish(round_=draft, by=by)
        every = list(
            LiveTable.objects.filter(match__round=round_)
            .order_by("match__table__number")
            .values_list("pk", flat=True)
        )
        for table_id in every[:tables]:
            services.table_to_computer(table_id=table_id)
    return every[:tables], len(every)


def tables_finish(table_ids: list[int], *, timeout: float = TABLES_TIMEOUT) -> list[LiveTable]:
    """The tables once every game is over. With eager Celery the games were played as their
    hand-over committed; a table that stopped before its end (the computer's run stops after
    ``BOT_STEPS_MAX`` moves, or a move failed) is handed over again, up to ``NUDGES`` times
    without progress. With a broker this polls until the worker ends them.

    Raises:
        TableError: ``tables_stalled`` (eager: no progress), ``tables_timeout`` (a broker's
            worker did not end them within ``timeout`` seconds).
    """
    deadline = time.monotonic() + timeout
    eager = settings.CELERY_TASK_ALWAYS_EAGER
    stuck: dict[int, tuple[int, int]] = {}
    while True:
        playing = list(LiveTable.objects.filter(pk__in=table_ids).exclude(status__in=ENDED))
        if not playing:
            break
        if not eager:
            if time.monotonic() > deadline:
                raise TableError("tables_timeout", _waiting(playing, f"after {timeout:g} s"))
            time.sleep(0.2)
            continue
        for table in playing:
            seq, tries = stuck.get(table.pk, (-1, 0))
            tries = tries + 1 if table.seq == seq else 0
            if tries >= NUDGES:
                raise TableError("tables_stalled", _waiting(playing, "and nothing moves"))
            stuck[table.pk] = (table.seq, tries)
            services.table_to_computer(table_id=table.pk)
    by_id = LiveTable.objects.in_bulk(table_ids)
    return [by_id[table_id] for table_id in table_ids]


def _waiting(playing: list[LiveTable], why: str) -> str:
    names = ", ".join(
        f"{table} ({table.get_status_display()}, action {table.seq})" for table in playing
    )
    return f"The games at {names} are not over {why}."
