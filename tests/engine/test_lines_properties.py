"""Any JSON in any field of a scoresheet line: a score, or one docs/rules.md#line-codes reason code
with a short message. Never another exception (the scoresheet pages pass what a director types)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import ScoresheetError, Tally, check_line, get_game
from tests.engine.test_rules_coverage import SECTION_5_CODES

LINE_KEYS = [
    "dealer", "bidder", "bid", "trump", "made", "scores_after", "points", "no_trump_played",
    "auction_max_bid", "passed_out", "sets_before", "consecutive_sets_before", "mode", "books",
    "categories",
]  # fmt: skip

#: A valid line per game, so that a change to one field reaches the later checks.
VALID: dict[str, dict[str, Any]] = {
    "auction45": {"bidder": 0, "bid": 15, "trump": "H", "points": [20, 10]},
    "bidwhist": {"bidder": 0, "bid": 3, "trump": "S", "mode": "uptown", "books": [10, 3]},
    "pitch52": {
        "bidder": 0,
        "bid": 4,
        "trump": "S",
        "points": [4, 0],
        "categories": {"high": 0, "low": 0, "jack": 0, "game": 0},
    },
}
GAMES = [
    ("auction45", {}),
    ("auction45", {"count_rule": "made_a_bid", "set_limit": 3, "consecutive_set_limit": 3}),
    ("bidwhist", {}),
    ("pitch52", {}),
    ("pitch52", {"point_scheme": "card", "count_three": False}),
]

NEAR_VALID = st.sampled_from(
    [0, 1, 2, 3, 5, 15, 30, 60, "S", "H", "NT", "X", "N", "uptown", True, False, None]
    + [[0, 0], [15, 15], [30, 0], [3, 0], {"high": 0}, {"high": 1, "low": None}, {"three": 0}]
)
JSON = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=-(10**5000), max_value=10**5000),
        st.floats(),
        st.text(max_size=10),
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=10,
)
VALUES = NEAR_VALID | JSON | st.lists(st.integers(-5, 40), min_size=1, max_size=3)


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def _check(game_id: str, options: dict[str, Any], line: Any, before: list[int]) -> None:
    try:
        check_line(game_id, line, before, options)
    except ScoresheetError as error:
        assert error.code in SECTION_5_CODES, error.code
        assert len(error.message) < 1000


@pytest.mark.parametrize(("game_id", "options"), GAMES)
@settings(derandomize=True, max_examples=150, deadline=None)
@given(
    changes=st.dictionaries(st.sampled_from(LINE_KEYS), VALUES, max_size=4),
    dropped=st.lists(st.sampled_from(LINE_KEYS), max_size=2),
    before=st.lists(st.integers(-300, 200), min_size=2, max_size=2),
)
def test_any_json_in_a_line_is_scored_or_refused_with_a_section_5_code(
    game_id: str,
    options: dict[str, Any],
    changes: dict[str, Any],
    dropped: list[str],
    before: list[int],
) -> None:
    line = {**VALID[game_id], **changes}
    for key in dropped:
        line.pop(key, None)
    _check(game_id, options, line, before)


@pytest.mark.parametrize(("game_id", "options"), GAMES)
@settings(derandomize=True, max_examples=40, deadline=None)
@given(line=JSON)
def test_a_line_that_is_not_an_object_is_refused(
    game_id: str, options: dict[str, Any], line: Any
) -> None:
    _check(game_id, options, line, [0, 0])


@pytest.mark.parametrize("key", LINE_KEYS)
@pytest.mark.parametrize(
    "value",
    [_nested(5000), "x" * 2_000_000, 10**5000, [1], [None, None], "x", {"a": 1}, [[1], [2]]],
    ids=["deep", "long", "huge", "short", "nulls", "text", "object", "lists"],
)
@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_malformed_values_are_refused_in_few_words(
    game_id: str, options: dict[str, Any], key: str, value: Any
) -> None:
    _check(game_id, options, {**VALID[game_id], key: value}, [0, 0])


def test_the_valid_lines_are_valid() -> None:
    for game_id, line in VALID.items():
        game = get_game(game_id)
        assert check_line(game, line, Tally.start(2)).made is True
