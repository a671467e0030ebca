"""Cards as small ints, sets of cards as int bitmasks.

Vocabulary: a *card* is an int. The 52 ordinary cards are ``suit * 13 + rank`` with suits in
canonical order ``S H D C`` (0..3) and ranks ``2 3 4 5 6 7 8 9 T J Q K A`` (0..12); the jokers
are ``BJ`` (52) and ``LJ`` (53). Because of this numbering, sorting card ints gives the
canonical order of docs/rules.md#cards (suits S, H, D, C; ranks ascending; ``BJ`` then ``LJ``).

A *mask* is an int whose bit ``c`` is set when card ``c`` is in the set. Masks make legality
checks a handful of ``&`` and ``|`` operations instead of loops over lists.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter

from engine.rules.errors import NotationError, shown

SUITS = "SHDC"
RANKS = "23456789TJQKA"

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
JOKER_SUIT = 4
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)

BIG_JOKER = 52
LITTLE_JOKER = 53

BIT: tuple[int, ...] = tuple(1 << c for c in range(54))
SUIT_MASK: tuple[int, ...] = (
    0x1FFF,
    0x1FFF << 13,
    0x1FFF << 26,
    0x1FFF << 39,
    BIT[BIG_JOKER] | BIT[LITTLE_JOKER],
)
DECK_52 = (1 << 52) - 1
DECK_54 = (1 << 54) - 1

#: The other suit of the same colour (S<->C, H<->D).
SAME_COLOUR: tuple[int, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES)
RED_SUITS = frozenset({HEARTS, DIAMONDS})

CARD_NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + ("BJ", "LJ")
_CARD_BY_NAME: dict[str, int] = {name: c for c, name in enumerate(CARD_NAMES)}


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (0 = two … 12 = ace) in ``suit`` (0 = spades … 3 = clubs)."""
    return suit * 13 + rank


def suit_of(c: int) -> int:
    """Printed suit of a card; ``JOKER_SUIT`` for the jokers."""
    return c // 13 if c < 52 else JOKER_SUIT


def rank_of(c: int) -> int:
    """Rank index of an ordinary card (0 = two … 12 = ace)."""
    return c % 13


def card_str(c: int) -> str:
    """A card as docs/rules.md#cards writes it.

    >>> card_str(parse_card("TS"))
    'TS'
    """
    return CARD_NAMES[c]


def parse_card(text: str) -> int:
    """Read one card written as in docs/rules.md#cards (``5H``, ``TS``, ``BJ``); case-insensitive.

    Raises:
        NotationError: ``text`` is not a card.
    """
    if isinstance(text, str):
        found = _CARD_BY_NAME.get(text.strip().upper())
        if found is not None:
            return found
    raise NotationError(
        "bad_card",
        f"{shown(text)} is not a card: write rank then suit, ranks 2-9 T J Q K A, suits S H D C "
        "(jokers BJ and LJ), for example 5H, TS, AC",
    )


def parse_cards(items: Iterable[str] | str) -> tuple[int, ...]:
    """Read a list of cards, keeping order and duplicates (callers decide what a repeat means).

    A string is split on whitespace and commas: ``"5H JH AH"``.
    """
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    return tuple(parse_card(item) for item in items)


def mask_of(cards: Iterable[int]) -> int:
    """Bitmask of a collection of cards (duplicates collapse)."""
    mask = 0
    for c in cards:
        mask |= BIT[c]
    return mask


def cards_mask(cards: Sequence[int]) -> int:
    """Bitmask of distinct cards (a deal's, a discard already checked): their bits are
    disjoint, so they add up, and ``itemgetter`` gathers them in one call."""
    if len(cards) > 1:
        return sum(itemgetter(*cards)(BIT))
    return BIT[cards[0]] if cards else 0


def cards_of(mask: int) -> list[int]:
    """Cards of a mask in canonical order."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_str(cards: Iterable[int]) -> str:
    """Space-separated notation of cards, in the order given."""
    return " ".join(CARD_NAMES[c] for c in cards)


def mask_str(mask: int) -> str:
    """Space-separated notation of a mask, in canonical order."""
    return cards_str(cards_of(mask))


def card_names(cards: Iterable[int]) -> list[str]:
    """Notation of each card, in the order given (handy for JSON)."""
    return [CARD_NAMES[c] for c in cards]


def _suit_or_none(text: object, allow_nt: bool) -> tuple[bool, int | None]:
    if isinstance(text, str):
        t = text.strip().upper()
        if len(t) == 1 and t in SUITS:
            return True, SUITS.index(t)
        if allow_nt and t == "NT":
            return True, None
    return False, None


def parse_suit(text: str, *, allow_nt: bool = False) -> int | None:
    """Read a suit letter; ``NT`` gives ``None`` when allowed.

    Raises:
        NotationError: not a suit (code ``bad_suit``; a trump is read by ``parse_trump``).
    """
    found, suit = _suit_or_none(text, allow_nt)
    if found:
        return suit
    allowed = "S H D C" + (" NT" if allow_nt else "")
    raise NotationError("bad_suit", f"{shown(text)} is not a suit; allowed: {allowed}")


def parse_trump(text: str, *, allow_nt: bool = False) -> int | None:
    """Read a trump: a suit letter, or ``NT`` (``None``) when allowed.

    A trump written as no suit at all (``X``, ``N``) is a trump that is not allowed, which
    docs/rules.md#action-codes calls ``bad_trump``, as it does ``NT`` outside bid whist.

    Raises:
        NotationError: not a trump (code ``bad_trump``).
    """
    found, suit = _suit_or_none(text, allow_nt)
    if found:
        return suit
    allowed = "S H D C" + (" NT" if allow_nt else "")
    raise NotationError("bad_trump", f"{shown(text)} is not a trump; allowed: {allowed}")


def suit_str(suit: int | None) -> str:
    """Letter of a suit; ``None`` (no trump) prints ``NT``."""
    return "NT" if suit is None else SUITS[suit]


class CardSet:
    """Read-only set of cards over a mask, for code that wants set syntax.

    Engine hot paths use raw masks; this wrapper is for callers (views, tests, bots) that
    want ``in``, ``len``, iteration and printing as docs/rules.md#cards does.

    >>> s = CardSet.parse("AH 5H JH")
    >>> str(s), len(s), parse_card("5H") in s
    ('5H JH AH', 3, True)
    """

    __slots__ = ("mask",)

    def __init__(self, mask: int = 0) -> None:
        self.mask = mask

    @classmethod
    def parse(cls, text: Iterable[str] | str) -> CardSet:
        return cls(mask_of(parse_cards(text)))

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        return cls(mask_of(cards))

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 54 and bool(self.mask & BIT[c])

    def __iter__(self) -> Iterator[int]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return mask_str(self.mask)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
