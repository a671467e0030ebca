"""The end of a bid whist hand (docs/rules.md#bidwhist-scoring): its books, score, scoresheet line
and result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.base import HandResult
from engine.rules.build import new_result
from engine.rules.cards import suit_str

if TYPE_CHECKING:
    from engine.rules.bidwhist.hand import BidWhistHand


def scored_result(hand: BidWhistHand) -> HandResult:
    """The result of a hand played out: the kitty counts as a book for the side that won the
    first trick."""
    contract = hand.contract
    kitty_side = hand.kitty_book_side
    assert contract is not None and kitty_side is not None
    books = hand.tricks_won[:]
    books[kitty_side] += 1
    # ``Scorer.score`` is the scoring behind ``game.score(facts)`` and ``check_line``.
    score = hand.game.scorer.score(
        contract.bidder, contract.bid, hand.trump is None, books[contract.bidder & 1], hand.tally
    )
    line = {
        "dealer": hand.dealer,
        "bidder": contract.bidder,
        "bid": contract.bid,
        "trump": suit_str(hand.trump),
        "mode": hand.mode,
        "books": list(books),
        "made": score.made,
        "scores_after": list(score.scores_after),
    }
    return new_result(
        outcome="scored",
        score=score,
        line=line,
        trick_winners=tuple([winner for _, _, winner in hand.tricks]),
        books=(books[0], books[1]),
        kitty_book_side=kitty_side,
    )
