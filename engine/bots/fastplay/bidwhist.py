"""Bid whist's play phase on masks (docs/rules.md#bidwhist-play): twelve tricks, follow suit
when you can; the books per side, the kitty book included, make the score.

The trick tables are the engine's (``engine.rules.bidwhist.ranks.TRICK_TABLES``): one per
trump (or no trump), mode and suit led, so uptown, downtown and no trump need nothing here.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from engine.bots.fastplay.core import MaskState, Scoring
from engine.rules.bidwhist.play import NEXT, TRICKS, Tricks
from engine.rules.cards import BIT, SUIT_MASK

if TYPE_CHECKING:
    from engine.rules.bidwhist import BidWhistHand

#: Sides of a bid whist table, by seat.
SEAT_SIDE: tuple[int, ...] = (0, 1, 0, 1)


class RulesWhist:
    """What stays fixed for the whole play: the trick tables, the kitty book and scoring."""

    __slots__ = ("bidding_side", "kitty_to_bidder", "scoring", "values")

    def __init__(self, hand: BidWhistHand, values: tuple[tuple[int, ...], ...]) -> None:
        contract = hand.contract
        assert contract is not None
        self.values = values
        self.bidding_side = contract.bidder & 1
        self.kitty_to_bidder = hand.game.options.kitty_book == "bidder"
        scorer, tally, no_trump = hand.game.scorer, hand.tally, hand.trump is None
        bidder, bid = contract.bidder, contract.bid

        def score(books: Hashable) -> tuple[int, ...]:
            assert isinstance(books, int)
            return scorer.score(bidder, bid, no_trump, books, tally).delta

        self.scoring = Scoring(score)


class PlayWhist(MaskState):
    """The play of a bid whist hand: per seat its cards, the trick under way with its best
    card so far, the books per side and the side of the first trick's winner."""

    LISTS = ("hands", "trick", "books")
    __slots__ = (
        "best_seat",
        "best_val",
        "books",
        "done",
        "first_side",
        "hands",
        "leader",
        "led",
        "rules",
        "seat_side",
        "to_act",
        "trick",
        "win",
    )

    def __init__(self, hand: BidWhistHand) -> None:
        """The play of ``hand`` (in its play phase) as it stands."""
        tricks = hand.current
        assert isinstance(tricks, Tricks)
        self.rules = RulesWhist(hand, tricks.values)
        self.seat_side = SEAT_SIDE
        self.hands = tricks.hands[:]
        self.leader = tricks.leader
        self.to_act = tricks.to_act
        self.done = len(tricks.tricks)
        self.books = tricks.tricks_won[:]
        self.first_side = tricks.tricks[0][2] & 1 if tricks.tricks else -1
        self.trick: list[int] = []
        self.led = 0
        self.win: tuple[int, ...] = ()
        self.best_val = self.best_seat = 0
        seat = self.leader
        for card in tricks.trick:  # the trick under way, replayed from its lead
            self.to_act = seat
            self.hands[seat] |= BIT[card]
            self.play(card)
            seat = NEXT[seat]

    def legal(self) -> int:
        held = self.hands[self.to_act]
        follow = held & self.led
        return follow if follow else held

    def play(self, card: int) -> None:
        seat = self.to_act
        self.hands[seat] ^= BIT[card]
        if not self.trick:
            suit = card // 13
            self.led = SUIT_MASK[suit]
            self.win = self.rules.values[suit]
            self.best_val = self.win[card]
            self.best_seat = seat
        elif self.win[card] > self.best_val:
            self.best_val = self.win[card]
            self.best_seat = seat
        self.trick.append(card)
        following = NEXT[seat]
        if following == self.leader:
            self._end_trick()
        else:
            self.to_act = following

    def _end_trick(self) -> None:
        """The best card takes the trick (a book for its side) and leads next."""
        winner = self.best_seat
        side = winner & 1
        self.books[side] += 1
        if self.first_side < 0:
            self.first_side = side
        self.done += 1
        self.trick = []
        self.led = 0
        self.leader = winner
        self.to_act = winner if self.done < TRICKS else -1

    def delta(self) -> tuple[int, ...]:
        """The kitty book goes to the bidding side or to the first trick's winner's
        (option ``kitty_book``)."""
        rules = self.rules
        books = self.books[rules.bidding_side]
        if rules.kitty_to_bidder or self.first_side == rules.bidding_side:
            books += 1
        return rules.scoring.delta(books)
