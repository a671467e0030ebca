"""Sequences of discard actions.

A bid whist bidder lays away 4 of 16 cards: 1,820 legal actions. Building them all each time
``legal_actions()`` is called would cost more than the rest of the hand, so the discards of the
hot paths (the auction45 draw and kitty discard, the bid whist kitty discard) are a lazy
sequence, ``SubsetChoices``, that builds the action at an index on demand: each choice is picked
out of the sorted cards by a precomputed getter (``bits.subset_getter``), so offering the
choices costs one small object and taking one a C call and the action's own constructor.
``len``, indexing, iteration and ``in`` all work, so callers can treat them as lists.

``CardSubsets`` serves the rare rest (any sizes, an optional filter) and builds its actions in
full.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import overload

from engine.rules.actions import Action, Discard, KittyDiscard
from engine.rules.cards import cards_of

Getter = Callable[[tuple[int, ...]], tuple[int, ...]]


class CardSubsets(Sequence[Action]):
    """Every action ``make(seat, cards)`` where ``cards`` is a subset of ``mask`` whose size is
    in ``sizes``, ordered by size and then lexicographically by canonical card order;
    ``allowed`` (optional) filters the subsets. Built in full: its callers are rare (pitch52's
    excess trumps; bid whist's kitty discard when the bidder does not hold sixteen cards)."""

    __slots__ = ("_actions",)

    def __init__(
        self,
        make: Callable[[int, tuple[int, ...]], Action],
        seat: int,
        mask: int,
        sizes: Sequence[int],
        allowed: Callable[[tuple[int, ...]], bool] | None = None,
    ) -> None:
        cards = cards_of(mask)
        self._actions = tuple(
            make(seat, chosen)
            for k in sizes
            if k >= 0
            for chosen in combinations(cards, k)
            if allowed is None or allowed(chosen)
        )

    def __len__(self) -> int:
        return len(self._actions)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._actions[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __repr__(self) -> str:
        return f"<{len(self._actions)} discard choices>"


class SubsetChoices(Sequence[Action]):
    """``cls(seat, chosen cards)`` for the first ``count`` getters applied to ``cards``."""

    __slots__ = ("_cards", "_cls", "_count", "_getters", "_seat")

    def __init__(
        self,
        cls: type[Discard] | type[KittyDiscard],
        seat: int,
        cards: tuple[int, ...],
        getters: tuple[Getter, ...],
        count: int,
    ) -> None:
        self._cls = cls
        self._seat = seat
        self._cards = cards
        self._getters = getters
        self._count = count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        return self._cls(self._seat, self._getters[index](self._cards))

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._count):
            yield self[i]

    def __repr__(self) -> str:
        return f"<{self._count} {self._cls.type} choices>"
