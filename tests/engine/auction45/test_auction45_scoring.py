"""Scoring, game end and scoresheet lines of auction45 (docs/rules.md#auction45-scoring,
#auction45-game-end, #game-end, #scoresheet-lines)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import ScoresheetError, Tally, check_line, get_game
from engine.rules.auction45 import Auction45


def _game(**options: Any) -> Auction45:
    game = get_game("auction45", options)
    assert isinstance(game, Auction45)
    return game


def _score(
    bidder: int,
    bid: int,
    points: list[int],
    before: list[int],
    options: dict[str, Any] | None = None,
    **facts: Any,
) -> tuple[bool | None, list[int], Any]:
    score = _game(**(options or {})).score(
        {"bidder": bidder, "bid": bid, "points": points, **facts}, Tally.of(before)
    )
    result = score.result.to_dict() if score.result else None
    return score.made, list(score.delta), result


# -- hand scoring ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("bidder", "bid", "points", "made", "delta"),
    [
        (1, 20, [15, 15], False, [15, -20]),
        (0, 25, [30, 0], True, [30, 0]),
        (0, 30, [30, 0], True, [60, 0]),
        (0, 30, [25, 5], False, [-30, 5]),
        (0, 15, [15, 15], True, [15, 15]),
        (1, 25, [5, 25], True, [5, 25]),
    ],
)
def test_examples_of_rules_1_9(
    bidder: int, bid: int, points: list[int], made: bool, delta: list[int]
) -> None:
    assert _score(bidder, bid, points, [0, 0])[:2] == (made, delta)


def test_sixty_for_120() -> None:
    assert _score(1, 60, [0, 30], [10, -40])[:2] == (True, [0, 120])
    assert _score(1, 60, [5, 25], [10, -40])[:2] == (False, [5, -60])


def test_thirty_for_sixty_off() -> None:
    assert _score(0, 30, [30, 0], [0, 0], {"thirty_for_sixty": False})[:2] == (True, [30, 0])


@pytest.mark.parametrize(
    ("options", "before", "facts", "defender_delta"),
    [
        ({}, [99, 0], {}, 10),
        ({}, [100, 0], {}, 0),
        ({"count_threshold": 90}, [90, 0], {}, 0),
        ({"count_threshold": 90}, [89, 0], {}, 10),
        ({"count_rule": "none"}, [110, 0], {}, 10),
        ({"count_rule": "made_a_bid"}, [100, 0], {"auction_max_bid": [15, 20]}, 10),
        ({"count_rule": "made_a_bid"}, [100, 0], {"auction_max_bid": [0, 20]}, 0),
        ({"count_rule": "bid_20"}, [100, 0], {"auction_max_bid": [15, 20]}, 0),
        ({"count_rule": "bid_20"}, [100, 0], {"auction_max_bid": [20, 20]}, 10),
        ({"count_hole_exception": True}, [100, -5], {}, 10),
        ({"count_hole_exception": True}, [100, 0], {}, 0),
    ],
)
def test_the_count_rule(
    options: dict[str, Any], before: list[int], facts: dict[str, Any], defender_delta: int
) -> None:
    made, delta, _ = _score(1, 20, [10, 20], before, options, **facts)
    assert made and delta == [defender_delta, 20]


def test_the_count_rule_never_stops_the_bidding_side() -> None:
    assert _score(0, 20, [20, 10], [105, 0])[:2] == (True, [20, 10])
    assert _score(0, 25, [20, 10], [105, 0])[:2] == (False, [-25, 10])


def test_the_hole_exception_needs_every_other_side_in_the_hole() -> None:
    options = {"players": 3, "count_hole_exception": True}
    assert _score(1, 15, [10, 15, 5], [105, -20, 30], options)[1] == [0, 15, 5]
    assert _score(1, 15, [10, 15, 5], [105, -20, -1], options)[1] == [10, 15, 5]


# -- game end --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "bidder", "bid", "points", "before", "result"),
    [
        ({}, 0, 20, [20, 10], [100, 50], {"winners": [0], "reason": "target"}),
        ({}, 0, 20, [20, 10], [99, 50], None),
        ({"target": 125}, 0, 20, [20, 10], [100, 0], None),
        (
            {"count_rule": "none"},
            0,
            20,
            [20, 10],
            [100, 115],
            {"winners": [0], "reason": "bidder_out_first"},
        ),
        ({"count_rule": "none"}, 1, 20, [10, 20], [110, 20], {"winners": [0], "reason": "target"}),
        ({}, 0, 30, [25, 5], [-170, 0], None),
        ({}, 0, 30, [25, 5], [-175, 0], {"winners": [1], "reason": "loss_line"}),
        ({"loss_line": -120}, 0, 25, [20, 10], [-100, 0], {"winners": [1], "reason": "loss_line"}),
        ({"loss_line": None}, 0, 30, [25, 5], [-500, 0], None),
        (
            {"players": 3, "count_rule": "none"},
            2,
            20,
            [5, 10, 15],
            [115, 110, 50],
            {"winners": [0, 1], "reason": "highest_score"},
        ),
        (
            {"players": 3},
            0,
            30,
            [25, 0, 5],
            [-180, 45, 40],
            {"winners": [1, 2], "reason": "loss_line"},
        ),
    ],
)
def test_game_end(
    options: dict[str, Any],
    bidder: int,
    bid: int,
    points: list[int],
    before: list[int],
    result: Any,
) -> None:
    assert _score(bidder, bid, points, before, options)[2] == result


def test_set_limits_count_sets_of_the_bidding_side() -> None:
    game = _game(set_limit=3, consecutive_set_limit=3)
    facts = {"bidder": 0, "bid": 20, "points": [15, 15]}
    score = game.score(facts, Tally.of([0, 0], [1, 0], [1, 0]))
    assert score.tally_after.sets == (2, 0) and score.tally_after.consecutive_sets == (2, 0)
    assert score.result is None
    made = game.score({**facts, "points": [20, 10]}, score.tally_after)
    assert made.tally_after.sets == (2, 0) and made.tally_after.consecutive_sets == (0, 0)
    third = game.score(facts, made.tally_after)
    assert third.result is not None and third.result.to_dict() == {
        "winners": [1],
        "reason": "set_limit",
    }
    streak = _game(consecutive_set_limit=3).score(facts, Tally.of([0, 0], [0, 0], [2, 0]))
    assert streak.result is not None and streak.result.reason == "set_limit"


def test_is_game_over() -> None:
    game = _game(set_limit=3)
    assert not game.is_game_over(Tally.of([119, -200]))
    assert game.is_game_over(Tally.of([120, 0]))
    assert game.is_game_over(Tally.of([0, -201]))
    assert game.is_game_over(Tally.of([0, 0], [0, 3]))


# -- scoresheet lines ------------------------------------------------------------------------------
LINE: dict[str, Any] = {"dealer": 3, "bidder": 0, "bid": 20, "trump": "S", "points": [20, 10]}


def _line(**changes: Any) -> dict[str, Any]:
    line = {**LINE, **changes}
    return {k: v for k, v in line.items() if v is not None}


def _code(line: Any, before: list[int] | Tally, **options: Any) -> tuple[str, str | None]:
    with pytest.raises(ScoresheetError) as refused:
        check_line("auction45", line, before, options)
    return refused.value.code, refused.value.field


@pytest.mark.parametrize(
    ("line", "before", "options", "code", "field"),
    [
        (_line(), [120, 0], {}, "game_over", None),
        ({}, [0, -201], {}, "game_over", None),
        (_line(trump=None), [0, 0], {}, "missing_field", "trump"),
        (_line(points=[30]), [0, 0], {}, "missing_field", "points"),
        (_line(points=[20, "10"]), [0, 0], {}, "missing_field", "points"),
        (_line(bid="20"), [0, 0], {}, "missing_field", "bid"),
        (_line(bidder=True), [0, 0], {}, "missing_field", "bidder"),
        (_line(made="yes"), [0, 0], {}, "missing_field", "made"),
        (_line(trump=1), [0, 0], {}, "missing_field", "trump"),
        (_line(scores_after=[20]), [0, 0], {}, "missing_field", "scores_after"),
        (_line(), [0, 0], {"count_rule": "bid_20"}, "missing_field", "auction_max_bid"),
        (
            _line(auction_max_bid=[20]),
            [0, 0],
            {"count_rule": "made_a_bid"},
            "missing_field",
            "auction_max_bid",
        ),
        (_line(bidder=4), [0, 0], {}, "bad_seat", "bidder"),
        (_line(bidder=-1), [0, 0], {}, "bad_seat", "bidder"),
        (_line(dealer=6), [0, 0], {}, "bad_seat", "dealer"),
        (
            {"passed_out": True},
            [0, 0],
            {"all_pass": "dealer_stuck"},
            "passed_out_not_allowed",
            "passed_out",
        ),
        (_line(bid=25, points=[25, 5], bidder=9, trump="X"), [0, 0], {}, "bad_seat", "bidder"),
        (_line(bid=35), [0, 0], {}, "bad_bid", "bid"),
        (_line(bid=10), [0, 0], {}, "bad_bid", "bid"),
        (_line(bid=15), [0, 0], {"min_bid": 20}, "bad_bid", "bid"),
        (_line(bid=60), [-5, 0], {"sixty_for_120": "never"}, "bad_bid", "bid"),
        (_line(bid=60, points=[30, 0]), [0, -5], {}, "sixty_not_allowed", "bid"),
        (_line(trump="NT"), [0, 0], {}, "bad_trump", "trump"),
        (_line(points=[17, 13]), [0, 0], {}, "points_not_multiple_of_5", "points"),
        (_line(points=[35, -5]), [0, 0], {}, "points_out_of_range", "points"),
        (_line(points=[20, 15]), [0, 0], {}, "points_total", "points"),
        (_line(points=[20, 10], no_trump_played=True), [0, 0], {}, "points_total", "points"),
        (_line(made=False), [0, 0], {}, "made_mismatch", "made"),
        (_line(bid=30, points=[25, 5], made=True), [0, 0], {}, "made_mismatch", "made"),
        (_line(scores_after=[20, 0]), [0, 0], {}, "score_mismatch", "scores_after"),
        (
            _line(bidder=1, points=[10, 20], scores_after=[115, 40]),
            [105, 20],
            {},
            "score_mismatch",
            "scores_after",
        ),
        ({"passed_out": True, "made": False}, [0, 0], {}, "made_mismatch", "made"),
        (
            {"passed_out": True, "scores_after": [5, 0]},
            [0, 0],
            {},
            "score_mismatch",
            "scores_after",
        ),
    ],
)
def test_each_reason_code_in_order(
    line: Any, before: list[int], options: dict[str, Any], code: str, field: str | None
) -> None:
    assert _code(line, before, **options) == (code, field)


def test_a_line_that_is_not_an_object() -> None:
    assert _code(["bidder", 0], [0, 0])[0] == "missing_field"


def test_a_tally_already_at_a_set_limit_is_game_over() -> None:
    assert _code(_line(), Tally.of([0, 0], [3, 0]), set_limit=3)[0] == "game_over"


def test_valid_lines() -> None:
    score = check_line("auction45", _line(made=True, scores_after=[20, 10]), [0, 0])
    assert (score.made, score.delta, score.scores_after, score.result) == (
        True,
        (20, 10),
        (20, 10),
        None,
    )
    passed = check_line("auction45", {"passed_out": True, "scores_after": [40, 55]}, [40, 55])
    assert (passed.made, passed.delta, passed.scores_after) == (None, (0, 0), (40, 55))
    no_trump = check_line("auction45", _line(points=[20, 5], no_trump_played=True), [0, 0])
    assert no_trump.delta == (20, 5)
    lower = check_line("auction45", _line(trump="h"), [0, 0])
    assert lower.delta == (20, 10)


def test_a_line_takes_its_set_counts() -> None:
    score = check_line(
        "auction45", _line(points=[10, 20], sets_before=[2, 0]), [0, 0], {"set_limit": 3}
    )
    assert score.made is False and score.result is not None and score.result.reason == "set_limit"


def test_lines_and_scores_agree_for_every_split() -> None:
    game = _game(count_rule="made_a_bid")
    for bid in (15, 20, 25, 30):
        for taken in range(0, 35, 5):
            for before in ([0, 0], [100, 95], [-100, 100]):
                line = _line(bid=bid, points=[taken, 30 - taken], auction_max_bid=[bid, 0])
                score = game.check_line(line, Tally.of(before))
                assert score == game.score(line, Tally.of(before))
                assert score.made == (taken >= min(bid, 30))
                assert sum(score.delta) == sum(score.scores_after) - sum(before)


def test_equal_facts_give_equal_scores_and_different_tallies_do_not_mix() -> None:
    game = _game()
    facts = {"bidder": 0, "bid": 20, "points": [20, 10]}
    first = game.score(facts, Tally.of([0, 0]))
    assert game.score(dict(facts, points=(20, 10)), Tally.of([0, 0])) == first
    later = game.score(facts, Tally.of([100, 0]))
    assert later.scores_after == (120, 10) and later.result is not None
    assert game.score(facts, Tally.of([0, 0], [1, 0])).tally_after.sets == (1, 0)
    assert game.score({**facts, "bidder": 2}, Tally.of([0, 0])) == first  # same side


def test_scores_stay_right_beyond_the_cache_size() -> None:
    game = _game(count_rule="made_a_bid")
    for before in range(-4000, 4000, 5):
        tally = Tally.of([before, 50])
        made = game.score({"bidder": 1, "bid": 25, "points": [5, 25]}, tally)
        assert made.scores_after == (before + (5 if before < 100 else 0), 75)
        plain = game.score(
            {"bidder": 1, "bid": 25, "points": [5, 25], "auction_max_bid": [15, 25]}, tally
        )
        assert plain.scores_after == (before + 5, 75)
