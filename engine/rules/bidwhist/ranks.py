"""Bid whist card orders (docs/rules.md#bidwhist-declaring) and the tables built from them once, at
import.

Vocabulary: the *mode* is one of ``MODES``; it orders every suit, the trump suit included.
*Trump* is a suit int 0..3 (S H D C) or ``None`` for no trump (``NT``). A *trick table* is a
tuple of 52 ints for one (trump, mode, led suit): a trump's value is above every card of the
suit led, a card of the suit led is ranked by the mode, and any other card is -1 (it cannot
win), so the winner of a trick is the card with the largest value.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rules.actions import BIDWHIST_MODES
from engine.rules.cards import ACE, card
from engine.rules.errors import NotationError, shown

MODES: tuple[str, ...] = BIDWHIST_MODES
UPTOWN, DOWNTOWN_ACES_GOOD, DOWNTOWN_ACES_BAD = MODES

#: Ranks (0 = two … 12 = ace) of every suit, best first, per mode.
MODE_ORDER: dict[str, tuple[int, ...]] = {
    UPTOWN: tuple(range(ACE, -1, -1)),
    DOWNTOWN_ACES_GOOD: (ACE, *range(0, ACE)),
    DOWNTOWN_ACES_BAD: tuple(range(0, ACE + 1)),
}

#: Strength of each rank per mode: 12 for the best rank, 0 for the worst.
MODE_STRENGTH: dict[str, tuple[int, ...]] = {
    mode: tuple(12 - order.index(rank) for rank in range(13)) for mode, order in MODE_ORDER.items()
}

TRUMP_BONUS = 100
NO_TRUMP = 4  # index of ``None`` in the tables below


def trump_index(trump: int | None) -> int:
    """Index of a trump in the tables (0..3 for a suit, ``NO_TRUMP`` for no trump)."""
    return NO_TRUMP if trump is None else trump


def _trick_table(trump: int | None, mode: str, led: int) -> tuple[int, ...]:
    strength = MODE_STRENGTH[mode]
    values = []
    for c in range(52):
        suit, rank = divmod(c, 13)
        if suit == trump:
            values.append(TRUMP_BONUS + strength[rank])
        elif suit == led:
            values.append(strength[rank])
        else:
            values.append(-1)
    return tuple(values)


#: ``TRICK_TABLES[trump_index][mode][led suit]`` -> value per card (see the module docstring).
TRICK_TABLES: tuple[dict[str, tuple[tuple[int, ...], ...]], ...] = tuple(
    {mode: tuple(_trick_table(trump, mode, led) for led in range(4)) for mode in MODES}
    for trump in (0, 1, 2, 3, None)
)


def mode_of(mode: str | None) -> str:
    """A mode id; ``None`` means uptown (the order of ordinary whist).

    Raises:
        NotationError: code ``bad_mode`` for anything else.
    """
    if mode is None:
        return UPTOWN
    if mode not in MODE_STRENGTH:
        raise NotationError("bad_mode", f"mode {shown(mode)} is not one of {', '.join(MODES)}")
    return mode


def rank_order(suit: int, mode: str | None) -> list[int]:
    """The 13 cards of ``suit`` best first in ``mode`` (trump does not change it,
    docs/rules.md#bidwhist-declaring).

    >>> from engine.rules.cards import card_names
    >>> card_names(rank_order(1, "downtown_aces_good"))[:3]
    ['AH', '2H', '3H']
    """
    return [card(rank, suit) for rank in MODE_ORDER[mode_of(mode)]]


def best_place(values: Sequence[int], plays: Sequence[int]) -> int:
    """Index in ``plays`` of the card of highest value in ``values``, a trick table; the first
    such card (no two cards have the same value, but for off-suit ones, which never win)."""
    best = 0
    for index in range(1, len(plays)):
        if values[plays[index]] > values[plays[best]]:
            best = index
    return best


def trick_winner(plays: Sequence[int], trump: int | None, mode: str | None) -> int:
    """Index in ``plays`` (leader first) of the winning card (docs/rules.md#bidwhist-play)."""
    return best_place(TRICK_TABLES[trump_index(trump)][mode_of(mode)][plays[0] // 13], plays)
