"""The sixteen trumps of pitch52 and the cards that score (docs/rules.md#pitch52-cards,
#pitch52-draw, #pitch52-points).

Vocabulary: the *off-jack* is the jack of the other suit of the same colour as trump; the
*trumps* are the 13 cards of the trump suit, the off-jack and both jokers. Everything else is
dead once trump is named: it has no rank and can never be played.

Tables are built once at import, indexed by trump suit (0..3 = S H D C):

- ``TRUMP_ORDER[t]``: the 16 trumps, best first;
- ``RANK[t][card]``: 16 for the best trump down to 1 for the lowest, 0 for a dead card, so the
  winner of a trick is a ``max`` over ints;
- ``RANK_BIT[t][card]``: ``1 << RANK[t][card]`` for a trump, 0 for a dead card. A *rank mask*
  (bits 1 to 16) holds trumps by rank whatever the trump suit: it is a small int, so the
  arithmetic on it is cheap, and the best trump of a rank mask is its highest bit;
- ``CARD_AT_RANK[t][r]``: the trump of rank ``r`` (index 0 unused);
- ``TRUMP_MASK[t]``, ``OFF_JACK[t]``, ``FIRST_LEAD_BARRED[t]`` (jokers and off-jack);
- ``POINT_MASK[scheme][t]``: the point cards of docs/rules.md#pitch52-draw step 3 (excess discards
  under ``non_point``).
"""

from __future__ import annotations

from engine.rules.cards import (
    ACE,
    BIG_JOKER,
    BIT,
    JACK,
    KING,
    LITTLE_JOKER,
    QUEEN,
    SAME_COLOUR,
    SUIT_MASK,
    TEN,
    THREE,
    TWO,
    card,
)


def _order(trump: int) -> tuple[int, ...]:
    off_jack = card(JACK, SAME_COLOUR[trump])
    top = [card(r, trump) for r in (ACE, KING, QUEEN, JACK)]
    rest = [card(r, trump) for r in range(TEN, TWO - 1, -1)]
    return (*top, off_jack, BIG_JOKER, LITTLE_JOKER, *rest)


def _rank(order: tuple[int, ...]) -> tuple[int, ...]:
    rank = [0] * 54
    for position, c in enumerate(order):
        rank[c] = len(order) - position
    return tuple(rank)


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for c in cards:
        mask |= BIT[c]
    return mask


TRUMP_ORDER: tuple[tuple[int, ...], ...] = tuple(_order(t) for t in range(4))
RANK: tuple[tuple[int, ...], ...] = tuple(_rank(order) for order in TRUMP_ORDER)
RANK_BIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 << r if r else 0 for r in rank) for rank in RANK
)
CARD_AT_RANK: tuple[tuple[int, ...], ...] = tuple((-1, *reversed(order)) for order in TRUMP_ORDER)
TRUMP_MASK: tuple[int, ...] = tuple(_mask(order) for order in TRUMP_ORDER)
OFF_JACK: tuple[int, ...] = tuple(card(JACK, SAME_COLOUR[t]) for t in range(4))
JOKERS_MASK = SUIT_MASK[4]
FIRST_LEAD_BARRED: tuple[int, ...] = tuple(JOKERS_MASK | BIT[OFF_JACK[t]] for t in range(4))


def _point_mask(scheme: str, trump: int) -> int:
    ranks = (JACK, THREE) if scheme == "high_low" else (ACE, JACK, TEN, TWO, THREE)
    return _mask([card(r, trump) for r in ranks]) | BIT[OFF_JACK[trump]] | JOKERS_MASK


POINT_MASK: dict[str, tuple[int, ...]] = {
    scheme: tuple(_point_mask(scheme, t) for t in range(4)) for scheme in ("high_low", "card")
}


def trick_winner_index(plays: list[int] | tuple[int, ...], rank: tuple[int, ...]) -> int:
    """Index of the best trump of ``plays`` under the ``rank`` table (0 if none is a trump)."""
    best = 0
    best_rank = -1
    for i, c in enumerate(plays):
        r = rank[c]
        if r > best_rank:
            best, best_rank = i, r
    return best
