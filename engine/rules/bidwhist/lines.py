"""Checking one bid whist scoresheet line (docs/rules.md#scoresheet-lines).

A line has ``bidder``, ``bid``, ``trump`` (``S H D C NT``), ``mode`` and ``books`` (per side,
kitty book included); ``dealer``, ``made`` and ``scores_after`` are optional and checked when
written (a JSON ``null`` counts as not written). Bid whist never throws a hand in (the dealer is
stuck, docs/rules.md#bidwhist-bidding), so a ``passed_out`` line is always refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules.base import HandScore, Tally
from engine.rules.bidwhist.options import MAX_BID, BidWhistOptions
from engine.rules.bidwhist.ranks import MODES
from engine.rules.bidwhist.scoring import BOOK, BOOKS, Scorer
from engine.rules.errors import ScoresheetError, shown
from engine.rules.words import changes_text, scores_text

SEATS = 4
SIDES = 2
TRUMPS = frozenset({"S", "H", "D", "C", "NT"})
_MODES = frozenset(MODES)


def _is_pair(value: Any) -> bool:
    return (
        (value.__class__ is list or value.__class__ is tuple)
        and len(value) == SIDES
        and value[0].__class__ is int
        and value[1].__class__ is int
    )


def _missing(field: str, message: str) -> ScoresheetError:
    return ScoresheetError("missing_field", message, field)


def _check_int(field: str, value: Any, required: bool) -> None:
    if value is None:
        if required:
            raise _missing(field, f"the line needs {shown(field)}: a whole number")
    elif value.__class__ is not int:
        raise _missing(field, f"{field} must be a whole number, not {shown(value)}")


def _check_text(field: str, value: Any, required: bool) -> None:
    if value is None:
        if required:
            raise _missing(field, f"the line needs {shown(field)}")
    elif value.__class__ is not str:
        raise _missing(field, f"{field} must be written as text, not {shown(value)}")


def _check_pair(field: str, value: Any, required: bool, what: str) -> None:
    if value is None:
        if required:
            raise _missing(field, f"the line needs {shown(field)}: {what} per side ({SIDES})")
    elif not _is_pair(value):
        raise _missing(field, f"{field} must give {what} per side ({SIDES}), not {shown(value)}")


def check_line(
    options: BidWhistOptions, scorer: Scorer, line: Mapping[str, Any], tally: Tally
) -> HandScore:
    """Validate ``line`` in the order of docs/rules.md#line-codes and score it.

    Raises:
        ScoresheetError: the first failing check, with the field at fault.
    """
    scores = tally.scores
    if scorer.is_game_over(scores):
        raise ScoresheetError(
            "game_over",
            f"the game is already over at {scores_text(scores)} (target {scorer.target}): "
            "no further hand is accepted (rules of the end of a game)",
        )
    if not isinstance(line, Mapping):
        raise ScoresheetError("missing_field", "a line must be an object of fields")
    # 2. missing_field: every field present has the right type; the required ones are there.
    if len(scores) != SIDES:
        raise _missing(
            "scores_before", f"scores before the hand must give one score per side ({SIDES})"
        )
    passed_out = line.get("passed_out")
    if passed_out is not None and passed_out.__class__ is not bool:
        raise _missing("passed_out", f"passed_out must be true or false, not {shown(passed_out)}")
    _check_fields(line, required=not passed_out)
    # 3. bad_seat
    for field in ("dealer", "bidder"):
        seat = line.get(field)
        if seat is not None and not 0 <= seat < SEATS:
            raise ScoresheetError(
                "bad_seat", f"{field} {shown(seat)} is not a seat: seats are 0 to 3", field
            )
    if passed_out:
        raise ScoresheetError(
            "passed_out_not_allowed",
            "a bid whist hand cannot be passed out: when the first three pass, the dealer must "
            "bid (rules of the bid whist auction)",
            "passed_out",
        )
    return _score(options, scorer, line, tally)


def _check_fields(line: Mapping[str, Any], *, required: bool) -> None:
    """2. missing_field: every field present has its type; the required ones are there."""
    _check_int("dealer", line.get("dealer"), False)
    _check_int("bidder", line.get("bidder"), required)
    _check_int("bid", line.get("bid"), required)
    _check_text("trump", line.get("trump"), required)
    _check_text("mode", line.get("mode"), required)
    _check_pair("books", line.get("books"), required, "the books won, kitty book included,")
    made = line.get("made")
    if made is not None and made.__class__ is not bool:
        raise _missing("made", f"made must be true or false, not {shown(made)}")
    _check_pair("scores_after", line.get("scores_after"), False, "one whole number")


def _score(
    options: BidWhistOptions, scorer: Scorer, line: Mapping[str, Any], tally: Tally
) -> HandScore:
    """Checks 5 onwards of a hand played out, its fields present and typed, and its score."""
    bidder, bid, trump, mode = line["bidder"], line["bid"], line["trump"], line["mode"]
    if not options.min_bid <= bid <= MAX_BID:
        raise ScoresheetError(
            "bad_bid",
            f"bid {shown(bid)} is not a bid: bids go from {options.min_bid} to 7 "
            "(rules of the bid whist auction)",
            "bid",
        )
    if trump not in TRUMPS:
        written = trump
        trump = trump.strip().upper()
        if trump not in TRUMPS:
            raise ScoresheetError(
                "bad_trump",
                f"trump {shown(written)} is not one of S, H, D, C, NT "
                "(rules of naming trump in bid whist)",
                "trump",
            )
    if mode not in _MODES:
        raise ScoresheetError(
            "bad_mode",
            f"mode {shown(mode)} is not one of {', '.join(MODES)} "
            "(rules of naming trump in bid whist)",
            "mode",
        )
    first, second = line["books"]
    if not (0 <= first <= BOOKS and 0 <= second <= BOOKS):
        side, wrong = (0, first) if not 0 <= first <= BOOKS else (1, second)
        raise ScoresheetError(
            "books_out_of_range",
            f"side {side + 1} cannot win {shown(wrong)} books: 0 to 13 (rules of bid whist books)",
            "books",
        )
    if first + second != BOOKS:
        raise ScoresheetError(
            "books_total",
            "books must add up to 13 (12 tricks and the kitty book; rules of bid whist books): "
            f"{first} + {second} = {first + second}",
            "books",
        )
    taken = second if bidder & 1 else first
    score = scorer.score(bidder, bid, trump == "NT", taken, tally)
    _check_result(line, score, taken, tally)
    return score


def _check_result(line: Mapping[str, Any], score: HandScore, taken: int, tally: Tally) -> None:
    """made_mismatch, score_mismatch."""
    bid, made, after = line["bid"], line.get("made"), line.get("scores_after")
    if made is not None and made is not score.made:
        raise ScoresheetError(
            "made_mismatch",
            f"made is written {'true' if made else 'false'}, but the bidding side took {taken} "
            f"books on a bid of "
            f"{shown(bid)}: {'made' if score.made else 'set'}, it needs {BOOK + bid} "
            "(rules of bid whist scoring)",
            "made",
        )
    if after is not None and (after[0], after[1]) != score.scores_after:
        raise ScoresheetError(
            "score_mismatch",
            f"scores_after is written {scores_text(after)}, but {scores_text(tally.scores)} "
            f"changed by {changes_text(score.delta)} gives {scores_text(score.scores_after)} "
            "(rules of bid whist scoring)",
            "scores_after",
        )
