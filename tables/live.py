"""A table's live state: the replay of its action log, with a small per-process cache.

The log is the truth; the cache only saves replays. An entry is keyed by the table, its
``seq`` and its hand number, which change with every action and every new hand, so an entry
can never describe a state other than the one the database holds for that key. Entries are
written only after the transaction that produced them commits, and callers always get a copy
(hands are mutable state machines). An entry also holds the id of the hand's row, so an
action is logged against its hand without reading that row again.

A second cache holds what a table's screens show that does not change during a hand (its
score lines, finished hands, the links to its sheet): keyed by the table, its hand number and
its status, it is read again when a hand ends, the game ends, or a director pauses or resumes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from engine.rules import Game, Hand, Tally, get_game, parse_action

if TYPE_CHECKING:
    from tables.models import LiveTable, TableHand

CACHE_SIZE = 512

T = TypeVar("T")
_Key = tuple[int, int, int]
_cache: OrderedDict[_Key, tuple[Hand, int]] = OrderedDict()
_boards: OrderedDict[tuple[int, int, str], Any] = OrderedDict()
_lock = threading.Lock()


def game_of(table: LiveTable) -> Game:
    """The table's game with the options copied onto it when it was created."""
    return get_game(table.game, table.options)


def tally_from(data: Mapping[str, Any] | None, sides: int) -> Tally:
    if not data:
        return Tally.start(sides)
    return Tally.of(data["scores"], data.get("sets"), data.get("consecutive_sets"))


def hand_dealt(table: LiveTable, table_hand: TableHand) -> Hand:
    """The hand as dealt, before any action: the same cards every time."""
    game = game_of(table)
    return game.new_hand(
        dealer=table_hand.dealer,
        seed=table_hand.seed,
        tally=tally_from(table_hand.tally_before, game.seating.sides),
    )


def hand_replayed(table: LiveTable, table_hand: TableHand, *, upto_seq: int | None = None) -> Hand:
    """The hand after its logged actions (those up to ``upto_seq`` when given)."""
    hand = hand_dealt(table, table_hand)
    actions = table_hand.actions.order_by("seq")
    if upto_seq is not None:
        actions = actions.filter(seq__lte=upto_seq)
    for text in actions.values_list("action", flat=True):
        hand.apply(parse_action(text))
    return hand


def current(table: LiveTable) -> tuple[Hand, int] | None:
    """A copy of the hand being played at ``table`` as its row says, with the id of the
    hand's row (``None`` before the start). The row should be fresh: read under the lock when
    the caller is about to write."""
    if table.hand_number == 0:
        return None
    key = (table.pk, table.seq, table.hand_number)
    with _lock:
        cached = _cache.get(key)
        if cached is not None:
            _cache.move_to_end(key)
            return cached[0].copy(), cached[1]
    table_hand = table.hands.get(number=table.hand_number)
    # Bounded by the row's seq: an action committed after the row was read must not be
    # cached under this seq.
    hand = hand_replayed(table, table_hand, upto_seq=table.seq)
    remember(table.pk, table.seq, table.hand_number, hand, table_hand.pk)
    return hand, table_hand.pk


def current_hand(table: LiveTable) -> Hand | None:
    """A copy of the hand being played at ``table`` as its row says (``None`` before the
    start); see ``current``."""
    found = current(table)
    return None if found is None else found[0]


def remember(table_id: int, seq: int, hand_number: int, hand: Hand, hand_id: int) -> None:
    """Cache ``hand`` (whose row is ``hand_id``) as the state of the table at ``seq``; call
    only once it is committed."""
    with _lock:
        _cache[(table_id, seq, hand_number)] = (hand.copy(), hand_id)
        _cache.move_to_end((table_id, seq, hand_number))
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def board(table: LiveTable, build: Callable[[], T]) -> T:
    """What ``build`` reads for ``table``'s screens that does not change during a hand:
    built once per table, hand number and status, then shared (callers must not change it)."""
    key = (table.pk, table.hand_number, str(table.status))
    with _lock:
        if key in _boards:
            _boards.move_to_end(key)
            found: T = _boards[key]
            return found
    built = build()
    with _lock:
        _boards[key] = built
        while len(_boards) > CACHE_SIZE:
            _boards.popitem(last=False)
    return built


def forget_all() -> None:
    """Drop every cached state, as a restarted server starts."""
    with _lock:
        _cache.clear()
        _boards.clear()
