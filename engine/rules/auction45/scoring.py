"""Hand scoring and game end of auction45 (RULES.md 1.9, 1.10, 0.4).

Vocabulary: ``P`` is the bidding side's trick points (bonus included), ``b`` the bid. A hand is
*made* when ``P >= min(b, 30)``; otherwise the bidding side is *set*. The *count rule* stops a
non-bidding side at or above ``count_threshold`` from scoring its points, unless option
``count_rule`` (or ``count_hole_exception``) releases it.

``Scorer.score`` (``score_points`` with the facts as arguments) is the one scoring function:
played hands call it with their facts, and ``check_line`` calls it once a written line is valid.
Facts are trusted here. Scores are immutable values, so equal facts share one result: a small
cache keyed by everything a score depends on (bidding side, bid, points, the auction's highest
calls when the count rule reads them, and the tally).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.rules.auction45.options import Auction45Options
from engine.rules.base import HandScore, Tally
from engine.rules.gameend import GameResult, decide_game_end

_CACHE_SIZE = 4096


class Scorer:
    """Scoring for one game's options and seating."""

    __slots__ = (
        "_cache",
        "bidder_only",
        "consecutive_set_limit",
        "count_rule",
        "hole_exception",
        "loss_line",
        "needs_max_bid",
        "seat_side",
        "set_limit",
        "sides",
        "target",
        "thirty_for_sixty",
        "threshold",
    )

    def __init__(self, options: Auction45Options, seat_side: tuple[int, ...]) -> None:
        self.seat_side = seat_side
        self.sides = max(seat_side) + 1
        self.thirty_for_sixty = options.thirty_for_sixty
        self.count_rule = options.count_rule
        self.bidder_only = options.count_rule == "bidder_only"
        self.threshold = options.count_threshold
        self.hole_exception = options.count_hole_exception
        self.target = options.target
        self.loss_line = options.loss_line
        self.set_limit = options.set_limit
        self.consecutive_set_limit = options.consecutive_set_limit
        self.needs_max_bid = options.count_rule in ("made_a_bid", "bid_20")
        #: Scores already worked out, by everything they depend on (scores are immutable).
        self._cache: dict[tuple[Any, ...], HandScore] = {}

    def counts(self, side: int, scores: Sequence[int], max_bid: Sequence[int] | None) -> bool:
        """Does non-bidding ``side`` score its points this hand? (RULES.md 1.9 count rule)"""
        rule = self.count_rule
        if rule == "none" or scores[side] < self.threshold:
            return True
        if self.hole_exception and all(
            score < 0 for other, score in enumerate(scores) if other != side
        ):
            return True
        if rule == "bidder_only":
            return False
        called = max_bid[side] if max_bid is not None else 0
        return called >= 20 if rule == "bid_20" else called > 0

    def score(self, facts: Mapping[str, Any], tally: Tally) -> HandScore:
        """Score a hand from ``bidder``, ``bid``, ``points`` and the optional
        ``auction_max_bid`` (``trump`` and ``no_trump_played`` do not change the score)."""
        return self.score_points(
            facts["bidder"], facts["bid"], facts["points"], facts.get("auction_max_bid"), tally
        )

    def score_points(
        self,
        bidder: int,
        bid: int,
        points: Sequence[int],
        max_bid: Sequence[int] | None,
        tally: Tally,
    ) -> HandScore:
        """``score`` with the facts as arguments; equal facts give the same (shared) score.

        The same few splits of 30 points recur from equal scores all the time (every game
        starts at zero), so results are kept, up to a few thousand.
        """
        bidding_side = self.seat_side[bidder]
        key = (
            bidding_side,
            bid,
            tuple(points),
            tuple(max_bid) if self.needs_max_bid and max_bid is not None else None,
            tally.scores,
            tally.sets,
            tally.consecutive_sets,
        )
        found = self._cache.get(key)
        if found is None:
            found = self._score(bidding_side, bid, points, max_bid, tally)
            if len(self._cache) >= _CACHE_SIZE:
                self._cache.clear()
            self._cache[key] = found
        return found

    def _score(
        self,
        bidding_side: int,
        bid: int,
        points: Sequence[int],
        max_bid: Sequence[int] | None,
        tally: Tally,
    ) -> HandScore:
        taken = points[bidding_side]
        made = taken >= (30 if bid >= 30 else bid)
        if not made:
            bidder_delta = -bid
        elif bid == 60:
            bidder_delta = 120
        elif bid == 30 and self.thirty_for_sixty:
            bidder_delta = 60
        else:
            bidder_delta = taken
        scores = tally.scores
        threshold = self.threshold
        delta = []
        for side in range(self.sides):
            if side == bidding_side:
                delta.append(bidder_delta)
            elif scores[side] < threshold or self.counts(side, scores, max_bid):
                delta.append(points[side])
            else:
                delta.append(0)
        after = tuple([s + d for s, d in zip(scores, delta, strict=True)])
        sets = tally.sets
        consecutive = tally.consecutive_sets
        if made:
            if consecutive[bidding_side]:
                consecutive = consecutive[:bidding_side] + (0,) + consecutive[bidding_side + 1 :]
        else:
            sets = sets[:bidding_side] + (sets[bidding_side] + 1,) + sets[bidding_side + 1 :]
            consecutive = (
                consecutive[:bidding_side]
                + (consecutive[bidding_side] + 1,)
                + consecutive[bidding_side + 1 :]
            )
        tally_after = Tally(after, sets, consecutive)
        return HandScore(
            made, tuple(delta), after, self.game_result(tally_after, bidding_side), tally_after
        )

    def losers(self, tally: Tally) -> tuple[list[int], list[int]]:
        """Sides past the loss line (strictly below it), and sides at a set limit."""
        loss_line = self.loss_line
        by_line = (
            [side for side, s in enumerate(tally.scores) if s < loss_line]
            if loss_line is not None
            else []
        )
        by_sets: list[int] = []
        if self.set_limit is not None or self.consecutive_set_limit is not None:
            for side in range(self.sides):
                if (self.set_limit is not None and tally.sets[side] >= self.set_limit) or (
                    self.consecutive_set_limit is not None
                    and tally.consecutive_sets[side] >= self.consecutive_set_limit
                ):
                    by_sets.append(side)
        return by_line, by_sets

    def game_result(self, tally: Tally, bidding_side: int | None) -> GameResult | None:
        """RULES.md 0.4 with the auction45 target, loss line and set limits (1.10)."""
        scores = tally.scores
        if max(scores) < self.target:
            by_line, by_sets = self.losers(tally)
            if not by_line and not by_sets:
                return None
            return decide_game_end(
                scores,
                target=self.target,
                bidding_side=bidding_side,
                lost_by_loss_line=by_line,
                lost_by_set_limit=by_sets,
            )
        return decide_game_end(scores, target=self.target, bidding_side=bidding_side)

    def is_game_over(self, tally: Tally) -> bool:
        """Do these totals already end the game (target, loss line or a set limit)?"""
        scores = tally.scores
        if max(scores) >= self.target:
            return True
        if self.loss_line is not None and min(scores) < self.loss_line:
            return True
        if self.set_limit is None and self.consecutive_set_limit is None:
            return False
        return bool(self.losers(tally)[1])
