"""Hand scoring and game end of auction45 (docs/rules.md#auction45-scoring, #auction45-game-end,
#game-end).

Vocabulary: ``P`` is the bidding side's trick points (bonus included), ``b`` the bid. A hand is
*made* when ``P >= min(b, 30)``; otherwise the bidding side is *set*. The *count rule* stops a
non-bidding side at or above ``count_threshold`` from scoring its points, unless option
``count_rule`` (or ``count_hole_exception``) releases it.

``Scorer.score`` (``score_points`` with the facts as arguments) is the one scoring function:
played hands call it with their facts, and ``check_line`` calls it once a written line is valid.
Facts are trusted here.

Speed: scoring runs once per played hand and once per scoresheet line. There is no cache of
equal facts: lines from real games rarely repeat one (the running scores differ), and on such
lines a cache measured no gain (``bench/NOTES.md``). Instead the common case is short: the
count rule and the game-end rules are looked at only when some score is near them, and the
score is built by ``engine.rules.build``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import add
from typing import Any

from engine.rules.auction45.options import Auction45Options
from engine.rules.base import HandScore, Tally
from engine.rules.build import new_score, new_tally
from engine.rules.gameend import GameResult, decide_game_end


def _bump(values: tuple[int, ...], index: int, to: int | None = None) -> tuple[int, ...]:
    """``values`` with ``values[index]`` one more (or set ``to`` a value)."""
    changed = list(values)
    changed[index] = changed[index] + 1 if to is None else to
    return tuple(changed)


class Scorer:
    """Scoring for one game's options and seating."""

    __slots__ = (
        "bidder_only",
        "consecutive_set_limit",
        "has_set_limits",
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
        self.has_set_limits = self.set_limit is not None or self.consecutive_set_limit is not None

    def counts(self, side: int, scores: Sequence[int], max_bid: Sequence[int] | None) -> bool:
        """Does non-bidding ``side`` score its points this hand? (docs/rules.md#auction45-scoring,
        the count rule)"""
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
        """``score`` with the facts as arguments (``points`` has one entry per side)."""
        bidding_side = self.seat_side[bidder]
        taken = points[bidding_side]
        made = taken >= min(bid, 30)
        scores = tally.scores
        deltas = list(points)
        deltas[bidding_side] = self._bidder_delta(bid, taken, made)
        for side in range(len(scores)):
            if side != bidding_side and not self.counts(side, scores, max_bid):
                deltas[side] = 0
        delta = tuple(deltas)
        after = tuple(map(add, scores, delta))
        if made:
            sets = tally.sets
            consecutive = _bump(tally.consecutive_sets, bidding_side, to=0)
        else:
            sets = _bump(tally.sets, bidding_side)
            consecutive = _bump(tally.consecutive_sets, bidding_side)
        tally_after = new_tally(scores=after, sets=sets, consecutive_sets=consecutive)
        loss_line = self.loss_line
        goes_on = max(after) < self.target and (loss_line is None or min(after) >= loss_line)
        if goes_on and not self.has_set_limits:
            result = None  # nobody reached the target or lost
        else:
            result = self.game_result(tally_after, bidding_side)
        return new_score(
            made=made, delta=delta, scores_after=after, result=result, tally_after=tally_after
        )

    def _bidder_delta(self, bid: int, taken: int, made: bool) -> int:
        """What the bidding side scores (docs/rules.md#auction45-scoring): its points when it makes
        the bid (120 for 60, and 60 for 30 under ``thirty_for_sixty``), minus the bid when it is
        set."""
        if not made:
            return -bid
        if bid == 60:
            return 120
        if bid == 30 and self.thirty_for_sixty:
            return 60
        return taken

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
        """docs/rules.md#game-end with the auction45 target, loss line and set limits
        (#auction45-game-end)."""
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
