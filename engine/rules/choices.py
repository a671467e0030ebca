"""Lazy sequences of discard actions.

A bid whist bidder lays away 4 of 16 cards: 1,820 legal actions. Building them all each time
``legal_actions()`` is called would cost more than the rest of the hand, so discard choices
are sequences that build the action at an index on demand. ``len``, indexing, iteration and
``in`` all work, so callers can treat them as lists.

Two kinds: ``CardSubsets`` works for any sizes and filter (combinatorial unranking), and
``SubsetChoices`` for the hot paths (the auction45 draw, the bid whist kitty discard): each
choice is picked out of the sorted cards by a precomputed getter (``bits.subset_getter``), so
offering the choices costs one small object and taking one a C call and the action's own
constructor.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from math import comb
from typing import overload

from engine.rules.actions import Action, Discard, KittyDiscard
from engine.rules.cards import cards_of

Getter = Callable[[tuple[int, ...]], tuple[int, ...]]


class CardSubsets(Sequence[Action]):
    """Every action ``make(seat, cards)`` where ``cards`` is a subset of ``mask`` whose size is
    in ``sizes``, ordered by size and then lexicographically by canonical card order.

    ``allowed`` (optional) filters subsets; when given, the sequence is materialised once,
    because a filter makes unranking impossible.
    """

    __slots__ = ("_cards", "_filtered", "_make", "_offsets", "_seat", "_sizes", "_total")

    def __init__(
        self,
        make: Callable[[int, tuple[int, ...]], Action],
        seat: int,
        mask: int,
        sizes: Sequence[int],
        allowed: Callable[[tuple[int, ...]], bool] | None = None,
    ) -> None:
        self._make = make
        self._seat = seat
        self._cards = cards_of(mask)
        n = len(self._cards)
        self._sizes = tuple(k for k in sizes if 0 <= k <= n)
        self._offsets: list[int] = []
        total = 0
        for k in self._sizes:
            self._offsets.append(total)
            total += comb(n, k)
        self._total = total
        self._filtered: list[Action] | None = None
        if allowed is not None:
            self._filtered = [
                make(seat, cards)
                for cards in (self._unrank(i) for i in range(total))
                if allowed(cards)
            ]
            self._total = len(self._filtered)

    def _unrank(self, index: int) -> tuple[int, ...]:
        size_index = len(self._offsets) - 1
        while self._offsets[size_index] > index:
            size_index -= 1
        k = self._sizes[size_index]
        rank = index - self._offsets[size_index]
        cards = self._cards
        n = len(cards)
        chosen: list[int] = []
        start = 0
        while k:
            # Count the combinations that begin with cards[start]; skip past them if needed.
            block = comb(n - start - 1, k - 1)
            if rank < block:
                chosen.append(cards[start])
                k -= 1
            else:
                rank -= block
            start += 1
        return tuple(chosen)

    def __len__(self) -> int:
        return self._total

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._total))]
        if index < 0:
            index += self._total
        if not 0 <= index < self._total:
            raise IndexError(index)
        if self._filtered is not None:
            return self._filtered[index]
        return self._make(self._seat, self._unrank(index))

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._total):
            yield self[i]

    def __repr__(self) -> str:
        return f"<{self._total} discard choices>"


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
