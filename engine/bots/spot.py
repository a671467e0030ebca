"""A card to play: the small picture the play heuristics of every game work from.

The rule bot builds a ``Spot`` from a view; the search bot builds the same picture while it
plays sampled deals out, so both play by one set of heuristics. A spot holds only what the
seat may know: its cards, the trick, the cards played and the cards it has not seen.

Vocabulary: *unseen* cards are those the seat has neither held nor seen played (they may be in
another hand, the stock or a discard); *after* are the seats still to play to the trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.ranking import TRUMP, Ranking
from engine.rules.cards import BIT


@dataclass(slots=True)
class Spot:
    """A play decision (see the module docstring); ``legal`` holds the playable cards."""

    seat: int
    hand: int
    legal: Sequence[int]
    trick_seats: Sequence[int]
    trick_cards: Sequence[int]
    played: int
    unseen: int
    rank: Ranking
    seat_side: Sequence[int]
    bidder: int
    bid: int
    after: Sequence[int]

    @property
    def side(self) -> int:
        return self.seat_side[self.seat]

    @property
    def bidding(self) -> bool:
        """Whether the seat plays for the side that won the auction."""
        return self.seat_side[self.bidder] == self.side

    @property
    def led_suit(self) -> int:
        return self.rank.effective[self.trick_cards[0]] if self.trick_cards else -1

    def winning(self) -> tuple[int, int, int]:
        """``(seat, card, key)`` of the card taking the trick so far (the trick is not empty)."""
        rank = self.rank
        cards = self.trick_cards
        i = rank.winner(cards)
        card = cards[i]
        return self.trick_seats[i], card, rank.key(card, rank.effective[cards[0]])

    def opponents_after(self) -> bool:
        side = self.side
        return any(self.seat_side[s] != side for s in self.after)

    def best_unseen_key(self, led: int) -> int:
        """The strongest key an unseen card could have in a trick led in ``led``."""
        rank = self.rank
        top = rank.top(self.unseen, TRUMP)
        if top >= 0:
            return rank.power[top]
        if 0 <= led < TRUMP:
            top = rank.top(self.unseen, led)
            if top >= 0:
                return rank.power[top]
        return 0

    def is_sure(self, card: int) -> bool:
        """``card`` beats every unseen card in this trick (or in a trick it leads)."""
        rank = self.rank
        led = self.led_suit if self.trick_cards else rank.effective[card]
        return rank.key(card, led) > self.best_unseen_key(led)

    def holds(self, card: int) -> bool:
        return bool(self.hand & BIT[card])
