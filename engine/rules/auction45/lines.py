"""Checking an auction45 scoresheet line (RULES.md 5) before scoring it.

A *line* is one hand as a director writes it: ``bidder``, ``bid``, ``trump``, ``points`` per
side, and optionally ``dealer``, ``made``, ``scores_after``, ``no_trump_played``,
``auction_max_bid``, ``passed_out``, ``sets_before``, ``consecutive_sets_before``. The checks
run in the order of RULES.md 5.2 and the first failure is raised with its reason code and the
field at fault; a valid line is scored by the same ``Scorer`` as a played hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules.auction45.options import Auction45Options
from engine.rules.auction45.scoring import Scorer
from engine.rules.base import HandScore, Tally
from engine.rules.errors import ScoresheetError

_SUITS = {"S": 0, "H": 1, "D": 2, "C": 3}


def _per_side(value: Any, sides: int) -> bool:
    """A list of whole numbers, one per side."""
    return (
        isinstance(value, list | tuple)
        and len(value) == sides
        and all(type(v) is int for v in value)
    )


class LineChecker:
    """``check_line`` for one game's options and seating."""

    __slots__ = ("amounts", "max_bid_required", "options", "scorer", "seats", "sides")

    def __init__(self, options: Auction45Options, scorer: Scorer) -> None:
        self.options = options
        self.scorer = scorer
        self.seats = len(scorer.seat_side)
        self.sides = scorer.sides
        self.max_bid_required = options.count_rule in ("made_a_bid", "bid_20")
        amounts = set(range(options.min_bid, 31, 5))
        if options.sixty_for_120 != "never":
            amounts.add(60)
        self.amounts = frozenset(amounts)

    def _missing(self, line: Mapping[str, Any], passed_out: bool) -> None:
        """RULES.md 5.2 check 2: required fields present, every field of the right shape."""
        sides = self.sides

        def fail(field: str, what: str) -> ScoresheetError:
            return ScoresheetError("missing_field", f"{field} {what}", field)

        if not passed_out:
            for field in ("bidder", "bid", "trump", "points"):
                if field not in line:
                    raise fail(field, "is required (RULES.md 5.1)")
            if self.max_bid_required and line.get("auction_max_bid") is None:
                raise fail(
                    "auction_max_bid",
                    f"is required with count_rule = {self.options.count_rule}: per side, the "
                    "highest amount its players called or held (RULES.md 5.1)",
                )
        for field in ("dealer", "bidder", "bid"):
            if field in line and type(line[field]) is not int:
                raise fail(field, f"must be a whole number, not {line[field]!r}")
        if "trump" in line and not isinstance(line["trump"], str):
            raise fail("trump", f"must be one of S H D C, not {line['trump']!r}")
        for field in ("points", "scores_after", "sets_before", "consecutive_sets_before"):
            if field in line and line[field] is not None and not _per_side(line[field], sides):
                raise fail(field, f"must list one whole number per side ({sides}), not {line[field]!r}")
        if "points" in line and line["points"] is None:
            raise fail("points", "is required (RULES.md 5.1)")
        value = line.get("auction_max_bid")
        if value is not None and not _per_side(value, sides):
            raise fail(
                "auction_max_bid", f"must list one whole number per side ({sides}), not {value!r}"
            )
        for field in ("made", "no_trump_played", "passed_out"):
            if line.get(field) is not None and not isinstance(line[field], bool):
                raise fail(field, f"must be true or false, not {line[field]!r}")

    def check(self, line: Mapping[str, Any], tally: Tally) -> HandScore:
        """Validate ``line`` (RULES.md 5.2, in order) and score it.

        Raises:
            ScoresheetError: the first failing check, with the field at fault.
        """
        scorer = self.scorer
        if scorer.is_game_over(tally):
            raise ScoresheetError(
                "game_over",
                f"the game is already over at {list(tally.scores)}: no further line (RULES.md 0.4)",
                None,
            )
        if not isinstance(line, Mapping):
            raise ScoresheetError("missing_field", "a line must be an object of fields", None)
        passed_out = line.get("passed_out") is True
        self._missing(line, passed_out)
        seats = self.seats
        for field in ("dealer", "bidder") if not passed_out else ("dealer",):
            seat = line.get(field)
            if seat is not None and not 0 <= seat < seats:
                raise ScoresheetError(
                    "bad_seat", f"{field} must be a seat from 0 to {seats - 1}, not {seat}", field
                )
        if passed_out:
            return self._passed_out(line, tally)
        options = self.options
        bid = line["bid"]
        if bid not in self.amounts:
            sixty = "" if options.sixty_for_120 == "never" else " or 60"
            raise ScoresheetError(
                "bad_bid",
                f"bid {bid} is not allowed: bids are multiples of 5 from {options.min_bid} to 30"
                f"{sixty} (RULES.md 1.5)",
                "bid",
            )
        bidding_side = scorer.seat_side[line["bidder"]]
        if bid == 60 and options.sixty_for_120 == "in_the_hole" and tally.scores[bidding_side] >= 0:
            raise ScoresheetError(
                "sixty_not_allowed",
                f"a bid of 60 needs the bidder's side in the hole (below 0) before the hand; it "
                f"had {tally.scores[bidding_side]} (RULES.md 1.5)",
                "bid",
            )
        trump = line["trump"]
        if trump.strip().upper() not in _SUITS:
            raise ScoresheetError("bad_trump", f"trump must be one of S H D C, not {trump!r}", "trump")
        points = line["points"]
        for value in points:
            if value % 5:
                raise ScoresheetError(
                    "points_not_multiple_of_5",
                    f"points must be multiples of 5 (5 per trick, 5 for the best trump): {value}",
                    "points",
                )
        for value in points:
            if not 0 <= value <= 30:
                raise ScoresheetError(
                    "points_out_of_range", f"a side's points go from 0 to 30, not {value}", "points"
                )
        no_trump = line.get("no_trump_played") is True
        total = 25 if no_trump else 30
        if sum(points) != total:
            raise ScoresheetError(
                "points_total",
                "points must add up to 30 (25 if no trump was played): "
                f"{' + '.join(str(p) for p in points)} = {sum(points)}",
                "points",
            )
        score = scorer.score(line, tally)
        made = line.get("made")
        if made is not None and made != score.made:
            need = 30 if bid >= 30 else bid
            raise ScoresheetError(
                "made_mismatch",
                f"written as {'made' if made else 'set'}, but a bid of {bid} needs {need} points "
                f"and the bidding side took {points[bidding_side]}",
                "made",
            )
        self._check_scores_after(line, score)
        return score

    def _check_scores_after(self, line: Mapping[str, Any], score: HandScore) -> None:
        written = line.get("scores_after")
        if written is not None and tuple(written) != score.scores_after:
            raise ScoresheetError(
                "score_mismatch",
                f"scores after the hand are {list(score.scores_after)}, not {list(written)}",
                "scores_after",
            )

    def _passed_out(self, line: Mapping[str, Any], tally: Tally) -> HandScore:
        if self.options.all_pass == "dealer_stuck":
            raise ScoresheetError(
                "passed_out_not_allowed",
                "a hand cannot be passed out: the dealer must bid when everybody passes "
                "(option all_pass = dealer_stuck, RULES.md 1.5)",
                "passed_out",
            )
        if line.get("made") is not None:
            raise ScoresheetError(
                "made_mismatch", "a passed-out hand is neither made nor set", "made"
            )
        score = HandScore(None, (0,) * self.sides, tally.scores, None, tally)
        self._check_scores_after(line, score)
        return score
