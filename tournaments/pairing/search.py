"""Seeded local search that seats players to avoid repeated meetings.

A layout puts players (indices ``0..m-1``) in slots. Tables are consecutive runs of slots;
within a table, sides are consecutive runs of ``side_size`` slots. The cost of a table adds,
for every two players at it, ``same_side[a*m + b]`` when they share a side (partners) and
``other_side[a*m + b]`` otherwise (opponents); callers fold their priorities into those two
matrices. The search builds a greedy layout, then swaps two players while a swap lowers the
cost, restarting from a fresh draw until the cost is 0, ``PATIENCE`` restarts in a row found
nothing better, or the evaluation budget is spent.

Everything random comes from the ``random.Random`` passed in, and the budget counts
evaluations (a candidate priced for a slot or a swap), not seconds, so the same inputs always
give the same layout on any machine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from tournaments.pairing.types import Pair

# Evaluations: enough for many restarts on a card-party field, bounded so that 200 players
# stay well inside a second even when repeats cannot all be avoided.
BUDGET_PER_PLAYER = 4_000
MAX_BUDGET = 120_000
# Restarts in a row that find nothing better before the search settles for what it has.
PATIENCE = 6


def pair_matrix(
    ids: Sequence[int], counts: Counter[Pair], weight: Callable[[int], int]
) -> list[int]:
    """A flat symmetric matrix: ``weight(count)`` for each two of ``ids`` (by position)."""
    m = len(ids)
    index = {player: k for k, player in enumerate(ids)}
    matrix = [0] * (m * m)
    for (x, y), count in counts.items():
        a, b = index.get(x), index.get(y)
        if a is not None and b is not None and count:
            matrix[a * m + b] = matrix[b * m + a] = weight(count)
    return matrix


def repeat_weight(count: int) -> int:
    """Cost of meeting again after ``count`` meetings: 1, 3, 6… so a third meeting costs more
    than two second meetings, which spreads repeats around."""
    return count * (count + 1) // 2


class _Tables:
    """Slot geometry: which table and side each slot is, and who it sits with."""

    def __init__(
        self,
        table_sizes: Sequence[int],
        side_size: int,
        same_side: Sequence[int],
        other_side: Sequence[int],
        count: int,
    ) -> None:
        self.m = count
        self.side_size = side_size
        self.table_of: list[int] = []
        self.side_of: list[int] = []
        # For each slot, the other slots at its table with the matrix that prices the pair.
        self.company: list[list[tuple[int, Sequence[int]]]] = []
        start = 0
        for t, size in enumerate(table_sizes):
            slots = range(start, start + size)
            self.table_of += [t] * size
            self.side_of += [(s - start) // side_size for s in slots]
            start += size
        for slot, table in enumerate(self.table_of):
            self.company.append(
                [
                    (other, same_side if self.side_of[other] == self.side_of[slot] else other_side)
                    for other, t in enumerate(self.table_of)
                    if t == table and other != slot
                ]
            )

    def share(self, layout: list[int], slot: int, player: int) -> int:
        """What ``player`` would add sitting in ``slot`` next to the others there now."""
        row = player * self.m
        return sum([matrix[row + layout[other]] for other, matrix in self.company[slot]])


def seat_search(
    count: int,
    table_sizes: Sequence[int],
    side_size: int,
    same_side: Sequence[int],
    other_side: Sequence[int],
    rng: random.Random,
    *,
    budget: int | None = None,
) -> tuple[list[int], int]:
    """The cheapest layout found, as ``(slot -> player, cost)``.

    ``table_sizes`` must sum to ``count`` and be multiples of ``side_size``. ``budget``
    defaults to ``BUDGET_PER_PLAYER`` evaluations per player, at most ``MAX_BUDGET``.
    """
    if budget is None:
        budget = min(MAX_BUDGET, BUDGET_PER_PLAYER * count)
    tables = _Tables(table_sizes, side_size, same_side, other_side, count)
    best: list[int] = []
    best_cost = -1
    spent = 0
    stale = 0
    while best_cost != 0 and stale < PATIENCE and (spent < budget or not best):
        layout, priced = _greedy(tables, rng)
        cost, spent = _climb(tables, layout, rng, spent + priced, budget)
        if best_cost < 0 or cost < best_cost:
            best, best_cost, stale = layout, cost, 0
        else:
            stale += 1
    return best, best_cost


def _greedy(tables: _Tables, rng: random.Random) -> tuple[list[int], int]:
    """Fill slots in order, each with the waiting player who adds least to its table;
    returns the layout and how many candidates were priced."""
    m = tables.m
    pool = list(range(m))
    rng.shuffle(pool)
    layout = [-1] * m
    priced = 0
    for slot in range(m):
        placed = [(layout[q] * m, matrix) for q, matrix in tables.company[slot] if q < slot]
        pick, lowest = 0, -1
        for index, player in enumerate(pool):
            added = sum(matrix[row + player] for row, matrix in placed)
            if lowest < 0 or added < lowest:
                pick, lowest = index, added
                if added == 0:
                    break
        priced += index + 1
        layout[slot] = pool.pop(pick)
    return layout, priced


def _climb(
    tables: _Tables, layout: list[int], rng: random.Random, spent: int, budget: int
) -> tuple[int, int]:
    """Best-improvement swaps of players at costly tables, until none helps; returns
    ``(total cost, evaluations spent so far)``.

    ``share[s]`` is what the player in slot ``s`` adds with the rest of its table, so a swap
    between tables costs two lookups per tablemate to price. Swapping two players whose
    shares are both 0 cannot help, so only players with a positive share move first.
    """
    share = [tables.share(layout, s, layout[s]) for s in range(len(layout))]
    table_of, side_of = tables.table_of, tables.side_of
    slots = range(len(layout))
    improved = True
    while improved and spent < budget:
        improved = False
        movers = [u for u in slots if share[u] > 0]
        rng.shuffle(movers)
        for u in movers:
            if share[u] == 0:
                continue
            tu, pu = table_of[u], layout[u]
            best_delta, best_v = 0, -1
            for v in slots:
                pv = layout[v]
                if table_of[v] != tu:
                    delta = (
                        tables.share(layout, v, pu)
                        + tables.share(layout, u, pv)
                        - share[u]
                        - share[v]
                    )
                elif tables.side_size == 1 or side_of[u] == side_of[v]:
                    continue
                else:
                    # Moving to the other side of the same table: price the table again.
                    delta = _table_delta(tables, layout, u, v)
                if delta < best_delta:
                    best_delta, best_v = delta, v
            spent += len(layout)
            if best_v >= 0:
                layout[u], layout[best_v] = layout[best_v], layout[u]
                for slot in {u, best_v}:
                    for other in [slot] + [o for o, _ in tables.company[slot]]:
                        share[other] = tables.share(layout, other, layout[other])
                improved = True
            if spent >= budget:
                break
    return sum(share) // 2, spent


def _table_delta(tables: _Tables, layout: list[int], u: int, v: int) -> int:
    """Cost change of swapping two players at one table (each pair counted once)."""
    members = [u] + [o for o, _ in tables.company[u]]
    before = sum(tables.share(layout, s, layout[s]) for s in members)
    layout[u], layout[v] = layout[v], layout[u]
    after = sum(tables.share(layout, s, layout[s]) for s in members)
    layout[u], layout[v] = layout[v], layout[u]
    return (after - before) // 2
