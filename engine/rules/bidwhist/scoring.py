"""Bid whist hand scoring and game end (docs/rules.md#bidwhist-scoring, #bidwhist-game-end).

Vocabulary: a *book* is a trick; there are 13 books in a hand, the 12 played tricks and the
*kitty book* formed by the bidder's four discards. ``B`` is the bidding side's books, ``D`` the
other side's (``13 - B``), ``b`` the bid. A *Boston* is a hand in which one side, either one,
won all 13 books.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules.base import HandScore, Tally
from engine.rules.bidwhist.options import BidWhistOptions
from engine.rules.build import new_score, new_tally
from engine.rules.gameend import GameResult, decide_game_end

BOOKS = 13
BOOK = 6  # the books a side needs before any count: a bid of n undertakes 6 + n


def is_no_trump(trump: Any) -> bool:
    """True for the no-trump values of facts: ``"NT"`` (any case) or ``None``."""
    if trump is None:
        return True
    return isinstance(trump, str) and trump.strip().upper() == "NT"


class Scorer:
    """Scoring for one options variant; the game builds it once."""

    __slots__ = ("boston_multiplier", "contract", "no_trump_multiplier", "target")

    def __init__(self, options: BidWhistOptions) -> None:
        self.contract = options.contract_scoring
        self.no_trump_multiplier = options.no_trump_multiplier
        self.boston_multiplier = options.boston_multiplier
        self.target = options.target

    def is_game_over(self, scores: tuple[int, ...]) -> bool:
        """True when ``scores`` end the game: a side at the target or, under contract
        scoring, at or below minus the target (docs/rules.md#bidwhist-game-end)."""
        if not scores:
            return False
        if max(scores) >= self.target:
            return True
        return self.contract and min(scores) <= -self.target

    def game_result(self, scores: tuple[int, ...], bidding_side: int) -> GameResult | None:
        """docs/rules.md#game-end with the bid whist target and loss line (#bidwhist-game-end)."""
        if not self.is_game_over(scores):
            return None
        losers = (
            [side for side, score in enumerate(scores) if score <= -self.target]
            if self.contract
            else ()
        )
        return decide_game_end(
            scores, target=self.target, bidding_side=bidding_side, lost_by_loss_line=losers
        )

    def score(self, bidder: int, bid: int, no_trump: bool, books: int, tally: Tally) -> HandScore:
        """Score a hand in which the bidding side (``bidder``'s) won ``books`` books.

        The caller guarantees a seat 0..3, and ``books`` from 0 to 13.
        """
        side = bidder & 1
        other = side ^ 1
        mult = self.no_trump_multiplier if no_trump else 1
        if books == BOOKS or books == 0:
            mult *= self.boston_multiplier
        made = books >= BOOK + bid
        delta = [0, 0]
        if self.contract:
            if made:
                delta[side] = bid * mult
            else:
                delta[side] = -bid * mult
                defenders = BOOKS - books
                if defenders > BOOK:
                    delta[other] = (defenders - BOOK) * mult
        elif made:
            delta[side] = (books - BOOK) * mult
        else:
            delta[other] = bid * mult
        before = tally.scores
        after = (before[0] + delta[0], before[1] + delta[1])
        return new_score(
            made=made,
            delta=(delta[0], delta[1]),
            scores_after=after,
            result=self.game_result(after, side),
            tally_after=new_tally(
                scores=after, sets=tally.sets, consecutive_sets=tally.consecutive_sets
            ),
        )

    def score_facts(self, facts: Mapping[str, Any], tally: Tally) -> HandScore:
        """Score trusted facts in scoresheet vocabulary: ``bidder``, ``bid``, ``trump``
        (``S H D C NT``) and ``books`` per side, kitty book included."""
        bidder = facts["bidder"]
        return self.score(
            bidder, facts["bid"], is_no_trump(facts["trump"]), facts["books"][bidder & 1], tally
        )
