"""The end of a pitch52 hand (docs/rules.md#pitch52-points to #pitch52-game-end): its score, its
scoresheet line, its result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.rules.base import Contract, HandResult, Tally
from engine.rules.build import new_result
from engine.rules.cards import SUITS

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52
    from engine.rules.pitch52.play import Trick


def scored_result(
    game: Pitch52,
    contract: Contract,
    *,
    trump: int,
    dealer: int,
    tally: Tally,
    played: tuple[int, ...],
    won: Sequence[int],
    tricks: Sequence[Trick],
    start_cards: tuple[tuple[int, ...], ...],
) -> HandResult:
    """The result of a hand played out: ``played`` and ``won`` are each seat's rank masks of
    the trumps it held at the start of play and of those in the tricks it won."""
    score = game.scorer.score_ranks(contract.bidder, contract.bid, played, won, tally)
    categories = score.categories
    points = score.points
    assert points is not None and categories is not None
    line: dict[str, Any] = {
        "dealer": dealer,
        "bidder": contract.bidder,
        "bid": contract.bid,
        "trump": SUITS[trump],
        "points": list(points),
        "categories": dict(categories),
        "made": score.made,
        "scores_after": list(score.scores_after),
    }
    return new_result(
        outcome="scored",
        score=score,
        line=line,
        trick_winners=tuple([trick[3] for trick in tricks]),
        points=points,
        categories=categories,
        hands_after_draw=start_cards,
    )
