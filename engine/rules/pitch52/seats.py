"""Seat arithmetic for a pitch52 table of ``n`` players, computed once per table size.

Vocabulary: *holders* is the mask of the seats still holding a trump (bit ``s`` for seat
``s``). A *trick plan* says, for the seat the lead falls to and the holders when a trick starts,
who leads, who plays in which order, and which seats become visibly out as the trick goes on
(docs/rules.md#pitch52-play, #pitch52-seen): a seat is shown out once play passes over it, so
the plan lists, after each card, every seat passed over so far. Looking the plan up once per
trick keeps all of this out of the per-card path.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Any

#: (leader, seats in playing order, outs, following) where ``outs[k]`` is the mask of the seats
#: passed over once ``k`` cards are down (``outs[0]`` the seats the lead went past, ``outs[-1]``
#: every seat the whole trick passed over) and ``following[s]`` is the seat that plays after
#: ``s`` in the trick, the leader after the last card (-1 for a seat not in the trick): a trick
#: is over when the turn would come back to its leader, which costs no ``len()`` per card.
TrickPlan = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _between(n: int, a: int, b: int) -> int:
    """Mask of the seats strictly after ``a`` and before ``b`` clockwise (every other seat when
    ``a == b``): the seats passed over when play goes from ``a`` to ``b``."""
    mask = 0
    s = (a + 1) % n
    while s != b:
        mask |= 1 << s
        s = (s + 1) % n
    return mask & ~(1 << a)


def _plan(n: int, first: int, holders: int) -> TrickPlan:
    leader, skipped = first, 0
    while not holders >> leader & 1:
        skipped |= 1 << leader
        leader = (leader + 1) % n
    seats = tuple((leader + i) % n for i in range(n) if holders >> (leader + i) % n & 1)
    outs = [skipped]
    following = [-1] * n
    for k, seat in enumerate(seats):
        after = seats[k + 1] if k + 1 < len(seats) else leader
        outs.append(outs[-1] | _between(n, seat, after))
        following[seat] = after
    return leader, seats, tuple(outs), tuple(following)


class SeatTables:
    """Tables for ``n`` seats: rotations, trick plans and the deal's card positions."""

    __slots__ = ("deal_getters", "plans", "rot", "stock_start")

    def __init__(self, n: int) -> None:
        #: rot[s]: every seat clockwise starting with s.
        self.rot: tuple[tuple[int, ...], ...] = tuple(
            tuple((s + i) % n for i in range(n)) for s in range(n)
        )
        #: plans[first][holders]: the trick when the lead falls to ``first`` (the winner of
        #: the last trick, or the bidder) and ``holders`` still hold trumps; index 0 unused.
        self.plans: tuple[tuple[TrickPlan, ...], ...] = tuple(
            ((first, (), (0,), (-1,) * n), *(_plan(n, first, h) for h in range(1, 1 << n)))
            for first in range(n)
        )
        # The deal (docs/rules.md#pitch52-deal): packets of three from the dealer's left, three
        # rounds; the last round gives two each with six players.
        packets = (3, 3, 2) if n == 6 else (3, 3, 3)
        getters = []
        top = 0
        for dealer in range(n):
            positions: list[list[int]] = [[] for _ in range(n)]
            top = 0
            for size in packets:
                for i in range(1, n + 1):
                    seat = (dealer + i) % n
                    positions[seat].extend(range(top, top + size))
                    top += size
            getters.append(tuple(itemgetter(*p) for p in positions))
        #: Index in the shuffled deck of the top card of the stock.
        self.stock_start = top
        #: deal_getters[dealer][seat](deck): the cards of ``seat``.
        self.deal_getters: tuple[tuple[Any, ...], ...] = tuple(getters)


@lru_cache(maxsize=8)
def seat_tables(n: int) -> SeatTables:
    """The tables for ``n`` seats, shared by every game of that size."""
    return SeatTables(n)
