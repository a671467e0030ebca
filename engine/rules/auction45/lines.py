"""Checking an auction45 scoresheet line (docs/rules.md#scoresheet-lines) before scoring it.

A *line* is one hand as a director writes it: ``bidder``, ``bid``, ``trump``, ``points`` per
side, and optionally ``dealer``, ``made``, ``scores_after``, ``no_trump_played``,
``auction_max_bid``, ``passed_out``, ``sets_before``, ``consecutive_sets_before``. The checks
run in the order of docs/rules.md#line-codes and the first failure is raised with its reason code
and the field at fault; a valid line is scored by the same ``Scorer`` as a played hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules.auction45.options import Auction45Options
from engine.rules.auction45.scoring import Scorer
from engine.rules.base import HandScore, Tally
from engine.rules.errors import ScoresheetError, shown
from engine.rules.words import points_text, scores_text

_SUITS = {"S": 0, "H": 1, "D": 2, "C": 3}


#: Every value a side's points can take (multiples of 5 from 0 to 30).
_POINT_VALUES = frozenset(range(0, 31, 5))


def _check_point_values(points: Any) -> None:
    """Raise the first of ``points_not_multiple_of_5`` and ``points_out_of_range`` that fails."""
    for value in points:
        if value % 5:
            raise ScoresheetError(
                "points_not_multiple_of_5",
                f"points must be multiples of 5 (5 per trick, 5 for the best trump): "
                f"{shown(value)}",
                "points",
            )
    for value in points:
        if not 0 <= value <= 30:
            raise ScoresheetError(
                "points_out_of_range",
                f"a side's points go from 0 to 30, not {shown(value)}",
                "points",
            )


_ABSENT: Any = object()


def _check_points(points: Any, no_trump_played: bool) -> None:
    """9. points_not_multiple_of_5, 10. points_out_of_range, 11. points_total."""
    if not _POINT_VALUES.issuperset(points):
        _check_point_values(points)
    total = 25 if no_trump_played else 30
    if sum(points) != total:
        raise ScoresheetError(
            "points_total",
            "points must add up to 30 (25 if no trump was played): "
            f"{' + '.join(str(p) for p in points)} = {sum(points)}",
            "points",
        )


def _missing(field: str, what: str) -> ScoresheetError:
    return ScoresheetError("missing_field", f"{field} {what}", field)


def _per_side_message(value: Any, sides: int) -> str:
    return f"must list one whole number per side ({sides}), not {shown(value)}"


def _bad_seat(field: str, seat: int, seats: int) -> ScoresheetError:
    return ScoresheetError(
        "bad_seat", f"{field} must be a seat from 0 to {seats - 1}, not {shown(seat)}", field
    )


def _score_mismatch(score: HandScore, written: Any) -> ScoresheetError:
    return ScoresheetError(
        "score_mismatch",
        f"scores after the hand are {scores_text(score.scores_after)}, not {scores_text(written)}",
        "scores_after",
    )


class LineChecker:
    """``check_line`` for one game's options and seating."""

    __slots__ = ("_ints", "amounts", "max_bid_required", "options", "scorer", "seats", "sides")

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
        self._ints = (int,) * self.sides

    def per_side(self, value: Any) -> bool:
        """A list (or tuple) of whole numbers, one per side (``bool`` is not a number here).

        A plain list or tuple is recognised by its class: ``isinstance`` with ``list | tuple``
        builds the union on every call.
        """
        cls = value.__class__
        if cls is list or cls is tuple or isinstance(value, (list, tuple)):
            return tuple(map(type, value)) == self._ints
        return False

    def check(self, line: Mapping[str, Any], tally: Tally) -> HandScore:
        """Validate ``line`` (docs/rules.md#line-codes, in order) and score it.

        Raises:
            ScoresheetError: the first failing check, with the field at fault.
        """
        scorer = self.scorer
        if scorer.is_game_over(tally):
            raise ScoresheetError(
                "game_over",
                f"the game is already over at {scores_text(tally.scores)}: no further line "
                "(rules of the end of a game)",
                None,
            )
        if line.__class__ is not dict and not isinstance(line, Mapping):
            raise ScoresheetError("missing_field", "a line must be an object of fields", None)
        get = line.get
        passed_out = get("passed_out") is True
        # 2. missing_field: required fields present, every field of the right shape.
        if not passed_out:
            self._check_required(line)
        self._check_shapes(line)
        # 3. bad_seat (4. passed_out_not_allowed is checked by _passed_out)
        dealer = get("dealer", _ABSENT)
        if dealer is not _ABSENT and not 0 <= dealer < self.seats:
            raise _bad_seat("dealer", dealer, self.seats)
        if passed_out:
            return self._passed_out(line, tally)
        bidder, bid, points = line["bidder"], line["bid"], line["points"]
        if not 0 <= bidder < self.seats:
            raise _bad_seat("bidder", bidder, self.seats)
        self._check_bid(bidder, bid, tally)
        # 7. bad_trump
        trump = line["trump"]
        if trump not in _SUITS and trump.strip().upper() not in _SUITS:
            raise ScoresheetError(
                "bad_trump", f"trump must be one of S H D C, not {shown(trump)}", "trump"
            )
        _check_points(points, get("no_trump_played") is True)
        # 16. made_mismatch, 17. score_mismatch
        score = scorer.score_points(bidder, bid, points, get("auction_max_bid"), tally)
        made = get("made")
        if made is not None and made != score.made:
            need = 30 if bid >= 30 else bid
            raise ScoresheetError(
                "made_mismatch",
                f"written as {'made' if made else 'set'}, but a bid of "
                f"{shown(bid)} needs {points_text(need)} "
                f"and the bidding side took {points_text(points[scorer.seat_side[bidder]])}",
                "made",
            )
        self._check_scores_after(line, score)
        return score

    def _check_required(self, line: Mapping[str, Any]) -> None:
        """The fields a hand played out must have (docs/rules.md#scoresheet-lines)."""
        for name in ("bidder", "bid", "trump", "points"):
            if name not in line:
                raise _missing(name, "is required (rules of scoresheet lines)")
        if line.get("auction_max_bid") is None and self.max_bid_required:
            raise _missing(
                "auction_max_bid",
                f"is required with count_rule = {self.options.count_rule}: per side, the "
                "highest amount its players called or held (rules of scoresheet lines)",
            )

    def _check_shapes(self, line: Mapping[str, Any]) -> None:
        """Every field given is of the right shape (``missing_field``), in field order."""
        _check_contract_shapes(line)
        points = line.get("points", _ABSENT)
        if points is not _ABSENT and points is not None and not self.per_side(points):
            raise _missing("points", _per_side_message(points, self.sides))
        for name in ("scores_after", "sets_before", "consecutive_sets_before"):
            value = line.get(name)
            if value is not None and not self.per_side(value):
                raise _missing(name, _per_side_message(value, self.sides))
        if points is None:
            raise _missing("points", "is required (rules of scoresheet lines)")
        max_bid = line.get("auction_max_bid")
        if max_bid is not None and not self.per_side(max_bid):
            raise _missing("auction_max_bid", _per_side_message(max_bid, self.sides))
        for name in ("made", "no_trump_played", "passed_out"):
            value = line.get(name)
            if value is not None and value.__class__ is not bool:
                raise _missing(name, f"must be true or false, not {shown(value)}")

    def _check_bid(self, bidder: int, bid: int, tally: Tally) -> None:
        """5. bad_bid, 6. sixty_not_allowed."""
        options = self.options
        if bid not in self.amounts:
            sixty = "" if options.sixty_for_120 == "never" else " or 60"
            raise ScoresheetError(
                "bad_bid",
                f"bid {shown(bid)} is not allowed: bids are multiples of 5 from "
                f"{options.min_bid} to 30"
                f"{sixty} (rules of the 45s auction)",
                "bid",
            )
        if bid == 60 and options.sixty_for_120 == "in_the_hole":
            before = tally.scores[self.scorer.seat_side[bidder]]
            if before >= 0:
                raise ScoresheetError(
                    "sixty_not_allowed",
                    "a bid of 60 needs the bidder's side in the hole (below 0) before the "
                    f"hand; it had {before} (rules of the 45s auction)",
                    "bid",
                )

    def _check_scores_after(self, line: Mapping[str, Any], score: HandScore) -> None:
        written = line.get("scores_after")
        if written is not None and tuple(written) != score.scores_after:
            raise _score_mismatch(score, written)

    def _passed_out(self, line: Mapping[str, Any], tally: Tally) -> HandScore:
        if self.options.all_pass == "dealer_stuck":
            raise ScoresheetError(
                "passed_out_not_allowed",
                "a hand cannot be passed out: the dealer must bid when everybody passes "
                "(option all_pass = dealer_stuck; rules of the 45s auction)",
                "passed_out",
            )
        if line.get("made") is not None:
            raise ScoresheetError(
                "made_mismatch", "a passed-out hand is neither made nor set", "made"
            )
        score = HandScore(None, (0,) * self.sides, tally.scores, None, tally)
        self._check_scores_after(line, score)
        return score


def _check_contract_shapes(line: Mapping[str, Any]) -> None:
    """The dealer, bidder and bid are whole numbers, the trump a string, when given."""
    for name in ("dealer", "bidder", "bid"):
        value = line.get(name, _ABSENT)
        if value is not _ABSENT and value.__class__ is not int:
            raise _missing(name, f"must be a whole number, not {shown(value)}")
    trump = line.get("trump", _ABSENT)
    if trump is not _ABSENT and not isinstance(trump, str):
        raise _missing("trump", f"must be one of S H D C, not {shown(trump)}")
