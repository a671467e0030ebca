"""Seats and first dealer for a table.

Sides alternate round the table, so partners always sit opposite: two sides of two take seats
{0, 2} and {1, 3}; three sides of two take {0, 3}, {1, 4} and {2, 5}; a cut-throat table is
every player for themselves. Which side holds seat 0, the order of partners within a side and
the first dealer are drawn from a generator seeded by (event seed, round, table), so the same
request always seats the same way and one table's draw does not depend on another's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.pairing.types import Reason, Table


def table_rng(
    seed: int, round_number: int, table_number: int, purpose: str = "seat"
) -> random.Random:
    """A generator private to one table of one round (string seeds hash the same on every run)."""
    return random.Random(f"{purpose}:{seed}:{round_number}:{table_number}")


def seat_sides(
    sides: Sequence[Sequence[int]], rng: random.Random, players_per_entrant: int = 1
) -> tuple[tuple[int, ...], int]:
    """Seat ``sides`` round a table; return ``(seats, dealer_seat)``.

    Each entrant takes ``players_per_entrant`` seats (2 for a partnership entrant). The caller
    guarantees every side seats the same number of players.
    """
    width = len(sides[0]) * players_per_entrant
    if any(len(side) * players_per_entrant != width for side in sides):
        raise ValueError(f"sides of unequal size cannot alternate round a table: {sides!r}")
    order = list(range(len(sides)))
    rng.shuffle(order)
    seats = [0] * (width * len(sides))
    for position, side_index in enumerate(order):
        members = list(sides[side_index])
        rng.shuffle(members)
        expanded = [m for _ in range(players_per_entrant) for m in members]
        for k, member in enumerate(expanded):
            seats[k * len(sides) + position] = member
    return tuple(seats), rng.randrange(len(seats))


def make_table(
    number: int,
    sides: Sequence[Sequence[int]],
    *,
    seed: int,
    round_number: int,
    players_per_entrant: int = 1,
    reasons: Sequence[Reason] = (),
) -> Table:
    """Build a seated ``Table``: seats and dealer drawn from (seed, round, table number)."""
    frozen_sides = tuple(tuple(side) for side in sides)
    rng = table_rng(seed, round_number, number)
    seats, dealer = seat_sides(frozen_sides, rng, players_per_entrant)
    return Table(number, frozen_sides, seats, dealer, tuple(reasons))
