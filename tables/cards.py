"""A card as the table page shows it: its face, its suit told by symbol and letter, and the
name a screen reader says ("five of hearts"), so no card is told by colour alone.

Names are read in the active language when a card is made (``Card.of``): a screen is built
under its reader's language, so the same card is "five of hearts" to one reader and "cinq de
cœur" to another. There are 54 cards and a few languages: each card is made once per language
and kept (every screen of every action shows a hand of them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, override, pgettext_lazy

from club.wording import SUIT_LETTERS

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
#: A card's name from its rank's name (or its face's number), by suit: "{rank} of hearts".
CARD_NAMES: dict[str, Promise] = {
    "S": pgettext_lazy("card", "{rank} of spades"),
    "H": pgettext_lazy("card", "{rank} of hearts"),
    "D": pgettext_lazy("card", "{rank} of diamonds"),
    "C": pgettext_lazy("card", "{rank} of clubs"),
}
RANK_NAMES: dict[str, Promise] = {
    "A": pgettext_lazy("card rank", "ace"),
    "K": pgettext_lazy("card rank", "king"),
    "Q": pgettext_lazy("card rank", "queen"),
    "J": pgettext_lazy("card rank", "jack"),
    "T": pgettext_lazy("card rank", "ten"),
    "9": pgettext_lazy("card rank", "nine"),
    "8": pgettext_lazy("card rank", "eight"),
    "7": pgettext_lazy("card rank", "seven"),
    "6": pgettext_lazy("card rank", "six"),
    "5": pgettext_lazy("card rank", "five"),
    "4": pgettext_lazy("card rank", "four"),
    "3": pgettext_lazy("card rank", "three"),
    "2": pgettext_lazy("card rank", "two"),
}
RED = {"H", "D"}
JOKERS: dict[str, Promise] = {"BJ": gettext_lazy("Big joker"), "LJ": gettext_lazy("Little joker")}


@dataclass(frozen=True)
class Card:
    """A card as shown: its notation (for actions), its face (``10♥``), its suit's letter
    (``H``; ``C``, for cœur, in French; empty for a joker), its spoken name (``ten of hearts``)
    and its name as a button says it (``10 of hearts``), all in the active language.

    >>> Card.of("TH").spoken
    'ten of hearts'
    """

    code: str
    face: str
    red: bool
    suit: str = ""
    spoken: str = ""
    named: str = ""

    @classmethod
    def of(cls, code: str) -> Card:
        """The card ``code`` named in the active language."""
        return _card_in(code, get_language())


@lru_cache(maxsize=1024)
def _card_in(code: str, language: str | None) -> Card:
    with override(language):
        if code in JOKERS:
            name = str(JOKERS[code])
            return Card(code, name, code == "BJ", "", name.lower(), name)
        rank, suit = code[:-1], code[-1]
        number = "10" if rank == "T" else rank
        face = number + SUIT_SYMBOLS[suit]
        spoken = str(CARD_NAMES[suit]).format(rank=RANK_NAMES.get(rank, rank))
        named = str(CARD_NAMES[suit]).format(rank=number)
        return Card(code, face, suit in RED, str(SUIT_LETTERS[suit]), spoken, named)
