"""The order of the cards in auction45 (docs/rules.md#auction45-cards) as tables built once per
variant.

Vocabulary: the *trumps* are the 13 cards of the trump suit plus the ace of hearts (``AH``),
which is a trump whatever suit is trump. The *effective suit* of a card is "trump" (index 4,
``TRUMP``) for a trump and its printed suit otherwise, so with spades trump ``AH`` is not a
heart at all. A card's *strength* is a small int, higher is better; the winner of a trick is a
``max`` over the strengths of the table for the effective suit led.

``rank_tables(nontrump_ace, ten_as_face, renege)`` returns a ``RankTables`` (cached per
variant) holding one ``TrumpTables`` per trump suit:

- ``trump_order`` / ``nontrump_order[suit]``: best first, as docs/rules.md#auction45-cards prints
  them;
- ``trump_mask``, ``follow_mask[suit]`` (cards whose effective suit is ``suit``);
- ``effective[card]``: 0..3, or ``TRUMP``;
- ``win[led]``: strength per card when the effective suit ``led`` opened the trick — every
  trump above ``TRUMP_BASE``, the led suit's cards from 1 up, everything else 0;
- ``trump_strength[card]``: above ``TRUMP_BASE`` for a trump, 0 otherwise;
- ``privileged[card]``: for a led trump, the mask of renege-set trumps ranking strictly above
  it (docs/rules.md#auction45-play, trump led, option ``renege``);
- ``unprivileged[card]``: the trumps that are not privileged against it;
- ``renege_strength[card]``: the ``trump_strength`` of a trump of the renege set, 0 for any
  other card (a renege trump is privileged against a led trump of lower strength);
- ``lowest_first``: the trumps lowest first (for the ``trumps_only`` kitty discard).
"""

from __future__ import annotations

from functools import cache

from engine.rules.cards import (
    ACE,
    BIT,
    DIAMONDS,
    FIVE,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    RANKS,
    SUIT_MASK,
    TEN,
    card,
)

TRUMP = 4
TRUMP_BASE = 32
ACE_OF_HEARTS = card(ACE, HEARTS)

#: Renege sets of option ``renege`` (docs/rules.md#auction45-play): which trumps may be held back.
RENEGE_RANKS: dict[str, tuple[str, ...]] = {
    "five_jack": ("five", "jack"),
    "five_jack_ah": ("five", "jack", "ace_of_hearts"),
    "five_only": ("five",),
    "none": (),
}

_SPOTS_HIGH_TO_LOW = tuple(range(TEN, -1, -1))  # T 9 8 7 6 5 4 3 2 as rank indexes


def _is_red(suit: int) -> bool:
    return suit in (HEARTS, DIAMONDS)


def _spots(suit: int, ten_as_face: bool, exclude_five: bool) -> list[int]:
    """Spot cards best first: "highest in red, lowest in black" (docs/rules.md#auction45-cards)."""
    ranks = [r for r in _SPOTS_HIGH_TO_LOW if not (exclude_five and r == FIVE)]
    if not _is_red(suit):
        ranks.reverse()  # black: two high down to ten
        if ten_as_face:
            ranks.remove(TEN)
            ranks.insert(0, TEN)
    return [card(r, suit) for r in ranks]


def trump_order(trump: int, ten_as_face: bool = False) -> tuple[int, ...]:
    """The trumps, best first (docs/rules.md#auction45-cards; never depends on ``nontrump_ace``).

    >>> from engine.rules.cards import cards_str
    >>> cards_str(trump_order(0))
    '5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS'
    """
    top = [card(FIVE, trump), card(JACK, trump), ACE_OF_HEARTS]
    if trump != HEARTS:
        top.append(card(ACE, trump))
    top += [card(KING, trump), card(QUEEN, trump)]
    return (*top, *_spots(trump, ten_as_face, exclude_five=True))


def nontrump_order(
    suit: int, nontrump_ace: str = "high", ten_as_face: bool = False
) -> tuple[int, ...]:
    """A suit that is not trump, best first (docs/rules.md#auction45-cards); hearts never hold
    ``AH``.

    >>> from engine.rules.cards import cards_str
    >>> cards_str(nontrump_order(2, "low"))
    'KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD'
    """
    courts = [card(KING, suit), card(QUEEN, suit), card(JACK, suit)]
    spots = _spots(suit, ten_as_face, exclude_five=False)
    if ten_as_face and not _is_red(suit):
        courts.append(spots.pop(0))  # the ten, moved just after the jack
    if suit == HEARTS:
        return (*courts, *spots)
    ace = card(ACE, suit)
    if nontrump_ace == "high":
        return (ace, *courts, *spots)
    if _is_red(suit):
        return (*courts, *spots, ace)
    return (*courts, ace, *spots)


def _strengths(order: tuple[int, ...], base: int) -> list[int]:
    table = [0] * 52
    for position, c in enumerate(order):
        table[c] = base + len(order) - position
    return table


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for c in cards:
        mask |= BIT[c]
    return mask


class TrumpTables:
    """Everything about the cards once ``trump`` is named, for one variant."""

    __slots__ = (
        "effective",
        "follow_mask",
        "lowest_first",
        "nontrump_order",
        "privileged",
        "renege_strength",
        "trump",
        "trump_mask",
        "trump_order",
        "trump_strength",
        "unprivileged",
        "win",
    )

    def __init__(self, trump: int, nontrump_ace: str, ten_as_face: bool, renege: str) -> None:
        self.trump = trump
        self.trump_order = trump_order(trump, ten_as_face)
        self.nontrump_order: tuple[tuple[int, ...], ...] = tuple(
            () if suit == trump else nontrump_order(suit, nontrump_ace, ten_as_face)
            for suit in range(4)
        )
        self.trump_mask = _mask(self.trump_order)
        self.follow_mask: tuple[int, ...] = tuple(
            SUIT_MASK[suit] & ~self.trump_mask for suit in range(4)
        )
        self.effective: tuple[int, ...] = tuple(
            TRUMP if BIT[c] & self.trump_mask else c // 13 for c in range(52)
        )
        trump_strength = _strengths(self.trump_order, TRUMP_BASE)
        self.trump_strength: tuple[int, ...] = tuple(trump_strength)
        win: list[tuple[int, ...]] = []
        for led in range(4):
            table = list(trump_strength)
            for c, value in enumerate(_strengths(self.nontrump_order[led], 0)):
                if value:
                    table[c] = value
            win.append(tuple(table))
        win.append(self.trump_strength)
        self.win: tuple[tuple[int, ...], ...] = tuple(win)
        named = {
            "five": card(FIVE, trump),
            "jack": card(JACK, trump),
            "ace_of_hearts": ACE_OF_HEARTS,
        }
        renege_set = [named[name] for name in RENEGE_RANKS[renege]]
        self.renege_strength: tuple[int, ...] = tuple(
            trump_strength[c] if c in renege_set else 0 for c in range(52)
        )
        self.privileged: tuple[int, ...] = tuple(
            _mask([x for x in renege_set if trump_strength[x] > trump_strength[c]])
            if trump_strength[c]
            else 0
            for c in range(52)
        )
        #: For a led trump: the trumps a player must play if he holds any of them.
        self.unprivileged: tuple[int, ...] = tuple(self.trump_mask & ~p for p in self.privileged)
        self.lowest_first: tuple[int, ...] = tuple(reversed(self.trump_order))


class RankTables:
    """The four ``TrumpTables`` of one variant (``nontrump_ace``, ``ten_as_face``, ``renege``)."""

    __slots__ = ("by_trump",)

    def __init__(self, nontrump_ace: str, ten_as_face: bool, renege: str) -> None:
        self.by_trump: tuple[TrumpTables, ...] = tuple(
            TrumpTables(t, nontrump_ace, ten_as_face, renege) for t in range(4)
        )


@cache
def rank_tables(nontrump_ace: str, ten_as_face: bool, renege: str) -> RankTables:
    """The tables of a variant, built on first use and shared afterwards."""
    return RankTables(nontrump_ace, ten_as_face, renege)


def rank_name(c: int) -> str:
    """Rank letter of a card, for messages."""
    return RANKS[c % 13]
