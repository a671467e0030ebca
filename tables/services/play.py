"""Playing at online tables: an action, the computer's moves and the turn clock.

Every write locks the table row (``select_for_update``) before it reads the state, so two
actions at one table take turns. An action carries the ``seq`` its sender saw; one made for an
older state (or sent twice) is refused with code ``stale`` and changes nothing. A legal action
is appended to the log; a hand that ends writes its line to the table's scoresheet through
``scoring.services.handline_add`` (the same checks as a paper line), and a game that ends
confirms the sheet. Sockets are told and computer players move only after the commit.

The row helpers here (``locked``, ``seat_row``, ``changed``) serve the other writes of tables
too (``seating``, ``presence`` and ``directing`` beside it); callers find every write by
its name in ``tables.services``.
"""

from __future__ import annotations

import hashlib
import logging
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING

from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

import scoring.services
from club.errors import DomainError
from engine.rules import Action, Hand, RulesError, Tally, parse_action
from tables import bot_moves, enqueue, live, notify, selectors, statements
from tables.bot_moves import DEFAULT_BOT
from tables.errors import ActionRefused, TableError
from tables.lobby_feed import lobby_changed
from tables.models import ActionLog, LiveTable, TableHand, TableSeat, TableStatus
from tables.summary import MadeFor

if TYPE_CHECKING:
    from django.contrib.auth.models import User

logger = logging.getLogger(__name__)

NOT_PLAYING = gettext_lazy("The game at this table is not being played now ({status}).")
STALE = gettext_lazy(
    "The table moved on since your screen was drawn (it is at action "
    "{seq}); nothing was played. Look again and choose."
)
NOT_YOUR_SEAT = gettext_lazy("You play seat {mine}; that action is for seat {theirs}.")
SPECTATOR = gettext_lazy("You watch this table: only its players act.")
PAUSED = gettext_lazy("A director paused this table; nothing is played until it is resumed.")
NO_SUCH_SEAT = gettext_lazy("There is no seat {seat} at this table.")

#: Safety stop for one run of computer moves (a long game has a few hundred actions).
BOT_STEPS_MAX = 5000
#: What an action changes on its table's row, written by one UPDATE: the row is locked, and
#: no model of the app defines ``save`` for it to skip (tests/tables/test_writes.py).
ACTED_FIELDS = ("seq", "hand_number", "status", "finished_at", "clock_due_at")

_local = threading.local()


@dataclass(frozen=True)
class Acted:
    """What a write left behind: the table's ``seq`` and who is to act next."""

    table_id: int
    seq: int
    hand_number: int
    to_act: int | None
    bot_to_act: bool
    finished: bool


def locked(table_id: int) -> LiveTable:
    """The table's row, locked (not its club's), with its club: the screens name it."""
    return LiveTable.objects.select_for_update(of=("self",)).select_related("club").get(pk=table_id)


def locked_with_seats(table_id: int) -> tuple[LiveTable, list[TableSeat]]:
    """The table's row locked (not its club's nor its seats'), with its club and every seat
    with who plays it, in one statement written once (``tables.statements``): what an
    action reads before it writes."""
    seats = statements.seats_locked(table_id)
    if not seats:
        return locked(table_id), []
    return seats[0].table, seats


def seat_row(table: LiveTable, index: int) -> TableSeat:
    seat = TableSeat.objects.select_for_update().filter(table=table, index=index).first()
    if seat is None:
        raise TableError("seat", NO_SUCH_SEAT.format(seat=index + 1))
    return seat


def changed(table: LiveTable) -> None:
    """After commit, tell the sockets that seats or status changed (no action was played)."""
    transaction.on_commit(partial(notify.broadcast, table.pk))


def lobby_nudge(table: LiveTable, *user_ids: int | None) -> None:
    """After commit, tell the lobbies that list ``table`` (its club's, its host's and its
    seated players', and ``user_ids``') that it changed: seats, status or invitations."""
    seated = TableSeat.objects.filter(table=table, player__user__isnull=False).values_list(
        "player__user_id", flat=True
    )
    lobby_changed(user_ids=[table.created_by_id, *seated, *user_ids], club_ids=[table.club_id])


def hand_seed(table_seed: int, number: int) -> int:
    """The seed of hand ``number``: fixed by the table's seed, so a replay deals the same."""
    digest = hashlib.sha256(f"{table_seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _sheet_write(table: LiveTable, what: str, write: Callable[[], object]) -> None:
    """Write to the table's sheet in a savepoint of its own. The log is the truth: a sheet
    that refuses the write (a line typed there by hand before the table owned it, a database
    error) is logged with the table id and the table plays on; a director puts the sheet right
    after the game (the finished hands keep every result)."""
    try:
        with transaction.atomic():
            write()
    except (DomainError, DatabaseError):
        logger.exception("table %s: the sheet refused %s; the table plays on", table.pk, what)


def hand_create(table: LiveTable, number: int, dealer: int, tally: Tally) -> TableHand:
    return TableHand.objects.create(
        table=table,
        number=number,
        dealer=dealer,
        seed=hand_seed(table.seed, number),
        tally_before=tally.to_dict(),
        first_seq=table.seq + 1,
    )


def _hand_finish(table: LiveTable, hand_id: int, hand: Hand, by: User | None) -> tuple[Hand, int]:
    """Write the finished hand's line; deal the next hand or end the game. Returns the hand
    now being played (the finished one when the game is over) and the id of its row."""
    result = hand.result
    assert result is not None
    number = table.hand_number
    TableHand.objects.filter(pk=hand_id).update(result=result.to_dict(), finished=True)
    if table.scoresheet_id is not None:
        sheet = table.scoresheet
        assert sheet is not None
        _sheet_write(
            table,
            f"line {number}",
            partial(
                scoring.services.handline_add,
                sheet=sheet,
                line=dict(result.line),
                expected_number=number,
                by=by,
                by_table=True,
            ),
        )
    if result.score.result is not None:
        table.status = TableStatus.FINISHED
        table.finished_at = timezone.now()
        lobby_nudge(table)
        if table.scoresheet is not None:
            _sheet_write(
                table,
                "confirmation",
                partial(scoring.services.scoresheet_confirm, sheet=table.scoresheet, by=None),
            )
        return hand, hand_id
    game = hand.game
    following = hand_create(
        table, number + 1, game.seating.next_seat(hand.dealer), result.score.tally_after
    )
    table.hand_number = following.number
    return live.hand_dealt(table, following), following.pk


# --- Playing ----------------------------------------------------------------------------------


def _parse(action: str | Action) -> Action:
    if isinstance(action, Action):
        return action
    try:
        return parse_action(str(action))
    except RulesError as error:
        raise ActionRefused(error.code, error.message) from error


def table_act(
    *,
    table_id: int,
    seat: int | None,
    action: str | Action,
    seen_seq: int,
    actor: str = ActionLog.Actor.PLAYER,
    user: User | None = None,
) -> Acted:
    """Play ``action`` (engine notation) for ``seat`` if the table is still at ``seen_seq``.

    ``seat=None`` acts for the seat that ``user`` plays, found under the table's lock with
    the other seats (a player's socket sends this: a seat taken or given up a moment ago
    counts as it is now, and no query is spent on it before the lock).

    Raises:
        ActionRefused: ``spectator`` (``user`` plays no seat here), ``table_paused``,
            ``not_playing``, ``stale``
            (the table moved on, or the same action was sent twice), ``not_your_seat``, or
            the engine's code and message (``out_of_turn``, ``not_in_hand``,
            ``must_follow_suit``, notation errors...). Nothing changes then.
    """
    with transaction.atomic():
        # Every seat, with who plays it, read with the lock: for the user's seat, whether the
        # computer acts next and the sockets' screens.
        table, seats = locked_with_seats(table_id)
        seat = seat if seat is not None else _seat_of(seats, user)
        _check_still_at(table, seen_seq)
        parsed = _parse(action)
        if parsed.seat != seat:
            raise ActionRefused(
                "not_your_seat", NOT_YOUR_SEAT.format(mine=seat + 1, theirs=parsed.seat + 1)
            )
        found = live.current(table)
        assert found is not None  # playing tables have a hand
        hand, hand_id = found
        try:
            hand.apply(parsed)
        except RulesError as error:
            raise ActionRefused(error.code, error.message) from error
        table.seq += 1
        ActionLog.objects.create(
            table=table,
            seq=table.seq,
            hand_id=hand_id,
            seat=seat,
            action=str(parsed),
            actor=actor,
            user=user,
        )
        if hand.is_over:
            hand, hand_id = _hand_finish(table, hand_id, hand, user)
        made = MadeFor(table.seq, seat, str(parsed), str(actor))
        acted = after_write(table, hand, hand_id, seats, made)
        LiveTable.objects.filter(pk=table.pk).update(
            **{name: getattr(table, name) for name in ACTED_FIELDS}
        )
        return acted


def _seat_of(seats: list[TableSeat], user: User | None) -> int:
    """The seat ``user`` plays at the table; a spectator may not act."""
    seat = selectors.seat_in(seats, user) if user is not None else None
    if seat is None:
        raise ActionRefused("spectator", SPECTATOR)
    return seat


def _check_still_at(table: LiveTable, seen_seq: int) -> None:
    """An action is taken only at a table in play that has not moved on since it was seen."""
    if table.status == TableStatus.PAUSED:
        raise ActionRefused("table_paused", PAUSED)
    if table.status != TableStatus.PLAYING:
        raise ActionRefused("not_playing", NOT_PLAYING.format(status=table.get_status_display()))
    if seen_seq != table.seq:
        raise ActionRefused("stale", STALE.format(seq=table.seq))


def after_write(
    table: LiveTable,
    hand: Hand,
    hand_id: int,
    seats: Sequence[TableSeat] = (),
    made: MadeFor | None = None,
) -> Acted:
    """Work out who acts next and arrange, for after the commit: caching the new state,
    telling the sockets, and the computer's move. Sets ``table.clock_due_at`` (the caller
    saves it): when the person to act runs out of time, if the table has a clock. ``seats``:
    the table's seats with their players when already read under the lock (the sockets'
    screens are then built from them and ``table`` without reading either again); ``made``:
    the action just played, told to its seat's player when the computer made it."""
    to_act = None if table.is_finished else hand.to_act
    bot_to_act = False
    if to_act is not None:
        seat = seats[to_act] if seats else table.seats.get(index=to_act)
        bot_to_act = seat.bot_acts
    clocked = to_act is not None and not bot_to_act and table.turn_seconds > 0
    table.clock_due_at = timezone.now() + timedelta(seconds=table.turn_seconds) if clocked else None
    acted = Acted(table.pk, table.seq, table.hand_number, to_act, bot_to_act, table.is_finished)
    after = hand.copy()
    snapshot = selectors.Snapshot(table, list(seats), after, made) if seats else None
    transaction.on_commit(partial(_committed, acted, after, hand_id, table.turn_seconds, snapshot))
    return acted


def _committed(
    acted: Acted, hand: Hand, hand_id: int, turn_seconds: int, snapshot: selectors.Snapshot | None
) -> None:
    live.remember(acted.table_id, acted.seq, acted.hand_number, hand, hand_id)
    try:
        notify.broadcast(acted.table_id, snapshot)
    except Exception:
        # The action is committed and the log is the truth: sockets catch up on the next
        # change or a reconnect, but the computer's next move and the clock must still go.
        logger.exception("table %s: broadcast after seq %s failed", acted.table_id, acted.seq)
    try:
        if acted.bot_to_act:
            if not getattr(_local, "bots_playing", False):
                enqueue.send(enqueue.BOTS_PLAY, acted.table_id)
        elif acted.to_act is not None and turn_seconds > 0:
            enqueue.clock_armed(acted.table_id, acted.seq, turn_seconds)
    except Exception:
        # The action is committed; whoever sent it (a socket, the clock) must not fail with
        # it. The computer's move or the clock is redone by the next trigger or the watchdog.
        logger.exception("table %s: next move after seq %s failed", acted.table_id, acted.seq)


def bot_rng(table: LiveTable) -> random.Random:
    """The computer's dice for the table's next action: fixed by the table and its ``seq``."""
    return random.Random(f"{table.seed}:{table.seq}")


def _bot_step(table_id: int, *, only_seq: int | None = None, for_clock: bool = False) -> bool:
    """Let the computer play one action at the table if it is the one to act (or, for the
    clock, the player to act ran out of time at ``only_seq``). True if it played."""
    table = LiveTable.objects.get(pk=table_id)
    if table.status != TableStatus.PLAYING:
        return False
    if only_seq is not None and table.seq != only_seq:
        return False
    hand = live.current_hand(table)
    if hand is None or hand.to_act is None:
        return False
    seat = table.seats.get(index=hand.to_act)
    if for_clock:
        if seat.bot_acts:
            return False
        actor = ActionLog.Actor.CLOCK
    elif not seat.bot_acts:
        return False
    else:
        actor = ActionLog.Actor.BOT if seat.is_bot else ActionLog.Actor.STAND_IN
    action = bot_moves.bot_action(hand, seat.index, seat.bot_name or DEFAULT_BOT, bot_rng(table))
    try:
        table_act(
            table_id=table_id, seat=seat.index, action=action, seen_seq=table.seq, actor=actor
        )
    except ActionRefused as error:
        if error.code != "stale":
            logger.error("computer move %s at table %s refused: %s", action, table_id, error)
            return False
        # Somebody acted meanwhile: look again.
    return True


def bots_play(*, table_id: int) -> int:
    """Let computer players (and stand-ins for away players) play until a present player is
    to act or the game ends; returns how many actions they played.

    Runs as a loop rather than one task per move, so a game of computer players does not
    nest a call per action; moves made inside the loop do not enqueue another run.
    """
    if getattr(_local, "bots_playing", False):
        return 0
    _local.bots_playing = True
    played = 0
    try:
        while played < BOT_STEPS_MAX and _bot_step(table_id):
            played += 1
    except Exception:
        # Each step is one locked action at the seq it read, so nothing half-done stays: the
        # log is the truth, and the next trigger (an action, the clock, the watchdog) plays
        # the step again.
        logger.exception("table %s: computer move failed after %s moves", table_id, played)
    finally:
        _local.bots_playing = False
    return played


def turn_clock_expired(*, table_id: int, seq: int) -> bool:
    """The turn clock of the action after ``seq`` ran out: the computer plays for the player
    to act, unless the table moved on meanwhile (then nothing happens). True if it played."""
    return _bot_step(table_id, only_seq=seq, for_clock=True)


def clocks_due_sweep(*, now: datetime | None = None) -> list[int]:
    """The beat's sweep of turn clocks (every second): at every
    playing table whose ``clock_due_at`` has passed, the clock runs out at the ``seq`` it was
    set for, through the same locked action as a player's. A clock that cannot act (the table
    moved on as it was read, the seat's computer took over) is stopped, so it is not found
    again; the watchdog looks after a table left waiting. Returns the tables played for."""
    now = now or timezone.now()
    due = list(
        LiveTable.objects.filter(status=TableStatus.PLAYING, clock_due_at__lte=now).values_list(
            "pk", "seq", "clock_due_at"
        )
    )
    played = []
    for table_id, seq, due_at in due:
        try:
            acted = turn_clock_expired(table_id=table_id, seq=seq)
        except Exception:
            logger.exception("table %s: the turn clock at seq %s failed", table_id, seq)
            acted = False
        if acted:
            played.append(table_id)
        else:
            LiveTable.objects.filter(pk=table_id, seq=seq, clock_due_at=due_at).update(
                clock_due_at=None
            )
    return played
