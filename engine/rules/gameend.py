"""The shared game-end procedure of docs/rules.md#game-end.

Each game supplies its target and which sides have lost (by loss line or set limit); this
module turns that into the result. It runs after every scored hand, with the new scores.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: the winning side(s) and the docs/rules.md#game-end reason.

    ``reason`` is one of ``target``, ``bidder_out_first``, ``highest_score``, ``loss_line``,
    ``set_limit``.
    """

    winners: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason}


def decide_game_end(
    scores: Sequence[int],
    *,
    target: int,
    bidding_side: int | None,
    lost_by_loss_line: Collection[int] = (),
    lost_by_set_limit: Collection[int] = (),
) -> GameResult | None:
    """Apply docs/rules.md#game-end to the scores after a hand; ``None`` while the game goes on.

    ``bidding_side`` is ``None`` for a hand without a contract (thrown in).
    """
    reached = [side for side, score in enumerate(scores) if score >= target]
    if bidding_side is not None and bidding_side in reached:
        return GameResult((bidding_side,), "target" if len(reached) == 1 else "bidder_out_first")
    if reached:
        best = max(scores[side] for side in reached)
        winners = tuple(side for side in reached if scores[side] == best)
        return GameResult(winners, "target" if len(reached) == 1 else "highest_score")
    losers = set(lost_by_loss_line) | set(lost_by_set_limit)
    if losers:
        reason = "loss_line" if lost_by_loss_line else "set_limit"
        alive = [side for side in range(len(scores)) if side not in losers]
        if not alive:
            return GameResult((), reason)
        best = max(scores[side] for side in alive)
        return GameResult(tuple(side for side in alive if scores[side] == best), reason)
    return None
