"""Lazy lists of discard actions for auction45, cheap enough for random playouts.

The order is the one of ``engine.rules.choices.CardSubsets``: by size, then lexicographically in
canonical card order. A choice is built on demand by a precomputed getter that picks its cards
out of the sorted hand, so offering the 32 discards of a five-card hand costs one small object.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from operator import itemgetter
from typing import TypeVar, overload

from engine.rules.actions import Action, Discard, KittyDiscard
from engine.rules.build import slot_setter

T = TypeVar("T")
Getter = Callable[[tuple[int, ...]], tuple[int, ...]]


def subset_getter(pattern: tuple[int, ...]) -> Callable[[tuple[T, ...]], tuple[T, ...]]:
    """A C-level callable picking ``pattern``'s places out of a tuple, as a tuple."""
    if len(pattern) < 2:
        # itemgetter of one index returns the bare item: a slice gives the 1-tuple (or ()).
        start = pattern[0] if pattern else 0
        return itemgetter(slice(start, start + len(pattern)))
    return itemgetter(*pattern)


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

_new = object.__new__
# The slots of the frozen actions, set directly: cheaper than object.__setattr__ (the dataclass
# __init__ also sorts the cards, which are sorted already here).
_set_seat = slot_setter(Discard, "seat")
_set_cards = slot_setter(Discard, "cards")


def make_cards_action(
    cls: type[Discard] | type[KittyDiscard], seat: int, cards: tuple[int, ...]
) -> Discard | KittyDiscard:
    """An action over cards already sorted, without the dataclass re-sorting them."""
    action = _new(cls)
    _set_seat(action, seat)
    _set_cards(action, cards)
    return action


def subset_choices(
    cls: type[Discard] | type[KittyDiscard],
    seat: int,
    cards: tuple[int, ...],
    getters: tuple[Getter, ...],
    count: int,
) -> SubsetChoices:
    """``SubsetChoices(cls, seat, cards, getters, count)`` without the class call (the draw
    offers one per player per hand, and a class call costs twice these five stores)."""
    choices: SubsetChoices = _new(SubsetChoices)
    choices._cls = cls
    choices._seat = seat
    choices._cards = cards
    choices._getters = getters
    choices._count = count
    return choices


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
        if index.__class__ is int and 0 <= index < self._count:
            action = _new(self._cls)
            _set_seat(action, self._seat)
            _set_cards(action, self._getters[index](self._cards))
            return action
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        index = index.__index__()
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        return self[index]

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._count):
            yield self[i]

    def __repr__(self) -> str:
        return f"<{self._count} {self._cls.type} choices>"
