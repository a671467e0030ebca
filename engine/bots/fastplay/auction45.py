"""auction45's play phase on masks (docs/rules.md#auction45-play): five tricks, 5 points a
trick and 5 more to the side of the best trump played.

Legality follows ``engine.rules.auction45.play``: a trump led binds a seat holding a trump
that is not privileged against it (the renege set, option ``renege``) to play a trump; a
plain suit led binds, under ``follow_or_trump``, a seat holding that suit to follow or trump;
the opening lead of a 30 or 60 must be a trump when the leader holds one
(``thirty_forces_trump_lead``). The engine's tables (``TrumpTables``) give every card's
effective suit and strength, so the options that reorder the cards need nothing here.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from engine.bots.fastplay.core import MaskState, Scoring
from engine.rules.auction45.play import FREE, card_mask
from engine.rules.auction45.ranks import TRUMP, TRUMP_BASE, TrumpTables
from engine.rules.auction45.trick import TRICK_POINTS, TRICKS, Tricks
from engine.rules.cards import BIT

if TYPE_CHECKING:
    from engine.rules.auction45 import Auction45Hand


class Rules45:
    """What stays fixed for the whole play of one hand: the tables, the seats, the contract
    and its scoring."""

    __slots__ = ("forced", "lead_rule", "next_seat", "scoring", "seat_side", "tables")

    def __init__(self, hand: Auction45Hand, tables: TrumpTables) -> None:
        game = hand.game
        contract = hand.contract
        assert contract is not None
        self.tables = tables
        self.lead_rule: tuple[int, ...] = game.lead_rules[tables.trump]
        self.next_seat: tuple[int, ...] = game.next_seat
        self.seat_side: tuple[int, ...] = game.seat_side
        #: Whether the opening lead must be a trump (when the leader holds one).
        self.forced = contract.bid >= 30 and bool(game.forced_lead[contract.bidder])
        scorer, max_bid, tally = game.scorer, hand.auction.max_by_side[:], hand.tally
        bidder, bid = contract.bidder, contract.bid

        def score(points: Hashable) -> tuple[int, ...]:
            assert isinstance(points, tuple)
            return scorer.score_points(bidder, bid, points, max_bid, tally).delta

        self.scoring = Scoring(score)


class Play45(MaskState):
    """The play of an auction45 hand: per seat its cards; the trick under way with its best
    card so far; the points taken per side and the best trump played."""

    LISTS = ("hands", "trick", "points")
    __slots__ = (
        "best_seat",
        "best_trump",
        "best_trump_side",
        "best_val",
        "done",
        "hands",
        "leader",
        "points",
        "rules",
        "seat_side",
        "to_act",
        "trick",
        "win",
    )

    def __init__(self, hand: Auction45Hand) -> None:
        """The play of ``hand`` (in its play phase) as it stands."""
        tricks = hand.current
        assert isinstance(tricks, Tricks)
        self.rules = Rules45(hand, tricks.tables)
        self.seat_side = self.rules.seat_side
        self.hands = [
            card_mask(cards, left) for cards, left in zip(tricks.after, tricks.left, strict=True)
        ]
        self.trick = list(tricks.trick)
        self.leader = tricks.leader
        self.to_act = tricks.to_act
        self.win: tuple[int, ...] = tricks.win
        self.best_val = tricks.best_val
        self.best_seat = tricks.best_seat
        self.done = len(tricks.done)
        self.points = list(tricks.points)
        self.best_trump = tricks.best_trump
        self.best_trump_side = tricks.best_trump_side

    def legal(self) -> int:
        held = self.hands[self.to_act]
        tables = self.rules.tables
        trumps = held & tables.trump_mask
        if not self.trick:
            if self.done == 0 and self.rules.forced and trumps:
                return trumps
            return held
        led = self.trick[0]
        rule = self.rules.lead_rule[led]
        if rule == FREE:
            return held
        if rule == TRUMP:
            return trumps if held & tables.unprivileged[led] else held
        follow = held & tables.follow_mask[rule]
        return follow | trumps if follow else held

    def play(self, card: int) -> None:
        seat = self.to_act
        self.hands[seat] ^= BIT[card]
        if not self.trick:
            tables = self.rules.tables
            self.win = tables.win[tables.effective[card]]
            self.best_val = self.win[card]
            self.best_seat = seat
        elif self.win[card] > self.best_val:
            self.best_val = self.win[card]
            self.best_seat = seat
        self.trick.append(card)
        following = self.rules.next_seat[seat]
        if following == self.leader:
            self._end_trick()
        else:
            self.to_act = following

    def _end_trick(self) -> None:
        """The best card takes the trick: 5 points to its side, and it leads next."""
        winner = self.best_seat
        side = self.seat_side[winner]
        self.points[side] += TRICK_POINTS
        if self.best_val > self.best_trump:  # best_trump starts at TRUMP_BASE: only trumps
            self.best_trump = self.best_val
            self.best_trump_side = side
        self.done += 1
        self.trick = []
        self.leader = winner
        self.to_act = winner if self.done < TRICKS else -1

    def delta(self) -> tuple[int, ...]:
        points = self.points[:]
        if self.best_trump != TRUMP_BASE:
            points[self.best_trump_side] += TRICK_POINTS
        return self.rules.scoring.delta(tuple(points))
