"""Cards of a mask in canonical order, by table lookup.

``sorted_cards(mask)`` is called for every hand at the draw and after it (auction45, pitch52)
and for every turn of the bid whist play (its legal plays are listed from it);
a bit-by-bit loop such as ``cards.cards_of`` costs several times more than four lookups in
per-suit tables (8,192 tuples per suit, built once at import in a few milliseconds).

``subset_getter`` does the same for the actions of a seat's cards: a set of places in a tuple
(a local mask) picked out in one C call.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TypeVar

T = TypeVar("T")


def subset_getter(pattern: tuple[int, ...]) -> Callable[[tuple[T, ...]], tuple[T, ...]]:
    """A C-level callable picking ``pattern``'s places out of a tuple, as a tuple."""
    if len(pattern) < 2:
        # itemgetter of one index returns the bare item: a slice gives the 1-tuple (or ()).
        start = pattern[0] if pattern else 0
        return itemgetter(slice(start, start + len(pattern)))
    return itemgetter(*pattern)


def _suit_table(suit: int) -> tuple[tuple[int, ...], ...]:
    """``table[bits]``: the cards of ``suit`` whose ranks are the set bits of ``bits``."""
    table: list[tuple[int, ...]] = [()]
    for rank in range(13):
        card = (suit * 13 + rank,)
        table += [cards + card for cards in table]
    return tuple(table)


_SPADES, _HEARTS, _DIAMONDS, _CLUBS = (_suit_table(suit) for suit in range(4))


def sorted_cards(mask: int) -> tuple[int, ...]:
    """The cards of a 52-card mask, in canonical order.

    >>> sorted_cards((1 << 51) | (1 << 13) | 1)
    (0, 13, 51)
    """
    # Two 26-bit halves first: the four lookups then work on one-digit ints, which are cheaper
    # to shift and mask than the 52-bit original.
    low = mask & 0x3FFFFFF
    high = mask >> 26
    return _SPADES[low & 8191] + _HEARTS[low >> 13] + _DIAMONDS[high & 8191] + _CLUBS[high >> 13]


_JOKERS: tuple[tuple[int, ...], ...] = ((), (52,), (53,), (52, 53))


def sorted_cards54(mask: int) -> tuple[int, ...]:
    """The cards of a 54-card mask (jokers included), in canonical order.

    >>> sorted_cards54((1 << 53) | (1 << 52) | 1)
    (0, 52, 53)
    """
    low = mask & 0x3FFFFFF
    high = mask >> 26
    return (
        _SPADES[low & 8191]
        + _HEARTS[low >> 13]
        + _DIAMONDS[high & 8191]
        + _CLUBS[high >> 13 & 8191]
        + _JOKERS[high >> 26]
    )
