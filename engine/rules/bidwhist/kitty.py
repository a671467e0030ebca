"""The kitty of bid whist (docs/rules.md#bidwhist-kitty): once trump is named the bidder takes
the four kitty cards into his hand, then lays four of his sixteen away.

``Kitty`` is the phase after the declaration: taking the kitty is automatic, the discard is the
bidder's one action. His 1,820 choices are a lazy ``SubsetChoices``: a getter per choice of four
places among sixteen, built once at import, picks each out of his sorted cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.rules.actions import Action, KittyDiscard
from engine.rules.bits import sorted_cards, subset_getter
from engine.rules.cards import BIT
from engine.rules.choices import SubsetChoices
from engine.rules.errors import IllegalActionError
from engine.rules.words import seat_name

#: Cards in the kitty, and so cards the bidder lays away.
KITTY = 4

#: Cards the bidder holds once he has taken the kitty.
HELD = 12 + KITTY

#: The bidder's discards, in the order of ``CardSubsets``: a getter per choice of ``KITTY`` of
#: the ``HELD`` cards he holds, in canonical order.
_DISCARDS = tuple(subset_getter(places) for places in combinations(range(HELD), KITTY))


def held_once(hand: int, cards: Sequence[object]) -> int | None:
    """The mask of ``cards`` if every one is a card of ``hand``, none listed twice; else
    ``None``."""
    mask = 0
    for c in cards:
        if not (isinstance(c, int) and 0 <= c < 52) or not hand & BIT[c] or mask & BIT[c]:
            return None
        mask |= BIT[c]
    return mask


class Kitty:
    """The bidder's taking of the kitty and his discard: ``discards`` is 0 until he lays
    them away."""

    __slots__ = ("discards", "hands", "offered", "to_act")

    hands: list[int]
    to_act: int
    offered: Sequence[Action]
    discards: int

    def __init__(self, bidder: int, hands: list[int], kitty: int) -> None:
        """The bidder takes ``kitty`` (a mask) into his hand, one of ``hands``."""
        hands[bidder] |= kitty
        self.hands = hands
        self.to_act = bidder
        self.discards = 0
        cards = sorted_cards(hands[bidder])
        self.offered = SubsetChoices(KittyDiscard, bidder, cards, _DISCARDS, len(_DISCARDS))

    def copy(self, hands: list[int]) -> Kitty:
        """A copy working on ``hands``, the copy of the hand's."""
        new = Kitty.__new__(Kitty)
        for name in Kitty.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = hands
        return new

    def check(self, action: KittyDiscard) -> int:
        """The mask of the discard if the bidder may lay those cards away.

        Raises:
            IllegalActionError: ``not_in_hand``, ``bad_discard_count``.
        """
        mask = held_once(self.hands[action.seat], action.cards)
        if mask is None:
            raise IllegalActionError(
                "not_in_hand",
                f"{seat_name(action.seat)} can only discard cards he holds, each once "
                "(rules of bid whist books)",
            )
        if len(action.cards) != KITTY:
            raise IllegalActionError(
                "bad_discard_count",
                f"the bidder lays away exactly 4 cards, not {len(action.cards)} "
                "(rules of bid whist books)",
            )
        return mask

    def take(self, action: Action) -> bool | None:
        """Lay the bidder's discard away: the phase is then over.

        Raises:
            IllegalActionError: the refusals of ``check``; nothing has changed then.
        """
        if action.__class__ is not KittyDiscard or action.seat != self.to_act:
            return None
        mask = self.check(action)
        self.hands[action.seat] ^= mask
        self.discards = mask
        return True
