"""The end of an auction45 hand (docs/rules.md#auction45-scoring): its score, its scoresheet line,
its result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.base import HandResult
from engine.rules.cards import SUITS

if TYPE_CHECKING:
    from engine.rules.auction45.hand import Auction45Hand
    from engine.rules.auction45.trick import Tricks


def scored_result(hand: Auction45Hand, play: Tricks) -> HandResult:
    """The result of a hand played out: ``play`` holds its tricks and points, the best-trump
    bonus counted."""
    game = hand.game
    contract = hand.contract
    trump = hand.trump
    assert contract is not None and trump is not None
    points = play.points
    best_trump = play.best_trump_card()
    trump_played = best_trump is not None
    max_bid = hand.auction.max_by_side
    tally = hand.tally
    score = game.scorer.score_points(contract.bidder, contract.bid, points, max_bid, tally)
    line: dict[str, Any] = {
        "dealer": hand.dealer,
        "bidder": contract.bidder,
        "bid": contract.bid,
        "trump": SUITS[trump],
        "points": points[:],
    }
    if not trump_played:
        line["no_trump_played"] = True
    if game.line_needs_max_bid:
        line["auction_max_bid"] = max_bid[:]
    line["made"] = score.made
    line["scores_after"] = list(score.scores_after)
    if game.line_needs_sets:
        line["sets_before"] = list(tally.sets)
        line["consecutive_sets_before"] = list(tally.consecutive_sets)
    extra = {
        "best_trump_side": play.best_trump_side if trump_played else None,
        "no_trump_played": not trump_played,
        "went_on_kitty": hand.went_on_kitty,
    }
    return HandResult(
        outcome="scored",
        score=score,
        line=line,
        trick_winners=tuple(play.winners),
        points=tuple(points),
        best_trump=best_trump,
        hands_after_draw=play.after,
        extra=extra,
    )
