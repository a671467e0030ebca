"""Getter tables for auction45's lazy lists of discards (``engine.rules.choices.SubsetChoices``).

The order is the one of ``engine.rules.choices.CardSubsets``: by size, then lexicographically in
canonical card order. A choice is built on demand by a precomputed getter that picks its cards
out of the sorted hand, so offering the 32 discards of a five-card hand costs one small object.
"""

from __future__ import annotations

from itertools import combinations

from engine.rules.bits import subset_getter
from engine.rules.choices import Getter

#: Getters for every subset of ``n`` sorted cards, by size then lexicographically.
GETTERS: tuple[tuple[Getter, ...], ...] = tuple(
    tuple(subset_getter(p) for k in range(n + 1) for p in combinations(range(n), k))
    for n in range(10)
)
#: ``PREFIX[n][k]``: how many subsets of ``n`` cards have at most ``k`` cards.
PREFIX: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 for j in range(k + 1) for _ in combinations(range(n), j)) for k in range(n + 1))
    for n in range(10)
)
#: ``SIZED[n][k]``: getters for the subsets of exactly ``k`` of ``n`` cards.
SIZED: tuple[tuple[tuple[Getter, ...], ...], ...] = tuple(
    tuple(tuple(subset_getter(p) for p in combinations(range(n), k)) for k in range(n + 1))
    for n in range(10)
)
