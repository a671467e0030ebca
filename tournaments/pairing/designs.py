"""Whist-tournament designs: a whole evening where partners never repeat.

A whist design Wh(n) seats ``n`` players at tables of two pairs so that over the evening every
two players partner exactly once and oppose each other exactly twice. The designs here are
cyclic, so one base round is all the data each needs:

- ``n = 4k``: points ``0 .. n-2`` plus a fixed point ``FIXED``; round ``r`` adds ``r`` (mod
  ``n - 1``) to every point except ``FIXED``; ``n - 1`` rounds, nobody sits out.
- ``n = 4k + 1``: points ``0 .. n-1``; round ``r`` adds ``r`` (mod ``n``); point ``r`` is the
  one left out, so over ``n`` rounds everyone sits out exactly once.

The base rounds were found by a seeded search over starters (pairs whose differences cover
every difference once) and their groupings into tables (opponent differences covering every
difference twice), and are checked by ``tests/tournaments/pairing/test_designs.py``. No
cyclic Wh(9) exists in this form, so 9 players use the local search.
"""

from __future__ import annotations

FIXED = -1

Side = tuple[int, int]
BaseTable = tuple[Side, Side]

WHIST_BASES: dict[int, tuple[BaseTable, ...]] = {
    5: (((4, 1), (3, 2)),),
    8: (((6, 5), (4, 2)), ((FIXED, 1), (3, 0))),
    12: (((4, 8), (3, 1)), ((10, 0), (6, 9)), ((FIXED, 5), (2, 7))),
    13: (((11, 2), (10, 3)), ((5, 8), (1, 12)), ((9, 4), (7, 6))),
    16: (((0, 12), (14, 4)), ((9, 11), (FIXED, 3)), ((6, 2), (7, 8)), ((10, 1), (5, 13))),
    17: (((6, 13), (8, 5)), ((12, 1), (4, 2)), ((14, 9), (3, 16)), ((11, 10), (15, 7))),
    20: (
        ((FIXED, 7), (1, 16)),
        ((13, 15), (17, 6)),
        ((2, 3), (0, 14)),
        ((10, 4), (9, 18)),
        ((8, 11), (5, 12)),
    ),
    21: (
        ((4, 8), (19, 14)),
        ((16, 9), (12, 11)),
        ((5, 20), (17, 7)),
        ((15, 2), (1, 3)),
        ((10, 13), (18, 6)),
    ),
    24: (
        ((FIXED, 0), (7, 8)),
        ((5, 10), (6, 19)),
        ((2, 21), (9, 15)),
        ((12, 20), (17, 14)),
        ((13, 22), (11, 18)),
        ((3, 1), (16, 4)),
    ),
    25: (
        ((6, 14), (20, 19)),
        ((7, 21), (12, 22)),
        ((10, 5), (18, 2)),
        ((4, 8), (11, 23)),
        ((24, 17), (3, 1)),
        ((13, 16), (9, 15)),
    ),
}


def design_rounds(players: int) -> int:
    """How many rounds the design for ``players`` has (0 when there is none)."""
    if players not in WHIST_BASES:
        return 0
    return players - 1 if players % 4 == 0 else players


def design_round(players: int, round_index: int) -> tuple[tuple[BaseTable, ...], int | None]:
    """Round ``round_index`` (0-based, cyclic) of the design for ``players``.

    Returns the tables as pairs of sides of points ``0 .. players-1`` and the point that sits
    out (``None`` for ``4k`` players). The fixed point of a ``4k`` design is ``players - 1``.
    The caller guarantees a design exists (``design_rounds(players) > 0``).
    """
    rounds = design_rounds(players)
    shift = round_index % rounds

    def move(point: int) -> int:
        return players - 1 if point == FIXED else (point + shift) % rounds

    tables = tuple(
        ((move(a), move(b)), (move(c), move(d))) for (a, b), (c, d) in WHIST_BASES[players]
    )
    sitter = None if players % 4 == 0 else shift
    return tables, sitter
