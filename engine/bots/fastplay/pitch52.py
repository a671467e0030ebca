"""pitch52's play phase on masks (docs/rules.md#pitch52-play): every card in hand is a trump,
tricks go on until nobody holds one, the best trump takes each trick.

The score comes from rank masks as the engine keeps them (``engine.rules.pitch52.ranks``):
per seat, the trumps it held when play began and those in the tricks it won; the game's scorer
reads high, low, jack, game (or the card scheme) from them. Who plays to a trick, the lead
passing over the seats out of trumps, is the engine's trick plan (``Pitch52.plans``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from engine.bots.fastplay.core import MaskState, Scoring
from engine.rules.cards import BIT
from engine.rules.pitch52.play import Tricks
from engine.rules.pitch52.ranks import FIRST_LEAD_BARRED, RANK_BIT
from engine.rules.pitch52.seats import TrickPlan

if TYPE_CHECKING:
    from engine.rules.pitch52 import Pitch52Hand


class RulesPitch:
    """What stays fixed for the whole play: trick plans, ranks, the opening rule, scoring."""

    __slots__ = ("barred", "plans", "rank_bit", "scoring")

    def __init__(self, hand: Pitch52Hand, tricks: Tricks) -> None:
        game = hand.game
        contract = hand.contract
        assert contract is not None
        self.plans: tuple[tuple[TrickPlan, ...], ...] = game.plans
        self.rank_bit: tuple[int, ...] = RANK_BIT[tricks.trump]
        #: Cards barred from the opening lead while the leader holds another trump.
        self.barred = FIRST_LEAD_BARRED[tricks.trump] if game.first_lead_restricted else 0
        scorer, tally, played = game.scorer, hand.tally, tricks.played
        bidder, bid = contract.bidder, contract.bid

        def score(won: Hashable) -> tuple[int, ...]:
            assert isinstance(won, tuple)
            return scorer.score_ranks(bidder, bid, played, won, tally).delta

        self.scoring = Scoring(score)


class PlayPitch(MaskState):
    """The play of a pitch52 hand: per seat its trumps, the seats still holding one, the
    trick under way (its rank mask and best card's seat) and each seat's rank mask won."""

    LISTS = ("hands", "won")
    __slots__ = (
        "best_bit",
        "best_seat",
        "following",
        "hands",
        "holders",
        "leader",
        "opening",
        "rules",
        "seat_side",
        "to_act",
        "trick_bits",
        "won",
    )

    def __init__(self, hand: Pitch52Hand) -> None:
        """The play of ``hand`` (in its play phase) as it stands."""
        tricks = hand.current
        assert isinstance(tricks, Tricks)
        self.rules = RulesPitch(hand, tricks)
        self.seat_side = hand.game.seating.seat_side
        self.hands = tricks.hands[:]
        self.holders = tricks.holders
        self.won = tricks.won[:]
        self.opening = tricks.opening
        self.leader = tricks.leader
        self.following: Sequence[int] = tricks.following
        self.to_act = -1 if tricks.to_act is None else tricks.to_act
        self.trick_bits = tricks.trick_bits
        self.best_bit = self.best_seat = 0
        rank_bit = self.rules.rank_bit
        for seat, card in zip(tricks.trick_seats, tricks.trick_cards, strict=False):
            if rank_bit[card] > self.best_bit:
                self.best_bit, self.best_seat = rank_bit[card], seat

    def legal(self) -> int:
        """Any trump held; on the opening lead, no joker or off-jack while the leader holds
        another trump (option ``first_lead_restricted``)."""
        held = self.hands[self.to_act]
        if self.opening:
            allowed = held & ~self.rules.barred
            if allowed:
                return allowed
        return held

    def play(self, card: int) -> None:
        seat = self.to_act
        self.opening = False
        left = self.hands[seat] = self.hands[seat] ^ BIT[card]
        if not left:
            self.holders ^= 1 << seat
        bit = self.rules.rank_bit[card]
        self.trick_bits |= bit
        if bit > self.best_bit:
            self.best_bit, self.best_seat = bit, seat
        following = self.following[seat]
        if following == self.leader:
            self._end_trick()
        else:
            self.to_act = following

    def _end_trick(self) -> None:
        """The best trump takes the trick's cards (their ranks); its seat leads next, the lead
        passing left over the seats out of trumps; nobody holding one ends the play."""
        winner = self.best_seat
        self.won[winner] |= self.trick_bits
        self.trick_bits = self.best_bit = 0
        if not self.holders:
            self.to_act = -1
            return
        self.leader, _, _, self.following = self.rules.plans[winner][self.holders]
        self.to_act = self.leader

    def delta(self) -> tuple[int, ...]:
        return self.rules.scoring.delta(tuple(self.won))
