"""Writes of online tables: create, open, seat, start, act. Keyword-only, atomic, locked.

Every write locks the table row (``select_for_update``) before it reads the state, so two
actions at one table take turns. An action carries the ``seq`` its sender saw; one made for an
older state (or sent twice) is refused with code ``stale`` and changes nothing. A legal action
is appended to the log; a hand that ends writes its line to the table's scoresheet through
``scoring.services.handline_add`` (the same checks as a paper line), and a game that ends
confirms the sheet. Sockets are told and computer players move only after the commit.
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
from typing import TYPE_CHECKING, Any

from django.db import DatabaseError, transaction
from django.utils import timezone

from club.errors import DomainError
from club.models import Club, Membership, Player, RuleSet
from club.permissions import Capability, has_capability
from engine.rules import Action, Game, Hand, RulesError, Tally, get_game, parse_action
from engine.tables import live, notify, selectors
from engine.tables.bot_moves import BOT_NAMES, DEFAULT_BOT, bot_action
from engine.tables.errors import ActionRefused, NotADirector, TableError, TableStateRefused
from engine.tables.models import ActionLog, LiveTable, TableHand, TableSeat, TableStatus
from engine.tables.signals import table_scheduled
from scoring.services import SideSpec, handline_add, scoresheet_confirm, scoresheet_create

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from scoring.models import Scoresheet
    from tournaments.models import Match

logger = logging.getLogger(__name__)

RULE_SET_OTHER_CLUB = "That rule set belongs to another club."
RULES_BROKEN = "These rules do not build a game: {reason}"
TOO_MANY_SEATS = "{game} with these rules has {seats} seats, not {given}."
NOT_A_MEMBER = "{player} is not a member of {club}."
PLAYER_TWICE = "{player} cannot sit in two seats."
UNKNOWN_BOT = "There is no computer player called {name!r}; choose one of: {names}."
NO_SUCH_SEAT = "There is no seat {seat} at this table."
SEAT_TAKEN = "Seat {seat} is taken."
ALREADY_SEATED = "You already sit at this table, in seat {seat}."
NOT_SEATED = "You do not sit at this table."
ALREADY_STARTED = "The game at this table has started: the seats are fixed."
NOT_PLAYING = "The game at this table is not being played now ({status})."
STALE = (
    "The table moved on since your screen was drawn (it is at action {seq}); nothing was "
    "played. Look again and choose."
)
NOT_YOUR_SEAT = "You play seat {mine}; that action is for seat {theirs}."
SPECTATOR = "You watch this table: only its players act."
NEGATIVE_SECONDS = "Times are whole seconds, 0 or more."
COMPUTER_LABEL = "Computer ({name})"
PAUSED = "A director paused this table; nothing is played until it is resumed."
NOT_A_DIRECTOR = "Only a director of {club} pauses, resumes or abandons its tables."
CANNOT_PAUSE = "Only a table being played can be paused (this one is {status})."
CANNOT_RESUME = "Only a paused or stalled table can be resumed (this one is {status})."
ALREADY_ENDED = "This table is over ({status}): there is nothing to abandon."

#: Safety stop for one run of computer moves (a long game has a few hundred actions).
BOT_STEPS_MAX = 5000

_local = threading.local()


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat of a new table: a club player, a computer player, or nobody yet."""

    player: Player | None = None
    bot: str = ""


@dataclass(frozen=True)
class Acted:
    """What a write left behind: the table's ``seq`` and who is to act next."""

    table_id: int
    seq: int
    hand_number: int
    to_act: int | None
    bot_to_act: bool
    finished: bool


# --- Creating and seating -------------------------------------------------------------------


def _game_for(
    club: Club, rule_set: RuleSet | None, game_id: str, options: dict[str, Any] | None = None
) -> Game:
    if rule_set is not None and rule_set.club_id != club.pk:
        raise TableError("rule_set", RULE_SET_OTHER_CLUB)
    try:
        return rule_set.build_game() if rule_set is not None else get_game(game_id, options)
    except RulesError as error:
        raise TableError("rule_set", RULES_BROKEN.format(reason=error.message)) from error


def _check_bot(name: str) -> None:
    if name not in BOT_NAMES:
        raise TableError("bot", UNKNOWN_BOT.format(name=name, names=", ".join(sorted(BOT_NAMES))))


def _check_member(club: Club, player: Player) -> None:
    if not Membership.objects.filter(club=club, player=player).exists():
        raise TableError("player", NOT_A_MEMBER.format(player=player, club=club))


@transaction.atomic
def table_create(
    *,
    club: Club,
    by: User | None,
    scheduled_at: datetime,
    rule_set: RuleSet | None = None,
    game_id: str = "",
    title: str = "",
    seats: Sequence[SeatSpec] = (),
    turn_seconds: int = 60,
    grace_seconds: int = 120,
    seed: int | None = None,
    first_dealer: int = 0,
    match: Match | None = None,
) -> LiveTable:
    """A new online table for one game under ``rule_set`` (or ``game_id``'s standard rules).

    ``seats`` lists the seats from 0 (shorter lists leave the rest empty for players to
    take). A table for an event's ``match`` plays under the rules of the match's sheet and
    writes its hands there. The table opens at ``scheduled_at`` (at once when that is past)
    and the game starts when it is open and every seat is filled. Once committed, a table with
    a seated player sends ``engine.tables.signals.table_scheduled`` (the players are emailed
    when and where they play).

    Raises:
        TableError: rules of another club or broken, too many seats, outsiders, a player in
            two seats, an unknown computer player, negative times.
    """
    sheet = match.sheet if match is not None else None
    if sheet is not None:
        game = _game_for(club, None, sheet.game, sheet.options)
    else:
        game = _game_for(club, rule_set, game_id)
    count = game.seating.seats
    if len(seats) > count:
        raise TableError(
            "seats", TOO_MANY_SEATS.format(game=game.id, seats=count, given=len(seats))
        )
    seen: set[int] = set()
    for spec in seats:
        if spec.player is not None:
            _check_member(club, spec.player)
            if spec.player.pk in seen:
                raise TableError("player", PLAYER_TWICE.format(player=spec.player))
            seen.add(spec.player.pk)
        elif spec.bot:
            _check_bot(spec.bot)
    if turn_seconds < 0 or grace_seconds < 0:
        raise TableError("seconds", NEGATIVE_SECONDS)
    now = timezone.now()
    table = LiveTable(
        club=club,
        title=title.strip(),
        match=match,
        rule_set_name=(
            sheet.rule_set_name
            if sheet is not None
            else rule_set.name
            if rule_set is not None
            else "standard rules"
        ),
        game=game.id,
        options=game.options_dict(),
        scheduled_at=scheduled_at,
        status=TableStatus.OPEN if scheduled_at <= now else TableStatus.SCHEDULED,
        turn_seconds=turn_seconds,
        grace_seconds=grace_seconds,
        first_dealer=first_dealer % count,
        created_by=by,
    )
    if seed is not None:
        table.seed = seed
    table.full_clean()
    table.save()
    specs = list(seats) + [SeatSpec()] * (count - len(seats))
    TableSeat.objects.bulk_create(
        TableSeat(
            table=table,
            index=index,
            player=spec.player,
            bot_name="" if spec.player is not None else spec.bot,
        )
        for index, spec in enumerate(specs)
    )
    if any(spec.player is not None for spec in seats):
        # Listeners (the players' notices) hear of the table once it is committed; one that
        # fails is logged and does not undo the table.
        transaction.on_commit(
            partial(table_scheduled.send_robust, sender=LiveTable, table_id=table.pk)
        )
    if table.status == TableStatus.SCHEDULED:
        from engine.tables import tasks

        delay = (scheduled_at - now).total_seconds()
        transaction.on_commit(partial(notify.run_later, tasks.table_open, (table.pk,), delay))
    else:
        _start_if_ready(table)
    return table


def _locked(table_id: int) -> LiveTable:
    """The table's row, locked (not its club's), with its club: the screens name it."""
    return LiveTable.objects.select_for_update(of=("self",)).select_related("club").get(pk=table_id)


def _seat_row(table: LiveTable, index: int) -> TableSeat:
    seat = TableSeat.objects.select_for_update().filter(table=table, index=index).first()
    if seat is None:
        raise TableError("seat", NO_SUCH_SEAT.format(seat=index + 1))
    return seat


def _before_start(table: LiveTable) -> None:
    if table.status not in (TableStatus.SCHEDULED, TableStatus.OPEN):
        raise TableError("started", ALREADY_STARTED)


@transaction.atomic
def seat_take(*, table_id: int, index: int, player: Player) -> TableSeat:
    """Sit ``player`` in the empty seat ``index`` (from 0) before the game starts; the game
    starts when that fills the last seat of an open table.

    Raises:
        TableError: started, no such seat, seat taken, not a member, already seated.
    """
    table = _locked(table_id)
    _before_start(table)
    _check_member(table.club, player)
    mine = table.seats.filter(player=player).first()
    if mine is not None:
        raise TableError("seated", ALREADY_SEATED.format(seat=mine.index + 1))
    seat = _seat_row(table, index)
    if not seat.is_empty:
        raise TableError("seat_taken", SEAT_TAKEN.format(seat=index + 1))
    seat.player = player
    seat.save(update_fields=["player"])
    _changed(table)
    _start_if_ready(table)
    return seat


@transaction.atomic
def seat_leave(*, table_id: int, player: Player) -> None:
    """Give up ``player``'s seat before the game starts.

    Raises:
        TableError: the game started, or the player has no seat here.
    """
    table = _locked(table_id)
    _before_start(table)
    updated = table.seats.filter(player=player).update(player=None, bot_playing=False)
    if not updated:
        raise TableError("not_seated", NOT_SEATED)
    _changed(table)


@transaction.atomic
def seats_fill_with_bots(*, table_id: int, bot_name: str = DEFAULT_BOT) -> int:
    """Put the computer player ``bot_name`` in every empty seat; returns how many. The game
    starts if the table is open.

    Raises:
        TableError: the game started, or an unknown computer player.
    """
    _check_bot(bot_name)
    table = _locked(table_id)
    _before_start(table)
    filled = table.seats.filter(player__isnull=True, bot_name="").update(bot_name=bot_name)
    _changed(table)
    _start_if_ready(table)
    return filled


@transaction.atomic
def table_open(*, table_id: int, now: datetime | None = None) -> LiveTable:
    """Open a scheduled table whose time has come (and start it if its seats are filled).
    Safe to run twice and early: anything else is left as it is."""
    table = _locked(table_id)
    now = now or timezone.now()
    if table.status == TableStatus.SCHEDULED and table.scheduled_at <= now:
        table.status = TableStatus.OPEN
        table.save(update_fields=["status"])
        _changed(table)
        _start_if_ready(table)
    return table


def tables_open_due(*, now: datetime | None = None) -> list[int]:
    """Open every scheduled table whose time has come; returns their ids."""
    now = now or timezone.now()
    ids = list(LiveTable.objects.due(now).values_list("pk", flat=True))
    for table_id in ids:
        table_open(table_id=table_id, now=now)
    return ids


def _changed(table: LiveTable) -> None:
    """After commit, tell the sockets that seats or status changed (no action was played)."""
    transaction.on_commit(partial(notify.broadcast, table.pk))


# --- Starting and ending ----------------------------------------------------------------------


def hand_seed(table_seed: int, number: int) -> int:
    """The seed of hand ``number``: fixed by the table's seed, so a replay deals the same."""
    digest = hashlib.sha256(f"{table_seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _start_if_ready(table: LiveTable) -> None:
    if table.status != TableStatus.OPEN:
        return
    seats = list(table.seats.select_related("player"))
    if any(seat.is_empty for seat in seats):
        return
    _start(table, seats)


def _side_label(seats: Sequence[TableSeat]) -> str:
    names = [
        seat.player.display_name
        if seat.player is not None
        else COMPUTER_LABEL.format(name=BOT_NAMES.get(seat.bot_name, seat.bot_name))
        for seat in seats
    ]
    return " & ".join(names)


def _start(table: LiveTable, seats: list[TableSeat]) -> None:
    game = live.game_of(table)
    seating = game.seating
    sheet = table.match.sheet if table.match is not None else None
    if sheet is None:
        sheet = _sheet_create(table, seats, game)
    table.scoresheet = sheet
    table.status = TableStatus.PLAYING
    first = _hand_create(table, 1, table.first_dealer, Tally.start(seating.sides))
    table.hand_number = 1
    table.started_at = timezone.now()
    hand = live.hand_dealt(table, first)
    _after_write(table, hand, first.pk)
    table.save(update_fields=["scoresheet", "status", "started_at", "hand_number", "clock_due_at"])
    from engine.tables import tasks

    for seat in seats:
        if seat.player is not None and seat.connections == 0:
            transaction.on_commit(
                partial(
                    notify.run_later,
                    tasks.seat_away_check,
                    (table.pk, seat.index),
                    table.grace_seconds,
                )
            )


def _sheet_create(table: LiveTable, seats: list[TableSeat], game: Game) -> Scoresheet:
    """A scoresheet for a table that is not an event's match, named after its seats."""
    sides = [
        SideSpec(label=_side_label([seats[s] for s in side_seats]))
        for side_seats in game.seating.side_seats
    ]
    sheet = scoresheet_create(
        club=table.club,
        by=table.created_by,
        game_id=table.game,
        title=str(table),
        sides=sides,
        seat_players={seat.index: seat.player for seat in seats if seat.player is not None},
        first_dealer=table.first_dealer,
    )
    # The sheet starts from the game's standard rules; the table's copy of its own rules is
    # what the hands are played under, so the sheet checks lines under the same rules.
    sheet.options = table.options
    sheet.target = game.target
    sheet.rule_set_name = table.rule_set_name
    sheet.save(update_fields=["options", "target", "rule_set_name"])
    return sheet


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


def _hand_create(table: LiveTable, number: int, dealer: int, tally: Tally) -> TableHand:
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
                handline_add,
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
        if table.scoresheet is not None:
            _sheet_write(
                table, "confirmation", partial(scoresheet_confirm, sheet=table.scoresheet, by=None)
            )
        return hand, hand_id
    game = hand.game
    following = _hand_create(
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
        table = _locked(table_id)
        # Every seat, with who plays it: one query for the user's seat and for whether the
        # computer acts next.
        seats = list(table.seats.select_related("player").order_by("index"))
        if seat is None:
            seat = selectors.seat_in(seats, user) if user is not None else None
            if seat is None:
                raise ActionRefused("spectator", SPECTATOR)
        if table.status == TableStatus.PAUSED:
            raise ActionRefused("table_paused", PAUSED)
        if table.status != TableStatus.PLAYING:
            raise ActionRefused(
                "not_playing", NOT_PLAYING.format(status=table.get_status_display())
            )
        if seen_seq != table.seq:
            raise ActionRefused("stale", STALE.format(seq=table.seq))
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
        acted = _after_write(table, hand, hand_id, seats)
        table.save(update_fields=["seq", "hand_number", "status", "finished_at", "clock_due_at"])
        return acted


def _after_write(
    table: LiveTable, hand: Hand, hand_id: int, seats: Sequence[TableSeat] = ()
) -> Acted:
    """Work out who acts next and arrange, for after the commit: caching the new state,
    telling the sockets, and the computer's move. Sets ``table.clock_due_at`` (the caller
    saves it): when the person to act runs out of time, if the table has a clock. ``seats``:
    the table's seats with their players when already read under the lock (the sockets'
    screens are then built from them and ``table`` without reading either again)."""
    to_act = None if table.is_finished else hand.to_act
    bot_to_act = False
    if to_act is not None:
        seat = seats[to_act] if seats else table.seats.get(index=to_act)
        bot_to_act = seat.bot_acts
    clocked = to_act is not None and not bot_to_act and table.turn_seconds > 0
    table.clock_due_at = timezone.now() + timedelta(seconds=table.turn_seconds) if clocked else None
    acted = Acted(table.pk, table.seq, table.hand_number, to_act, bot_to_act, table.is_finished)
    after = hand.copy()
    snapshot = selectors.Snapshot(table, list(seats), after) if seats else None
    transaction.on_commit(partial(_committed, acted, after, hand_id, table.turn_seconds, snapshot))
    return acted


def _committed(
    acted: Acted, hand: Hand, hand_id: int, turn_seconds: int, snapshot: selectors.Snapshot | None
) -> None:
    from engine.tables import tasks

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
                tasks.table_bots_play.delay(acted.table_id)
        elif acted.to_act is not None and turn_seconds > 0:
            notify.clock_armed(tasks.table_turn_clock, (acted.table_id, acted.seq), turn_seconds)
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
    action = bot_action(hand, seat.index, seat.bot_name or DEFAULT_BOT, bot_rng(table))
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
    """The beat's sweep of turn clocks (every ``KITTY_TABLE_CLOCK_SWEEP_SECONDS``): at every
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


# --- Presence -----------------------------------------------------------------------------


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
        table = _locked(table_id)
        seat = _seat_row(table, index)
        if table.status != TableStatus.PLAYING or seat.player_id is None or seat.bot_playing:
            return False
        since = seat.last_seen or table.started_at or now
        if seat.connections > 0 or now - since < timedelta(seconds=table.grace_seconds):
            return False
        seat.bot_playing = True
        seat.bot_name = seat.bot_name or DEFAULT_BOT
        seat.save(update_fields=["bot_playing", "bot_name"])
        hand = live.current_hand(table)
        _changed(table)
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


# --- Keeping tables going: the watchdog, pause, resume, abandon --------------------------


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
        logger.warning("table %s: stalled; the watchdog restarted its %s", table.pk, what)
        restarted.append(table.pk)
    return restarted


def _refuse_non_director(table: LiveTable, by: User) -> None:
    if not has_capability(by, table.club, Capability.DIRECT):
        raise NotADirector("not_a_director", NOT_A_DIRECTOR.format(club=table.club))


@transaction.atomic
def table_pause(*, table_id: int, by: User) -> LiveTable:
    """A director pauses a playing table: computer players and clocks stop (they check the
    status under the lock) and players' actions are refused with ``table_paused``.

    Raises:
        TableError: ``not_a_director``, ``not_playing``.
    """
    table = _locked(table_id)
    _refuse_non_director(table, by)
    if table.status != TableStatus.PLAYING:
        raise TableStateRefused(
            "not_playing", CANNOT_PAUSE.format(status=table.get_status_display())
        )
    table.status = TableStatus.PAUSED
    table.save(update_fields=["status"])
    _changed(table)
    return table


def table_resume(*, table_id: int, by: User) -> LiveTable:
    """A director resumes a paused table, or restarts a stalled one (``table_restart``):
    the computer or the clock moves again after the commit.

    Raises:
        TableError: ``not_a_director``, ``not_paused`` (neither paused nor playing).
    """
    with transaction.atomic():
        table = _locked(table_id)
        _refuse_non_director(table, by)
        if table.status not in (TableStatus.PAUSED, TableStatus.PLAYING):
            raise TableStateRefused(
                "not_paused", CANNOT_RESUME.format(status=table.get_status_display())
            )
        paused = table.status == TableStatus.PAUSED
        if paused:
            table.status = TableStatus.PLAYING
            table.save(update_fields=["status"])
            _changed(table)
            # Clocks set before the pause were for an older wait: the player to act gets a
            # whole new one, and a computer to act moves after the commit.
            found = live.current(table)
            if found is not None:
                _after_write(table, *found)
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
    table = _locked(table_id)
    _refuse_non_director(table, by)
    if table.is_ended:
        raise TableStateRefused("ended", ALREADY_ENDED.format(status=table.get_status_display()))
    table.status = TableStatus.ABANDONED
    table.finished_at = timezone.now()
    table.save(update_fields=["status", "finished_at"])
    _changed(table)
    return table
