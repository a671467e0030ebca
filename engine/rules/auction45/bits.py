"""Cards of a mask in canonical order, by table lookup.

``sorted_cards(mask)`` is called for every hand at the draw and after it; a bit-by-bit loop
costs several times more than four lookups in per-suit tables (8,192 tuples per suit, built
once at import in a few milliseconds).
"""

from __future__ import annotations


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
    return (
        _SPADES[mask & 8191]
        + _HEARTS[mask >> 13 & 8191]
        + _DIAMONDS[mask >> 26 & 8191]
        + _CLUBS[mask >> 39 & 8191]
    )
