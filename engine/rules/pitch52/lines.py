"""Checking a pitch52 scoresheet line (docs/rules.md#scoresheet-lines).

A line holds ``bidder``, ``bid``, ``trump`` and ``points`` (one entry per side), optionally
``dealer``, ``categories``, ``made``, ``scores_after``, or just ``passed_out: true`` (only when
``all_pass = redeal``). The checks run in the order of docs/rules.md#line-codes; the first that
fails raises ``ScoresheetError`` naming the field at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules.base import HandScore, Tally
from engine.rules.cards import SUITS
from engine.rules.errors import ScoresheetError, shown
from engine.rules.pitch52.options import Pitch52Options
from engine.rules.pitch52.scoring import Scorer
from engine.rules.table import Seating
from engine.rules.words import changes_text, points_text, scores_text

_ABSENT: Any = object()
#: Trumps written exactly as a suit letter (anything else is read with spaces and case ignored).
_SUITS = frozenset(SUITS)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_list(value: Any, length: int) -> bool:
    if value.__class__ is list or value.__class__ is tuple:
        if len(value) != length:
            return False
        for item in value:  # a plain int passes on its class alone (all() costs a generator)
            if item.__class__ is not int and not _is_int(item):
                break
        else:
            return True
        return False
    return isinstance(value, list | tuple) and len(value) == length and all(map(_is_int, value))


def _missing(field: str, message: str) -> ScoresheetError:
    return ScoresheetError("missing_field", message, field)


class LineChecker:
    """``check_line`` for one game's options, seating and scorer.

    Speed: a line is checked in a few microseconds, so what depends only on the options is
    worked out here once, the fields are read once each, and the common value types (plain
    ``int``, ``list``, ``dict``) are recognised by their class before the general checks.
    """

    __slots__ = (
        "high_low",
        "low_total",
        "max_points",
        "min_bid",
        "names",
        "options",
        "redeal",
        "scorer",
        "seat_side",
        "seats",
        "sides",
        "target",
        "values",
    )

    def __init__(self, options: Pitch52Options, seating: Seating, scorer: Scorer) -> None:
        self.options = options
        self.scorer = scorer
        self.sides = seating.sides
        self.seats = seating.seats
        self.seat_side = seating.seat_side
        self.target = options.target
        self.min_bid = options.min_bid
        self.max_points = scorer.max_points
        self.high_low = scorer.high_low
        self.low_total = 2 if scorer.high_low else 0
        self.values = scorer.values
        self.names = scorer.names
        self.redeal = options.all_pass == "redeal"

    def check(self, line: Mapping[str, Any], tally: Tally) -> HandScore:
        """Validate ``line`` against the tally before it, then score it.

        Raises:
            ScoresheetError: the first failing check of docs/rules.md#line-codes.
        """
        target = self.target
        for before in tally.scores:
            if before >= target:
                raise ScoresheetError(
                    "game_over",
                    f"the game is already over: a side has reached the target of {target} "
                    f"(scores {scores_text(tally.scores)}); no further hand is scored",
                    None,
                )
        if line.__class__ is not dict and not isinstance(line, Mapping):
            raise _missing("line", "a line must be an object of fields")
        get = line.get
        # 2. missing_field: required fields, then the types of the optional ones.
        passed_out = get("passed_out", False)
        if passed_out.__class__ is not bool:
            raise _missing(
                "passed_out", f"passed_out must be true or false, not {shown(passed_out)}"
            )
        if not passed_out:
            self._check_required(line)
        self._check_optional(line)
        # 3. bad_seat
        self._check_seat("dealer", get("dealer"))
        if not passed_out:
            self._check_seat("bidder", line["bidder"])
        # 4. passed_out_not_allowed; a valid passed-out line changes nothing.
        if passed_out:
            if not self.redeal:
                raise ScoresheetError(
                    "passed_out_not_allowed",
                    "a hand cannot be passed out here: when everybody passes the dealer must "
                    "bid (all_pass = dealer_stuck; rules of the pitch auction)",
                    "passed_out",
                )
            return _passed_out(get("made"), get("scores_after"), tally)
        return self._score(line, tally)

    def _check_required(self, line: Mapping[str, Any]) -> None:
        """The fields of a hand played out, each present and of its type."""
        sides = self.sides
        bidder = line.get("bidder", _ABSENT)
        if bidder is _ABSENT:
            raise _missing("bidder", "the line needs a bidder (rules of scoresheet lines)")
        if bidder.__class__ is not int and not _is_int(bidder):
            raise _missing("bidder", f"bidder must be a whole number, not {shown(bidder)}")
        bid = line.get("bid", _ABSENT)
        if bid is _ABSENT:
            raise _missing("bid", "the line needs a bid (rules of scoresheet lines)")
        if bid.__class__ is not int and not _is_int(bid):
            raise _missing("bid", f"bid must be a whole number, not {shown(bid)}")
        trump = line.get("trump", _ABSENT)
        if trump is _ABSENT:
            raise _missing(
                "trump", "the line needs a trump: S, H, D or C (rules of scoresheet lines)"
            )
        if not isinstance(trump, str):
            raise _missing("trump", f"trump must be a suit letter S, H, D or C, not {shown(trump)}")
        points = line.get("points", _ABSENT)
        if points is _ABSENT:
            raise _missing("points", f"the line needs points: one entry per side ({sides})")
        if not _int_list(points, sides):
            raise _missing(
                "points",
                f"points must be a list of {sides} whole numbers, one per side, not "
                f"{shown(points)}",
            )

    def _check_optional(self, line: Mapping[str, Any]) -> None:
        """The types of the fields a line may leave out."""
        sides = self.sides
        dealer = line.get("dealer")
        if dealer is not None and dealer.__class__ is not int and not _is_int(dealer):
            raise _missing("dealer", f"dealer must be a seat number, not {shown(dealer)}")
        made = line.get("made")
        if made is not None and made.__class__ is not bool:
            raise _missing("made", f"made must be true or false, not {shown(made)}")
        scores_after = line.get("scores_after")
        if scores_after is not None and not _int_list(scores_after, sides):
            raise _missing(
                "scores_after",
                f"scores_after must be a list of {sides} whole numbers, one per side, "
                f"not {shown(scores_after)}",
            )
        categories = line.get("categories")
        if (
            categories is not None
            and categories.__class__ is not dict
            and not isinstance(categories, Mapping)
        ):
            raise _missing(
                "categories",
                f"categories must be an object of category: side, not {shown(categories)}",
            )

    def _check_seat(self, field: str, seat: int | None) -> None:
        seats = self.seats
        if seat is not None and not 0 <= seat < seats:
            raise ScoresheetError(
                "bad_seat",
                f"{field} {shown(seat)} is not a seat: seats are 0 to {seats - 1}",
                field,
            )

    def _score(self, line: Mapping[str, Any], tally: Tally) -> HandScore:
        """Checks 5 to 17 of a hand played out, its fields present and typed, and its score."""
        bidder, bid, trump = line["bidder"], line["bid"], line["trump"]
        # 5. bad_bid
        if not self.min_bid <= bid <= self.max_points:
            raise ScoresheetError(
                "bad_bid",
                f"bid {shown(bid)} is not a legal bid: "
                f"bids are whole numbers from {self.min_bid} to "
                f"{self.max_points} (rules of the pitch auction)",
                "bid",
            )
        # 7. bad_trump
        if trump not in _SUITS:
            trump_text = trump.strip().upper()
            if len(trump_text) != 1 or trump_text not in SUITS:
                raise ScoresheetError(
                    "bad_trump",
                    f"trump {shown(trump)} is not one of S, H, D, C "
                    "(rules of pitch trump and the draw)",
                    "trump",
                )
        points = list(line["points"])
        self._check_points(points)
        # 14. bad_category, 15. points_mismatch
        categories = line.get("categories")
        awarded = None
        if categories is not None:
            from_categories, awarded = self._category_points(categories)
            if from_categories != points:
                raise ScoresheetError(
                    "points_mismatch",
                    f"the categories add up to {scores_text(from_categories)} points, but the "
                    f"line says {scores_text(points)}",
                    "points",
                )
        score = self.scorer.score_points(bidder, bid, points, awarded, tally)
        self._check_result(line, score, points, tally)
        return score

    def _check_points(self, points: list[int]) -> None:
        """10. points_out_of_range, 11. points_total."""
        max_points = self.max_points
        for side, value in enumerate(points):
            if not 0 <= value <= max_points:
                raise ScoresheetError(
                    "points_out_of_range",
                    f"side {side + 1} has {points_text(value)}: "
                    f"each side takes 0 to {max_points} points "
                    "(rules of pitch points)",
                    "points",
                )
        total = sum(points)
        if total > max_points or total < self.low_total:
            added = " + ".join(map(str, points))
            if total > max_points:
                rule = f"the points of a hand add up to at most {max_points}"
            else:
                rule = "high and low are always awarded, so the points add up to at least 2"
            raise ScoresheetError(
                "points_total", f"{rule} (rules of pitch points): {added} = {total}", "points"
            )

    def _check_result(
        self, line: Mapping[str, Any], score: HandScore, points: list[int], tally: Tally
    ) -> None:
        """16. made_mismatch, 17. score_mismatch."""
        bid = line["bid"]
        made = line.get("made")
        if made is not None and made != score.made:
            took = points[self.seat_side[line["bidder"]]]
            need = (
                f"bid {shown(bid)} needs {points_text(bid)} and the bidding side took "
                f"{points_text(took)}"
            )
            raise ScoresheetError(
                "made_mismatch",
                f"the line says {'made' if made else 'set'}, but {need} (rules of pitch scoring)",
                "made",
            )
        scores_after = line.get("scores_after")
        if scores_after is not None and tuple(scores_after) != score.scores_after:
            raise ScoresheetError(
                "score_mismatch",
                f"the line says the scores are {scores_text(scores_after)}, but they are "
                f"{scores_text(score.scores_after)} ({scores_text(tally.scores)} changed by "
                f"{changes_text(score.delta)})",
                "scores_after",
            )

    def _category_points(
        self, categories: Mapping[str, Any]
    ) -> tuple[list[int], dict[str, int | None]]:
        """Check the categories (``bad_category``); return each side's points from them and
        the categories normalised (``Scorer.normalise``), both worked out in the same pass."""
        values = self.values
        sides = self.sides
        points = [0] * sides
        awarded: dict[str, int | None] = dict.fromkeys(self.names)
        for name, side in categories.items():
            value = values.get(name)
            if value is None:
                break
            if side is not None:
                if side.__class__ is not int or not 0 <= side < sides:
                    break
                points[side] += value
            awarded[name] = side
        else:
            if not self.high_low or (
                categories.get("high") is not None and categories.get("low") is not None
            ):
                return points, awarded
        # Something is wrong, or merely unusual (a side given as an int subclass): the checks
        # in the order of docs/rules.md#line-codes raise the first error, else the general
        # path scores.
        _check_categories(self.scorer, categories, sides)
        return self.scorer.points(categories), self.scorer.normalise(categories)


def _check_categories(scorer: Scorer, categories: Mapping[str, Any], sides: int) -> None:
    for name, side in categories.items():
        if name not in scorer.values:
            extra = " (the three does not count: count_three is false)" if name == "three" else ""
            raise ScoresheetError(
                "bad_category",
                f"{shown(name)} is not a category of this point scheme{extra}; categories: "
                f"{', '.join(scorer.names)}",
                "categories",
            )
        if side is not None and not (_is_int(side) and 0 <= side < sides):
            raise ScoresheetError(
                "bad_category",
                f"category {shown(name)} goes to side {shown(side)}, which does not exist: "
                f"sides are 0 to "
                f"{sides - 1} (or null when not awarded)",
                "categories",
            )
    if scorer.high_low:
        for name in ("high", "low"):
            if categories.get(name) is None:
                raise ScoresheetError(
                    "bad_category",
                    f"{shown(name)} must name a side: there is always a {name} trump in play "
                    "(rules of pitch points)",
                    "categories",
                )


def _passed_out(made: bool | None, scores_after: Any, tally: Tally) -> HandScore:
    if made is not None:
        raise ScoresheetError(
            "made_mismatch", "a passed-out hand is neither made nor set: leave made out", "made"
        )
    if scores_after is not None and list(scores_after) != list(tally.scores):
        raise ScoresheetError(
            "score_mismatch",
            f"a passed-out hand changes nothing: the scores stay {scores_text(tally.scores)}, "
            f"not {scores_text(scores_after)}",
            "scores_after",
        )
    zero = (0,) * len(tally.scores)
    return HandScore(None, zero, tally.scores, None, tally)
