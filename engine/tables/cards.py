"""A card as the table page shows it: its face, its suit told by symbol and letter, and the
name a screen reader says ("five of hearts"), so no card is told by colour alone."""

from __future__ import annotations

from dataclasses import dataclass

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs", "NT": "No trump"}
RANK_NAMES = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
}
RED = {"H", "D"}
JOKERS = {"BJ": "Big joker", "LJ": "Little joker"}


@dataclass(frozen=True)
class Card:
    """A card as shown: its notation (for actions), its face (``10♥``), its suit's letter
    (empty for a joker) and its spoken name (``ten of hearts``).

    >>> Card.of("TH").spoken
    'ten of hearts'
    """

    code: str
    face: str
    red: bool
    suit: str = ""
    spoken: str = ""

    @classmethod
    def of(cls, code: str) -> Card:
        if code in JOKERS:
            return cls(code, JOKERS[code], code == "BJ", "", JOKERS[code].lower())
        rank, suit = code[:-1], code[-1]
        face = ("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit]
        spoken = f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit].lower()}"
        return cls(code, face, suit in RED, suit, spoken)

    @property
    def named(self) -> str:
        """The card as a button says it: ``5 of hearts``, ``10 of spades``, ``Big joker``."""
        if not self.suit:
            return self.face
        return f"{self.face[:-1]} of {SUIT_NAMES[self.suit].lower()}"
