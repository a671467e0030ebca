"""The hand-line form: typed text to the engine's line and back, seats typed from 1, and the
refusal worded for the page. Pure: no database."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from engine.rules import get_game
from scoring.errors import LineRefused
from scoring.lineform import (
    error_column,
    form_from_line,
    is_untyped,
    line_columns,
    line_from_form,
    line_text,
    refusal_text,
    score_text,
    whole_number,
)

SIDES = ["Us", "Them"]


def columns(game_id: str, **options: Any) -> Any:
    return line_columns(get_game(game_id, options), SIDES)


def test_columns_follow_the_typing_order() -> None:
    names = [c.name for c in columns("auction45")]
    assert names[:6] == ["dealer", "bidder", "bid", "trump", "points_0", "points_1"]
    assert names[-1] == "dealer_changed"  # last: out of the way of typing a hand
    assert [c.name for c in columns("bidwhist")][4:7] == ["mode", "books_0", "books_1"]
    assert "passed_out" not in [c.name for c in columns("pitch52")]  # the dealer is stuck
    assert "passed_out" in [c.name for c in columns("pitch52", all_pass="redeal")]
    made_a_bid = [c.name for c in columns("auction45", count_rule="made_a_bid")]
    assert "auction_max_bid_1" in made_a_bid


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        (
            {
                "dealer": "1",
                "bidder": "4",
                "bid": "20",
                "trump": "h",
                "points_0": "10",
                "points_1": "20",
            },
            {"dealer": 0, "bidder": 3, "bid": 20, "trump": "H", "points": [10, 20]},
        ),
        (  # not a number: passed on as typed, for the engine to name the field
            {"bidder": "x", "bid": "20", "trump": "S", "points_0": "30"},
            {"bidder": "x", "bid": 20, "trump": "S", "points": [30, None]},
        ),
        (  # a thrown-in hand keeps only the dealer
            {"dealer": "2", "bid": "20", "passed_out": "on"},
            {"dealer": 1, "passed_out": True},
        ),
    ],
)
def test_typed_text_becomes_the_engines_line(typed: dict[str, str], line: dict[str, Any]) -> None:
    assert line_from_form(columns("auction45"), typed) == line


def test_no_trump_is_typed_nt_or_n_in_bid_whist() -> None:
    cols = columns("bidwhist")
    assert line_from_form(cols, {"trump": "n"})["trump"] == "NT"
    assert line_from_form(cols, {"trump": "nt"})["trump"] == "NT"


@pytest.mark.parametrize("game_id", ["auction45", "bidwhist", "pitch52"])
def test_a_line_typed_back_reads_the_same(game_id: str) -> None:
    from tests.scoring.games import GAMES

    cols = columns(game_id)
    for line in GAMES[game_id][0]:
        assert line_from_form(cols, form_from_line(cols, line)) == line


def test_refusals_name_the_input_and_read_plainly() -> None:
    cols = columns("auction45")
    assert error_column(cols, "points") == "points_0"
    assert error_column(cols, "scores_after") is None
    typed = {"bidder": "7"}
    seat = LineRefused("bad_seat", "bidder must be a seat from 0 to 3, not 6", "bidder")
    assert (
        refusal_text(seat, cols, typed, 4) == "There is no seat 7 at this table: seats are 1 to 4."
    )
    bid = LineRefused(
        "bad_bid", "bid 12 is not allowed: multiples of 5 (docs/rules.md#auction45-bidding)", "bid"
    )
    assert refusal_text(bid, cols, {}, 4) == "Bid 12 is not allowed: multiples of 5."


def test_an_empty_field_is_untyped_not_wrong() -> None:
    cols = columns("auction45")
    assert is_untyped(cols, {"points_0": "", "points_1": " "}, "points")
    assert not is_untyped(cols, {"points_0": "10"}, "points")
    assert not is_untyped(cols, {}, None)


@pytest.mark.parametrize(
    ("text", "number"),
    [("7", 7), (" 12 ", 12), ("0", 0), ("²", None), ("٣", None), ("-1", None), ("", None)],
)
def test_a_line_number_or_version_is_ascii_digits(text: str, number: int | None) -> None:
    assert whole_number(text) == number


def test_digits_past_what_int_reads_stay_text() -> None:
    line = line_from_form(columns("auction45"), {"bid": "9" * 5000, "points_0": "1" * 18})
    assert line == {"bid": "9" * 5000, "points": [int("1" * 18), None]}


def test_a_lines_score_reads_as_people_say_it() -> None:
    assert score_text({"made": True, "scores_after": [125, 75]}) == "made; totals 125 to 75"
    assert score_text({"made": False, "scores_after": [-20, 15]}) == "set; totals -20 to 15"
    assert score_text(None) == ""


def test_a_written_trump_is_named_in_the_readers_language() -> None:
    line = {"dealer": 0, "bidder": 1, "bid": 20, "trump": "H", "points": [20, 10]}
    assert "Trump Hearts" in line_text(line, columns("auction45"))
    with translation.override("fr"):
        assert "Atout Cœur" in line_text(line, columns("auction45"))
