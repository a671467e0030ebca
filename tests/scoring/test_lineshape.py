"""The line screen: each game's own keys and nothing else, values in the shapes and sizes a
line uses; every line the engine writes for a played hand passes it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.rules import GAMES, get_game
from engine.rules.playthrough import PLAYTHROUGHS
from scoring.errors import LineRefused
from scoring.lineshape import LINE_FIELDS, MAX_INT, MAX_ITEMS, MAX_TEXT, line_screen, shown
from tests.scoring.games import GAMES as WRITTEN


def refusal(game_id: str, line: Any) -> tuple[str, str | None]:
    with pytest.raises(LineRefused) as refused:
        line_screen(game_id, line)
    return refused.value.code, refused.value.field


def test_every_game_of_the_engine_has_its_fields_listed() -> None:
    assert set(LINE_FIELDS) == set(GAMES)


@pytest.mark.parametrize("game_id", list(WRITTEN))
def test_the_lines_of_whole_games_pass(game_id: str) -> None:
    for line in WRITTEN[game_id][0]:
        line_screen(game_id, line)


EXTRA_OPTIONS = [
    ("auction45", {"count_rule": "made_a_bid"}),
    ("auction45", {"set_limit": 3, "consecutive_set_limit": 3}),
    ("pitch52", {"all_pass": "redeal"}),
]


@pytest.mark.parametrize(
    ("game_id", "options", "seed"),
    [(p.game, dict(p.options), p.seed) for p in PLAYTHROUGHS]
    + [(game, options, seed) for game, options in EXTRA_OPTIONS for seed in (1, 2, 3)],
)
def test_the_lines_played_hands_write_pass(
    game_id: str, options: dict[str, Any], seed: int
) -> None:
    """What the online tables store as scoresheet lines is screened like a typed line."""
    game = get_game(game_id, options)
    chooser = random.Random(seed)
    for dealer in range(game.seating.seats):
        hand = game.new_hand(dealer=dealer, seed=seed * 10 + dealer)
        while hand.result is None:
            legal = hand.legal_actions()
            hand.apply(legal[chooser.randrange(len(legal))])
        line_screen(game_id, hand.result.line)


@pytest.mark.parametrize(
    ("game_id", "line", "expected"),
    [
        ("auction45", {"bid": 20, "note": "x"}, ("unknown_key", "note")),
        ("auction45", {"mode": "uptown"}, ("unknown_key", "mode")),
        ("auction45", {"categories": {}}, ("unknown_key", "categories")),
        ("bidwhist", {"points": [1, 2]}, ("unknown_key", "points")),
        ("pitch52", {"books": [1, 2]}, ("unknown_key", "books")),
        ("pitch52", {"sets_before": [0, 0]}, ("unknown_key", "sets_before")),
        ("pitch52", {"x" * (MAX_TEXT + 1): 1}, ("unknown_key", None)),
        ("pitch52", {"a\x00": 1}, ("unknown_key", None)),
        ("pitch52", {1: 1}, ("unknown_key", None)),
        ("pitch52", {"trump": "H" * (MAX_TEXT + 1)}, ("too_large", "trump")),
        ("pitch52", {"points": [0] * (MAX_ITEMS + 1)}, ("too_large", "points")),
        (
            "pitch52",
            {"categories": {str(i): 0 for i in range(MAX_ITEMS + 1)}},
            ("too_large", "categories"),
        ),
        ("pitch52", {"categories": {"h" * (MAX_TEXT + 1): 0}}, ("too_large", "categories")),
        ("pitch52", {"trump": "H\x00"}, ("bad_value", "trump")),
        ("pitch52", {"trump": "\ud800"}, ("bad_value", "trump")),
        ("pitch52", {"categories": {"high\x00": 0}}, ("bad_value", "categories")),
        ("pitch52", {"categories": {"high": [0]}}, ("bad_value", "categories")),
        ("pitch52", {"categories": [0, 1]}, ("bad_value", "categories")),
        ("pitch52", {"points": {"0": 1}}, ("bad_value", "points")),
        ("pitch52", {"points": [1.0, 2]}, ("bad_value", "points")),
        ("pitch52", {"bid": float("inf")}, ("bad_value", "bid")),
        ("pitch52", {"bid": float("nan")}, ("bad_value", "bid")),
        ("pitch52", {"bid": MAX_INT + 1}, ("bad_value", "bid")),
        ("pitch52", {"scores_after": [-MAX_INT - 1, 0]}, ("bad_value", "scores_after")),
        ("pitch52", {"dealer": {"seat": 0}}, ("bad_value", "dealer")),
        ("pitch52", {"made": [True]}, ("bad_value", "made")),
        ("pitch52", {"points": [[5], 5]}, ("bad_value", "points")),
        ("pitch52", {"bid": b"5"}, ("bad_value", "bid")),
        ("pitch52", [("bid", 5)], ("missing_field", None)),
        ("pitch52", None, ("missing_field", None)),
    ],
)
def test_what_a_line_may_not_hold(
    game_id: str, line: Any, expected: tuple[str, str | None]
) -> None:
    assert refusal(game_id, line) == expected


@pytest.mark.parametrize(
    "line",
    [
        {},
        {"bid": "five", "points": 7, "made": None, "trump": " h "},  # the engine's to judge
        {"bid": MAX_INT, "scores_after": (-MAX_INT, 0)},
        {"categories": {"high": 0, "low": None, "jack": 1}, "points": [2, 1]},
    ],
)
def test_values_of_the_right_shape_are_left_to_the_engine(line: dict[str, Any]) -> None:
    line_screen("pitch52", line)


def test_an_unknown_game_takes_no_key() -> None:
    assert refusal("hearts", {"bid": 1}) == ("unknown_key", "bid")


def test_a_key_is_quoted_short_and_printable() -> None:
    assert shown("k" * 5000) == repr("k" * 30 + "…")
    assert shown("a\x00\ud800b") == repr("a??b")
