"""pitch52 points, hand scoring, game end and scoresheet lines (docs/rules.md#pitch52-points to
#pitch52-game-end, #game-end, #scoresheet-lines)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import Match, ScoresheetError, Tally, check_line, get_game
from engine.rules.pitch52 import Pitch52
from engine.rules.pitch52.scoring import scheme_values

ALL_TO = {
    0: {
        "high": 0,
        "low": 0,
        "jack": 0,
        "off_jack": 0,
        "big_joker": 0,
        "little_joker": 0,
        "three": 0,
        "game": 0,
    }
}


def _game(options: dict[str, Any] | None = None) -> Pitch52:
    game = get_game("pitch52", options or {})
    assert isinstance(game, Pitch52)
    return game


def _tally(*scores: int) -> Tally:
    return Tally.of(scores)


# -- points (docs/rules.md#pitch52-points) --------------------------------------------------------
def test_the_schemes_are_worth_ten_or_seven_points() -> None:
    assert sum(scheme_values("high_low", True).values()) == 10
    assert sum(scheme_values("high_low", False).values()) == 7
    assert sum(scheme_values("card", True).values()) == 10
    assert sum(scheme_values("card", False).values()) == 7
    assert "three" not in scheme_values("card", False)
    assert list(scheme_values("card", True)) == [
        "ace",
        "jack",
        "off_jack",
        "big_joker",
        "little_joker",
        "ten",
        "two",
        "three",
    ]


def _categories(options: dict[str, Any], trump: str, tricks: list[list[Any]]) -> dict[str, Any]:
    facts = {"bidder": 0, "bid": 4, "trump": trump, "tricks": tricks}
    score = _game(options).score(facts, Tally.start(_game(options).seating.sides))
    assert score.categories is not None
    return dict(score.categories)


def test_high_and_low_follow_the_trump_order_not_the_printed_rank() -> None:
    # Only the jokers and the off-jack are in play: the off-jack is high, the little joker low.
    cats = _categories({}, "S", [[[0, "BJ"], [1, "JC"], [2, "LJ"]]])
    assert (cats["high"], cats["low"]) == (1, 0)
    assert (cats["off_jack"], cats["big_joker"], cats["little_joker"]) == (1, 1, 1)
    assert cats["jack"] is None and cats["three"] is None


def test_low_to_player_or_captor() -> None:
    tricks = [[[1, "2H"], [2, "AH"]]]
    assert _categories({}, "H", tricks)["low"] == 1
    assert _categories({"low_to": "captor"}, "H", tricks)["low"] == 0
    card = _categories({"point_scheme": "card"}, "H", tricks)
    assert (card["two"], card["ace"]) == (1, 0)
    captor = _categories({"point_scheme": "card", "low_to": "captor"}, "H", tricks)
    assert captor["two"] == 0


def test_game_counts_tens_and_faces_and_a_tie_awards_nothing() -> None:
    # Side 0 wins a ten (10); side 1 wins A K Q J of trumps (4+3+2+1 = 10): a tie.
    tricks = [
        [[0, "TD"], [1, "2D"]],
        [[1, "AD"], [0, "3D"]],
        [[1, "KD"], [0, "4D"]],
        [[1, "QD"], [0, "5D"]],
        [[1, "JD"], [0, "6D"]],
    ]
    assert _categories({}, "D", tricks)["game"] is None
    # With the off-jack (1 more) side 1 wins game.
    assert _categories({}, "D", [*tricks, [[1, "JH"], [0, "7D"]]])["game"] == 1
    # Jokers have no game value.
    assert _categories({}, "D", [[[0, "BJ"], [1, "LJ"]]])["game"] is None


def test_the_three_counts_only_when_count_three_is_true() -> None:
    tricks = [[[0, "3C"], [1, "4C"]]]
    assert _categories({}, "C", tricks)["three"] == 1
    assert "three" not in _categories({"count_three": False}, "C", tricks)


# -- hand scoring (docs/rules.md#pitch52-scoring, #pitch52-game-end) ------------------------------
@pytest.mark.parametrize(
    ("bidder", "bid", "points", "made", "delta"),
    [
        (0, 4, [4, 6], True, [4, 6]),
        (0, 5, [4, 6], False, [-5, 6]),
        (1, 6, [4, 6], True, [4, 6]),
        (3, 7, [4, 6], False, [4, -7]),
        (2, 10, [10, 0], True, [10, 0]),
    ],
)
def test_made_scores_the_points_and_set_loses_the_bid(
    bidder: int, bid: int, points: list[int], made: bool, delta: list[int]
) -> None:
    score = _game().score({"bidder": bidder, "bid": bid, "points": points}, _tally(0, 0))
    assert score.made is made
    assert list(score.delta) == delta
    assert list(score.scores_after) == delta
    assert score.result is None


@pytest.mark.parametrize(
    ("options", "before", "bidder", "points", "winners", "reason"),
    [
        ({}, (50, 40), 0, [4, 6], (0,), "target"),
        ({}, (40, 50), 0, [4, 6], (1,), "target"),
        ({}, (48, 48), 1, [5, 5], (1,), "bidder_out_first"),
        ({"target": 11}, (5, 5), 0, [6, 4], (0,), "target"),
        ({"players": 3}, (10, 50, 50), 0, [4, 3, 3], (1, 2), "highest_score"),
        ({"players": 3}, (10, 50, 49), 0, [4, 3, 5], (2,), "highest_score"),
    ],
)
def test_game_end(
    options: dict[str, Any],
    before: tuple[int, ...],
    bidder: int,
    points: list[int],
    winners: tuple[int, ...],
    reason: str,
) -> None:
    score = _game(options).score({"bidder": bidder, "bid": 4, "points": points}, Tally.of(before))
    assert score.result is not None
    assert (score.result.winners, score.result.reason) == (winners, reason)


def test_a_set_can_push_a_score_below_zero_and_the_game_goes_on() -> None:
    game = _game()
    score = game.score({"bidder": 1, "bid": 8, "points": [5, 5]}, _tally(51, 3))
    assert list(score.scores_after) == [56, -5]
    assert score.result is not None and score.result.winners == (0,)
    score = game.score({"bidder": 1, "bid": 8, "points": [5, 5]}, _tally(10, 3))
    assert list(score.scores_after) == [15, -5] and score.result is None
    assert not game.is_game_over(_tally(51, -200))
    assert game.is_game_over(_tally(0, 52))


def test_scoring_by_categories_tricks_or_points_agrees() -> None:
    game = _game()
    tricks = [
        [[0, "AH"], [1, "2H"], [2, "JD"], [3, "TH"]],
        [[0, "3H"], [1, "BJ"], [2, "QH"], [3, "JH"]],
        [[2, "4H"], [3, "LJ"], [1, "KH"]],
    ]
    by_tricks = game.score({"bidder": 0, "bid": 5, "trump": "H", "tricks": tricks}, _tally(0, 0))
    assert by_tricks.categories is not None and by_tricks.points is not None
    by_categories = game.score(
        {"bidder": 0, "bid": 5, "categories": dict(by_tricks.categories)}, _tally(0, 0)
    )
    by_points = game.score({"bidder": 0, "bid": 5, "points": list(by_tricks.points)}, _tally(0, 0))
    assert by_categories == by_tricks
    assert by_points.delta == by_tricks.delta and by_points.categories is None
    assert by_tricks.points == (8, 2)


# -- scoresheet lines (docs/rules.md#scoresheet-lines) --------------------------------------------
LINE = {"dealer": 3, "bidder": 0, "bid": 5, "trump": "H", "points": [6, 4]}


def _refused(line: dict[str, Any], before: Any = (0, 0), options: Any = None) -> ScoresheetError:
    with pytest.raises(ScoresheetError) as refused:
        check_line("pitch52", line, list(before), options)
    return refused.value


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"bidder": None}, "missing_field", "bidder"),
        ({"bid": "5"}, "missing_field", "bid"),
        ({"trump": 1}, "missing_field", "trump"),
        ({"points": None}, "missing_field", "points"),
        ({"points": [6, 4, 0]}, "missing_field", "points"),
        ({"points": [6, True]}, "missing_field", "points"),
        ({"dealer": "3"}, "missing_field", "dealer"),
        ({"made": "yes"}, "missing_field", "made"),
        ({"scores_after": [6]}, "missing_field", "scores_after"),
        ({"categories": ["high"]}, "missing_field", "categories"),
        ({"passed_out": "no"}, "missing_field", "passed_out"),
        ({"bidder": -1}, "bad_seat", "bidder"),
        ({"bidder": 4}, "bad_seat", "bidder"),
        ({"dealer": 4}, "bad_seat", "dealer"),
        ({"bid": 3}, "bad_bid", "bid"),
        ({"bid": 11}, "bad_bid", "bid"),
        ({"trump": "NT"}, "bad_trump", "trump"),
        ({"trump": "HH"}, "bad_trump", "trump"),
        ({"points": [11, 0]}, "points_out_of_range", "points"),
        ({"points": [5, -1]}, "points_out_of_range", "points"),
        ({"points": [6, 5]}, "points_total", "points"),
        ({"points": [0, 1]}, "points_total", "points"),
        ({"categories": {"ace": 0}}, "bad_category", "categories"),
        ({"categories": {"high": 0, "low": 5}}, "bad_category", "categories"),
        ({"categories": {"high": 0, "low": "1"}}, "bad_category", "categories"),
        ({"categories": {"high": 0}}, "bad_category", "categories"),
        ({"categories": {"high": 0, "low": 1}}, "points_mismatch", "points"),
        ({"made": False}, "made_mismatch", "made"),
        ({"scores_after": [6, 5]}, "score_mismatch", "scores_after"),
    ],
)
def test_each_reason_code_names_the_field(change: dict[str, Any], code: str, field: str) -> None:
    line = {**LINE, **change}
    line = {key: value for key, value in line.items() if value is not None}
    error = _refused(line)
    assert (error.code, error.field) == (code, field)
    assert error.message


def test_game_over_is_checked_first() -> None:
    error = _refused({"nonsense": True}, before=(52, 0))
    assert (error.code, error.field) == ("game_over", None)
    assert "52" in error.message
    error = _refused({**LINE, "bid": 99}, before=(0, 30), options={"target": 30})
    assert error.code == "game_over"


def test_variant_limits_on_lines() -> None:
    assert _refused({**LINE, "bid": 4}, options={"min_bid": 5}).code == "bad_bid"
    no_three = {"count_three": False}
    assert _refused({**LINE, "bid": 8}, options=no_three).code == "bad_bid"
    assert _refused({**LINE, "points": [6, 4]}, options=no_three).code == "points_total"
    assert _refused({**LINE, "points": [8, 0]}, options=no_three).code == "points_out_of_range"
    three = {**LINE, "points": [4, 1], "categories": {"high": 0, "low": 1, "three": 0}}
    error = _refused(three, options=no_three)
    assert error.code == "bad_category" and "count_three" in error.message
    card = {"point_scheme": "card"}
    score = check_line("pitch52", {**LINE, "points": [0, 0]}, [0, 0], card)
    assert score.made is False and list(score.delta) == [-5, 0]
    assert _refused({**LINE, "categories": {"high": 0, "low": 1}}, options=card).code == (
        "bad_category"
    )


def test_a_valid_line_returns_the_score_and_categories() -> None:
    categories = {"high": 0, "low": 1, "jack": 0, "three": 0, "game": 1, "off_jack": None}
    line = {**LINE, "points": [5, 2], "categories": categories, "made": True}
    score = check_line("pitch52", {**line, "scores_after": [15, 12]}, [10, 10])
    assert score.made is True and list(score.delta) == [5, 2]
    assert list(score.scores_after) == [15, 12] and score.result is None
    assert score.categories == {
        "high": 0,
        "low": 1,
        "jack": 0,
        "off_jack": None,
        "big_joker": None,
        "little_joker": None,
        "three": 0,
        "game": 1,
    }


def test_passed_out_lines() -> None:
    error = _refused({"passed_out": True})
    assert (error.code, error.field) == ("passed_out_not_allowed", "passed_out")
    redeal = {"all_pass": "redeal"}
    score = check_line("pitch52", {"passed_out": True, "dealer": 2}, [7, 9], redeal)
    assert score.made is None and list(score.delta) == [0, 0]
    assert list(score.scores_after) == [7, 9] and score.result is None
    mismatch = {"passed_out": True, "scores_after": [7, 10]}
    assert _refused(mismatch, before=(7, 9), options=redeal).code == "score_mismatch"
    assert _refused({"passed_out": True, "dealer": 9}, options=redeal).code == "bad_seat"


def test_lines_for_other_tables() -> None:
    six = {"players": 6}
    score = check_line("pitch52", {**LINE, "bidder": 4, "points": [3, 4, 3]}, [0, 0, 0], six)
    assert list(score.delta) == [3, -5, 3]
    wrong_seat = {**LINE, "bidder": 6, "points": [3, 4, 3]}
    assert _refused(wrong_seat, before=(0, 0, 0), options=six).code == "bad_seat"
    assert _refused(LINE, before=(0, 0, 0), options=six).code == "missing_field"
    trios = {"players": 6, "six_player_teams": "two_trios"}
    score = check_line("pitch52", {**LINE, "bidder": 4}, [0, 0], trios)
    assert list(score.delta) == [6, 4]


def test_a_match_folds_lines_until_the_target() -> None:
    match = Match(_game(), first_dealer=1)
    for _ in range(5):
        match.add_line({"bidder": 0, "bid": 6, "trump": "S", "points": [9, 1]})
    assert match.tally.scores == (45, 5) and not match.is_over
    match.add_line({"bidder": 1, "bid": 4, "trump": "S", "points": [7, 3]})
    assert match.tally.scores == (52, 1)
    assert match.result is not None and match.result.winners == (0,)
    assert match.dealer == 3  # six hands passed the deal on from seat 1
    with pytest.raises(ScoresheetError) as refused:
        match.add_line({"bidder": 0, "bid": 6, "trump": "S", "points": [9, 1]})
    assert refused.value.code == "game_over"


def test_all_categories_to_one_side_are_ten_points() -> None:
    score = _game().score({"bidder": 0, "bid": 10, "categories": ALL_TO[0]}, _tally(0, 0))
    assert score.points == (10, 0) and score.made is True
