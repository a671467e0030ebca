"""A table's live state: the replay of its action log, with a small per-process cache.

The log is the truth; the cache only saves replays. An entry is keyed by the table, its
``seq`` and its hand number, which change with every action and every new hand, so an entry
can never describe a state other than the one the database holds for that key. Entries are
written only after the transaction that produced them commits, and callers always get a copy
(hands are mutable state machines).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.rules import Game, Hand, Tally, get_game, parse_action

if TYPE_CHECKING:
    from engine.tables.models import LiveTable, TableHand

CACHE_SIZE = 512

_Key = tuple[int, int, int]
_cache: OrderedDict[_Key, Hand] = OrderedDict()
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


def current_hand(table: LiveTable) -> Hand | None:
    """A copy of the hand being played at ``table`` as its row says (``None`` before the
    start). The row should be fresh: read under the lock when the caller is about to write."""
    if table.hand_number == 0:
        return None
    key = (table.pk, table.seq, table.hand_number)
    with _lock:
        cached = _cache.get(key)
        if cached is not None:
            _cache.move_to_end(key)
            return cached.copy()
    table_hand = table.hands.get(number=table.hand_number)
    # Bounded by the row's seq: an action committed after the row was read must not be
    # cached under this seq.
    hand = hand_replayed(table, table_hand, upto_seq=table.seq)
    remember(table.pk, table.seq, table.hand_number, hand)
    return hand


def remember(table_id: int, seq: int, hand_number: int, hand: Hand) -> None:
    """Cache ``hand`` as the state of the table at ``seq``; call only once it is committed."""
    with _lock:
        _cache[(table_id, seq, hand_number)] = hand.copy()
        _cache.move_to_end((table_id, seq, hand_number))
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def forget_all() -> None:
    """Drop every cached state, as a restarted server starts."""
    with _lock:
        _cache.clear()
