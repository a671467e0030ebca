"""Online tables before their game: creating, opening, seating, and the start.

A table is created for a game (or an event's match) with its seats, opens at its time, and
starts when it is open and every seat is filled: its sheet is made, the first hand dealt, and
the computer or the first player's clock set going (``play``). An event's match table waits
for its players as well: it starts when every seated player has come (``seat_awaited``), and
the event's no-show rule decides what happens after the grace time (``noshow``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy

from club.models import Club, Membership, Player, RuleSet
from club.wording import STANDARD_RULES
from engine.rules import Game, RulesError, Tally, get_game
from scoring.services import SideSpec, scoresheet_create
from tables import enqueue, live
from tables.bot_moves import BOT_NAMES, DEFAULT_BOT
from tables.errors import TableError, TableStateRefused
from tables.models import (
    MEMBER_KINDS,
    LiveTable,
    TableInvitation,
    TableKind,
    TableSeat,
    TableStatus,
    Unanswered,
    new_seed,
)
from tables.naming import side_labels
from tables.services.play import (
    after_write,
    changed,
    hand_create,
    lobby_nudge,
    locked,
    seat_row,
)
from tables.signals import table_scheduled
from tournaments.models import Match, NoShow

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from scoring.models import Scoresheet

RULE_SET_OTHER_CLUB = gettext_lazy("That rule set belongs to another club.")
RULES_BROKEN = gettext_lazy("These rules do not build a game: {reason}")
TOO_MANY_SEATS = gettext_lazy("{game} with these rules has {seats} seats, not {given}.")
NOT_A_MEMBER = gettext_lazy("{player} is not a member of {club}.")
PLAYER_TWICE = gettext_lazy("{player} cannot sit in two seats.")
UNKNOWN_BOT = gettext_lazy("There is no computer player called {name!r}; choose one of: {names}.")
SEAT_TAKEN = gettext_lazy("Seat {seat} is taken.")
ALREADY_SEATED = gettext_lazy("You already sit at this table, in seat {seat}.")
NOT_SEATED = gettext_lazy("You do not sit at this table.")
ALREADY_STARTED = gettext_lazy("The game at this table has started: the seats are fixed.")
NEGATIVE_SECONDS = gettext_lazy("Times are whole seconds, 0 or more.")
TABLE_ENDED = gettext_lazy("The game at this table is over ({status}): nobody plays here now.")
SEAT_RESERVED = gettext_lazy("Seat {seat} is kept for a member invited to it.")


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat of a new table: a club player, a computer player, or nobody yet."""

    player: Player | None = None
    bot: str = ""


def game_for(
    club: Club, rule_set: RuleSet | None, game_id: str, options: dict[str, Any] | None = None
) -> Game:
    """The game a new table of ``club`` plays: under ``rule_set``, else ``game_id`` with
    ``options`` (``None``: its standard rules).

    Raises:
        TableError: ``rule_set`` (another club's, or rules that build no game).
    """
    if rule_set is not None and rule_set.club_id != club.pk:
        raise TableError("rule_set", RULE_SET_OTHER_CLUB)
    try:
        return rule_set.build_game() if rule_set is not None else get_game(game_id, options)
    except RulesError as error:
        raise TableError("rule_set", RULES_BROKEN.format(reason=error.message)) from error


def check_bot(name: str) -> None:
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
    kind: str = TableKind.DIRECTED,
    bot_name: str = "",
    if_unanswered: str = Unanswered.COMPUTER,
    options: dict[str, Any] | None = None,
    rule_set_name: str = "",
) -> LiveTable:
    """A new online table for one game under ``rule_set`` (else ``game_id`` with ``options``,
    its standard rules by default; "Play again" copies a table's, with its ``rule_set_name``).

    ``seats`` lists the seats from 0 (the rest are left empty for players to take). A
    ``match``'s table plays under its sheet's rules and writes its hands there. It opens at
    ``scheduled_at`` (at once when past) and starts when open with every seat filled. Once
    committed, one with a seated player (not a member's own) emails them (``table_scheduled``).

    Raises:
        TableError: ``rule_set``, ``seats``, ``player`` (an outsider, or in two seats),
            ``bot`` (an unknown computer player), ``seconds`` (negative times).
    """
    sheet = match.sheet if match is not None else None
    game = _checked_game(club, sheet, rule_set, game_id, options, seats)
    if turn_seconds < 0 or grace_seconds < 0:
        raise TableError("seconds", NEGATIVE_SECONDS)
    now = timezone.now()
    table = LiveTable(
        club=club,
        title=title.strip(),
        match=match,
        kind=TableKind.MATCH if match is not None else kind,
        bot_name=bot_name,
        if_unanswered=if_unanswered,
        scoresheet=sheet,  # a match's sheet is the table's from the start, not a phone's
        rule_set_name=rule_set_name or _rules_name(sheet, rule_set),
        game=game.id,
        options=game.options_dict(),
        scheduled_at=scheduled_at,
        status=TableStatus.OPEN if scheduled_at <= now else TableStatus.SCHEDULED,
        turn_seconds=turn_seconds,
        grace_seconds=grace_seconds,
        first_dealer=first_dealer % game.seating.seats,
        created_by=by,
        seed=new_seed() if seed is None else seed,
    )
    table.full_clean()
    table.save()
    _announce_and_open(table, seats, game.seating.seats, now)
    return table


def _checked_game(
    club: Club,
    sheet: Scoresheet | None,
    rule_set: RuleSet | None,
    game_id: str,
    options: dict[str, Any] | None,
    seats: Sequence[SeatSpec],
) -> Game:
    """The game of a new table, whose ``seats`` it checks: a match's table plays under its
    sheet's rules, any other under what it was given."""
    if sheet is not None:
        game = game_for(club, None, sheet.game, sheet.options)
    else:
        game = game_for(club, rule_set, game_id, options)
    _check_seats(club, game, seats)
    return game


def _table_seats_add(table: LiveTable, seats: Sequence[SeatSpec], count: int) -> None:
    """Every seat of the new table: those asked for, then open ones up to ``count``."""
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


def _check_seats(club: Club, game: Game, seats: Sequence[SeatSpec]) -> None:
    """The seats asked for fit the game: not too many, club members each in one seat, known
    computer players."""
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
            check_bot(spec.bot)


def _rules_name(sheet: Scoresheet | None, rule_set: RuleSet | None) -> str:
    """The rules a table plays under, by name: its match sheet's, its rule set's or the
    standard rules."""
    if sheet is not None:
        return sheet.rule_set_name
    return rule_set.name if rule_set is not None else STANDARD_RULES


def _announce_and_open(
    table: LiveTable, seats: Sequence[SeatSpec], count: int, now: datetime
) -> None:
    """The new table's ``count`` seats are added; once it is committed, its players hear of
    it; it opens at its time, or now, starting at once when every seat is filled."""
    _table_seats_add(table, seats, count)
    # A member's own table tells nobody by this email: the host made it, and the people
    # they ask to sit are each sent an invitation instead.
    if table.kind not in MEMBER_KINDS and any(spec.player is not None for spec in seats):
        # Listeners (the players' notices) hear of the table once it is committed; one that
        # fails is logged and does not undo the table.
        transaction.on_commit(
            partial(table_scheduled.send_robust, sender=LiveTable, table_id=table.pk)
        )
    if table.status == TableStatus.SCHEDULED:
        delay = (table.scheduled_at - now).total_seconds()
        enqueue.run_later_on_commit(enqueue.TABLE_OPEN, (table.pk,), delay)
    else:
        await_players(table, now)
        start_if_ready(table)


def await_players(table: LiveTable, now: datetime) -> None:
    """An event's match table that just opened waits for its players: its ``clock_due_at``
    (no turn clock runs before the game) says when its no-show check is due, the grace time
    from now, and that check is sent for then (the beat's sweep finds it too)."""
    if table.match_id is None or table.status != TableStatus.OPEN:
        return
    table.clock_due_at = now + timedelta(seconds=table.grace_seconds)
    table.save(update_fields=["clock_due_at"])
    enqueue.run_later_on_commit(enqueue.MATCH_NO_SHOW, (table.pk,), table.grace_seconds)


def opened_at(table: LiveTable) -> datetime:
    """When ``table`` opened (or opens): at its time, or when it was made if that was later."""
    return max(table.scheduled_at, table.created)


def seat_awaited(table: LiveTable, seat: TableSeat) -> bool:
    """Whether the player of ``seat`` has not come to the match table ``table``: no page of
    theirs is open and none was since the table opened, and no computer plays for them."""
    if seat.player_id is None or seat.bot_playing or seat.connections > 0:
        return False
    return seat.last_seen is None or seat.last_seen < opened_at(table)


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
    table = locked(table_id)
    _before_start(table)
    _check_member(table.club, player)
    mine = table.seats.filter(player=player).first()
    if mine is not None:
        raise TableError("seated", ALREADY_SEATED.format(seat=mine.index + 1))
    seat = seat_row(table, index)
    if not seat.is_empty:
        raise TableError("seat_taken", SEAT_TAKEN.format(seat=index + 1))
    if seat_kept(table, index):
        raise TableStateRefused("seat_reserved", SEAT_RESERVED.format(seat=index + 1))
    seat.player = player
    seat.save(update_fields=["player"])
    changed(table)
    lobby_nudge(table)
    start_if_ready(table)
    return seat


def invitations_withdraw(table: LiveTable) -> None:
    """Nobody will sit in the seats of ``table`` kept for invitees now (the computer took
    them, or the table ended): their invitations are withdrawn and their lobbies told."""
    waiting = table.invitations.filter(status=TableInvitation.Status.PENDING)
    invitees = list(waiting.values_list("player__user_id", flat=True))
    if invitees:
        waiting.update(status=TableInvitation.Status.WITHDRAWN, answered_at=timezone.now())
        lobby_nudge(table, *invitees)


def seat_kept(table: LiveTable, index: int) -> bool:
    """Whether seat ``index`` is kept for a member invited to it (nobody else sits there)."""
    return TableInvitation.objects.filter(
        table=table, seat=index, status=TableInvitation.Status.PENDING
    ).exists()


@transaction.atomic
def seat_leave(*, table_id: int, player: Player) -> None:
    """Give up ``player``'s seat before the game starts.

    Raises:
        TableError: the game started, or the player has no seat here.
    """
    table = locked(table_id)
    _before_start(table)
    updated = table.seats.filter(player=player).update(player=None, bot_playing=False)
    if not updated:
        raise TableError("not_seated", NOT_SEATED)
    changed(table)
    lobby_nudge(table, player.user_id)


@transaction.atomic
def seats_fill_with_bots(*, table_id: int, bot_name: str = DEFAULT_BOT) -> int:
    """Put the computer player ``bot_name`` in every empty seat; returns how many. The game
    starts if the table is open.

    Raises:
        TableError: the game started, or an unknown computer player.
    """
    check_bot(bot_name)
    table = locked(table_id)
    _before_start(table)
    filled = table.seats.filter(player__isnull=True, bot_name="").update(bot_name=bot_name)
    invitations_withdraw(table)
    changed(table)
    start_if_ready(table)
    return filled


@transaction.atomic
def table_open(*, table_id: int, now: datetime | None = None) -> LiveTable:
    """Open a scheduled table whose time has come (and start it if its seats are filled).
    Safe to run twice and early: anything else is left as it is."""
    table = locked(table_id)
    now = now or timezone.now()
    if table.status == TableStatus.SCHEDULED and table.scheduled_at <= now:
        table.status = TableStatus.OPEN
        table.save(update_fields=["status"])
        changed(table)
        await_players(table, now)
        start_if_ready(table)
    return table


@transaction.atomic
def table_reschedule(*, table_id: int, at: datetime) -> LiveTable:
    """Move a table whose game has not started to ``at``: scheduled again when that is
    ahead (it opens then, as a new table does), else open now. A match's time moved by its
    players or a director moves its table so.

    Raises:
        TableStateRefused: the game started (``started``) or the table ended (``ended``).
    """
    table = locked(table_id)
    if table.is_ended:
        raise TableStateRefused("ended", TABLE_ENDED.format(status=table.get_status_display()))
    if table.status not in (TableStatus.SCHEDULED, TableStatus.OPEN):
        raise TableStateRefused("started", ALREADY_STARTED)
    now = timezone.now()
    table.scheduled_at = at
    table.status = TableStatus.SCHEDULED if at > now else TableStatus.OPEN
    # The players are awaited afresh from the new time: a no-show check or flag of the former
    # one is void.
    table.clock_due_at = None
    table.save(update_fields=["scheduled_at", "status", "clock_due_at"])
    Match.objects.filter(live_table=table, no_show=NoShow.FLAGGED).update(
        no_show=NoShow.NONE, absent_seats=[]
    )
    changed(table)
    if table.status == TableStatus.SCHEDULED:
        # A delayed open queued for the former time finds the table not due and leaves it.
        enqueue.run_later_on_commit(enqueue.TABLE_OPEN, (table.pk,), (at - now).total_seconds())
    else:
        await_players(table, now)
        start_if_ready(table)
    return table


def tables_open_due(*, now: datetime | None = None) -> list[int]:
    """Open every scheduled table whose time has come; returns their ids."""
    now = now or timezone.now()
    ids = list(LiveTable.objects.due(now).values_list("pk", flat=True))
    for table_id in ids:
        table_open(table_id=table_id, now=now)
    return ids


@transaction.atomic
def table_to_computer(*, table_id: int, bot_name: str = DEFAULT_BOT) -> LiveTable:
    """The computer plays every seat from now on, and the game starts now if it has not.

    A seated player is played for as one away past the grace time (``bot_playing``: they
    may take their seat back), an empty seat gets the computer player ``bot_name``, and a
    table scheduled or waiting for its players opens and starts. An event played by
    computers only (``manage.py simulate_event --online``) hands each table over so, rather
    than wait for players who will not come. Safe to run twice: a table being played only
    has its computer's next move sent again.

    Raises:
        TableError: ``bot`` (an unknown computer player).
        TableStateRefused: ``ended`` (the game is over or abandoned).
    """
    check_bot(bot_name)
    table = locked(table_id)
    if table.is_ended:
        raise TableStateRefused("ended", TABLE_ENDED.format(status=table.get_status_display()))
    seats = list(table.seats.select_for_update().order_by("index"))
    for seat in seats:
        seat.bot_playing = seat.player_id is not None
        seat.bot_name = seat.bot_name or bot_name
    TableSeat.objects.bulk_update(seats, ["bot_playing", "bot_name"])
    invitations_withdraw(table)
    if table.status == TableStatus.SCHEDULED:
        table.status = TableStatus.OPEN
        table.save(update_fields=["status"])
    changed(table)
    if table.status == TableStatus.OPEN:
        start_if_ready(table)
    elif table.status == TableStatus.PLAYING and (found := live.current(table)) is not None:
        # Who acts next is worked out again: the computer now, sent once this commits.
        after_write(table, *found, seats)
        table.save(update_fields=["clock_due_at"])
    return table


# --- Starting ---------------------------------------------------------------------------------


def start_if_ready(table: LiveTable) -> bool:
    """Start the open ``table`` if every seat is filled and, at an event's match, every
    seated player has come. True if it started."""
    if table.status != TableStatus.OPEN:
        return False
    seats = list(table.seats.select_related("player"))
    if any(seat.is_empty for seat in seats):
        return False
    if table.match_id is not None and any(seat_awaited(table, seat) for seat in seats):
        return False
    _start(table, seats)
    return True


def _start(table: LiveTable, seats: list[TableSeat]) -> None:
    game = live.game_of(table)
    seating = game.seating
    sheet = table.match.sheet if table.match is not None else None
    if sheet is None:
        sheet = _sheet_create(table, seats, game)
    table.scoresheet = sheet
    table.status = TableStatus.PLAYING
    first = hand_create(table, 1, table.first_dealer, Tally.start(seating.sides))
    table.hand_number = 1
    table.started_at = timezone.now()
    hand = live.hand_dealt(table, first)
    after_write(table, hand, first.pk)
    table.save(update_fields=["scoresheet", "status", "started_at", "hand_number", "clock_due_at"])
    lobby_nudge(table)
    for seat in seats:
        if seat.player is not None and seat.connections == 0:
            enqueue.run_later_on_commit(
                enqueue.SEAT_AWAY_CHECK, (table.pk, seat.index), table.grace_seconds
            )


def _sheet_create(table: LiveTable, seats: list[TableSeat], game: Game) -> Scoresheet:
    """A scoresheet for a table that is not an event's match, named after its seats."""
    # The sheet is the club's: its side labels (a computer's name) in the site's language, not
    # in the language of whoever starts the table.
    with translation.override(settings.LANGUAGE_CODE):
        labels = side_labels(seats, game.seating.side_seats)
    sides = [SideSpec(label=label) for label in labels]
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
