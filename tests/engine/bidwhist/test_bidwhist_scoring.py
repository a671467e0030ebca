"""Bid whist scoring, game end and scoresheet lines (docs/rules.md#game-end, #bidwhist-scoring,
#bidwhist-game-end, #scoresheet-lines)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import ScoresheetError, Tally, check_line, get_game

CONTRACT = {"scoring": "contract"}


def _score(
    options: dict[str, Any],
    bidder: int,
    bid: int,
    trump: str,
    books: list[int],
    before: tuple[int, int] = (0, 0),
) -> tuple[bool | None, tuple[int, ...], Any]:
    game = get_game("bidwhist", options)
    facts = {"bidder": bidder, "bid": bid, "trump": trump, "books": books}
    score = game.score(facts, Tally.of(before))
    assert score.scores_after == tuple(b + d for b, d in zip(before, score.delta, strict=True))
    assert score.tally_after.scores == score.scores_after
    return score.made, score.delta, score.result and score.result.to_dict()


# -- books over six (seed 002) --------------------------------------------------------------
@pytest.mark.parametrize(
    ("bidder", "bid", "books", "made", "delta"),
    [
        (0, 1, [7, 6], True, (1, 0)),
        (0, 1, [6, 7], False, (0, 1)),
        (2, 4, [11, 2], True, (5, 0)),
        (1, 4, [3, 10], True, (0, 4)),
        (1, 4, [4, 9], False, (4, 0)),
        (3, 7, [0, 13], True, (0, 7)),
        (3, 7, [1, 12], False, (7, 0)),
        (0, 3, [0, 13], False, (0, 3)),
    ],
)
def test_books_over_six(
    bidder: int, bid: int, books: list[int], made: bool, delta: tuple[int, int]
) -> None:
    assert _score({}, bidder, bid, "H", books)[:2] == (made, delta)


def test_books_over_six_never_takes_points_away() -> None:
    game = get_game("bidwhist")
    for bid in range(1, 8):
        for taken in range(14):
            for bidder in range(4):
                facts = {"bidder": bidder, "bid": bid, "trump": "NT", "books": [0, 0]}
                facts["books"] = [taken, 13 - taken] if bidder % 2 == 0 else [13 - taken, taken]
                score = game.score(facts, Tally.of((3, 4)))
                assert min(score.delta) == 0 and max(score.delta) > 0
                assert score.made == (taken >= 6 + bid)


@pytest.mark.parametrize(
    ("options", "trump", "bidder", "bid", "books", "delta"),
    [
        ({"no_trump_multiplier": 2}, "NT", 0, 2, [9, 4], (6, 0)),
        ({"no_trump_multiplier": 2}, "nt", 0, 2, [7, 6], (0, 4)),
        ({"no_trump_multiplier": 2}, "C", 0, 2, [9, 4], (3, 0)),
        ({"boston_multiplier": 4}, "S", 0, 2, [13, 0], (28, 0)),
        ({"boston_multiplier": 4}, "S", 0, 2, [0, 13], (0, 8)),
        ({"boston_multiplier": 4}, "S", 0, 2, [12, 1], (6, 0)),
        ({"boston_multiplier": 4, "no_trump_multiplier": 2}, "NT", 1, 7, [0, 13], (0, 56)),
        ({"boston_multiplier": 4, "no_trump_multiplier": 2}, "NT", 1, 7, [1, 12], (14, 0)),
    ],
)
def test_multipliers(
    options: dict[str, Any],
    trump: str,
    bidder: int,
    bid: int,
    books: list[int],
    delta: tuple[int, int],
) -> None:
    assert _score(options, bidder, bid, trump, books)[1] == delta


# -- contract scoring ([S5]) ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "bidder", "bid", "trump", "books", "made", "delta"),
    [
        (CONTRACT, 0, 3, "S", [10, 3], True, (3, 0)),
        (CONTRACT, 0, 3, "S", [12, 1], True, (3, 0)),
        (CONTRACT, 0, 3, "S", [8, 5], False, (-3, 0)),
        (CONTRACT, 0, 3, "S", [7, 6], False, (-3, 0)),
        (CONTRACT, 0, 3, "S", [6, 7], False, (-3, 1)),
        (CONTRACT, 0, 3, "S", [5, 8], False, (-3, 2)),
        (CONTRACT, 1, 1, "S", [7, 6], False, (1, -1)),
        (CONTRACT, 1, 1, "NT", [6, 7], True, (0, 1)),
        ({**CONTRACT, "no_trump_multiplier": 2}, 1, 4, "NT", [3, 10], True, (0, 8)),
        ({**CONTRACT, "no_trump_multiplier": 2}, 1, 4, "NT", [5, 8], False, (0, -8)),
        ({**CONTRACT, "no_trump_multiplier": 2}, 1, 4, "NT", [7, 6], False, (2, -8)),
        ({**CONTRACT, "boston_multiplier": 4}, 1, 7, "H", [0, 13], True, (0, 28)),
        ({**CONTRACT, "boston_multiplier": 4}, 1, 2, "H", [13, 0], False, (28, -8)),
    ],
)
def test_contract_scoring(
    options: dict[str, Any],
    bidder: int,
    bid: int,
    trump: str,
    books: list[int],
    made: bool,
    delta: tuple[int, int],
) -> None:
    assert _score(options, bidder, bid, trump, books)[:2] == (made, delta)


# -- game end (docs/rules.md#game-end, #bidwhist-game-end) ----------------------------------------
@pytest.mark.parametrize(
    ("options", "bidder", "bid", "books", "before", "result"),
    [
        ({}, 0, 1, [7, 6], (20, 0), {"winners": [0], "reason": "target"}),
        ({}, 0, 1, [7, 6], (19, 0), None),
        ({}, 0, 2, [7, 6], (0, 19), {"winners": [1], "reason": "target"}),
        ({"target": 7}, 0, 1, [13, 0], (0, 0), {"winners": [0], "reason": "target"}),
        ({"target": 7}, 0, 1, [12, 1], (0, 0), None),
        (CONTRACT, 0, 2, [7, 6], (-19, 0), {"winners": [1], "reason": "loss_line"}),
        (CONTRACT, 0, 2, [7, 6], (-18, 0), None),
        (CONTRACT, 1, 2, [6, 7], (0, -30), {"winners": [0], "reason": "loss_line"}),
        ({**CONTRACT, "target": 7}, 0, 3, [5, 8], (-5, 5), {"winners": [1], "reason": "target"}),
        ({**CONTRACT, "target": 7}, 0, 3, [7, 6], (-4, 0), {"winners": [1], "reason": "loss_line"}),
        ({}, 0, 2, [7, 6], (-30, 0), None),
    ],
)
def test_game_end(
    options: dict[str, Any],
    bidder: int,
    bid: int,
    books: list[int],
    before: tuple[int, int],
    result: dict[str, Any] | None,
) -> None:
    assert _score(options, bidder, bid, "S", books, before)[2] == result


@pytest.mark.parametrize(
    ("options", "scores", "over"),
    [
        ({}, (20, 20), False),
        ({}, (21, 0), True),
        ({}, (0, 25), True),
        ({}, (-50, 0), False),
        ({"target": 7}, (7, 0), True),
        (CONTRACT, (-20, 20), False),
        (CONTRACT, (-21, 0), True),
        (CONTRACT, (0, -21), True),
        ({**CONTRACT, "target": 7}, (0, -7), True),
        ({**CONTRACT, "target": 7}, (-6, 6), False),
    ],
)
def test_is_game_over(options: dict[str, Any], scores: tuple[int, int], over: bool) -> None:
    assert get_game("bidwhist", options).is_game_over(Tally.of(scores)) is over


# -- scoresheet lines (docs/rules.md#scoresheet-lines) --------------------------------------------
LINE: dict[str, Any] = {
    "dealer": 0,
    "bidder": 1,
    "bid": 3,
    "trump": "S",
    "mode": "uptown",
    "books": [3, 10],
}


def _line(**changes: Any) -> dict[str, Any]:
    line = dict(LINE)
    for key, value in changes.items():
        if value is ...:
            line.pop(key)
        else:
            line[key] = value
    return line


def test_a_valid_line() -> None:
    score = check_line("bidwhist", _line(made=True, scores_after=[2, 5]), [2, 1])
    assert (score.made, score.delta, score.scores_after, score.result) == (
        True,
        (0, 4),
        (2, 5),
        None,
    )


def test_optional_fields_written_as_null_are_not_checked() -> None:
    score = check_line("bidwhist", _line(made=None, scores_after=None, dealer=None), [0, 0])
    assert score.delta == (0, 4)


@pytest.mark.parametrize(
    ("options", "line", "before", "code", "field"),
    [
        ({}, _line(), (21, 0), "game_over", None),
        ({}, {"junk": 1}, (0, 30), "game_over", None),
        (CONTRACT, _line(), (0, -21), "game_over", None),
        ({}, _line(), (0, 0, 0), "missing_field", "scores_before"),
        ({}, _line(bidder=...), (0, 0), "missing_field", "bidder"),
        ({}, _line(bid=...), (0, 0), "missing_field", "bid"),
        ({}, _line(trump=...), (0, 0), "missing_field", "trump"),
        ({}, _line(mode=...), (0, 0), "missing_field", "mode"),
        ({}, _line(books=...), (0, 0), "missing_field", "books"),
        ({}, _line(bidder=None), (0, 0), "missing_field", "bidder"),
        ({}, _line(bidder=True), (0, 0), "missing_field", "bidder"),
        ({}, _line(bid=3.0), (0, 0), "missing_field", "bid"),
        ({}, _line(dealer="0"), (0, 0), "missing_field", "dealer"),
        ({}, _line(trump=1), (0, 0), "missing_field", "trump"),
        ({}, _line(mode=0), (0, 0), "missing_field", "mode"),
        ({}, _line(books=[13]), (0, 0), "missing_field", "books"),
        ({}, _line(books="3,10"), (0, 0), "missing_field", "books"),
        ({}, _line(books=[3, "10"]), (0, 0), "missing_field", "books"),
        ({}, _line(made=1), (0, 0), "missing_field", "made"),
        ({}, _line(scores_after=[0, 4, 0]), (0, 0), "missing_field", "scores_after"),
        ({}, _line(passed_out="yes"), (0, 0), "missing_field", "passed_out"),
        ({}, _line(bidder=4), (0, 0), "bad_seat", "bidder"),
        ({}, _line(bidder=-1), (0, 0), "bad_seat", "bidder"),
        ({}, _line(dealer=4), (0, 0), "bad_seat", "dealer"),
        ({}, {"passed_out": True}, (0, 0), "passed_out_not_allowed", "passed_out"),
        ({}, _line(passed_out=True), (0, 0), "passed_out_not_allowed", "passed_out"),
        ({}, _line(bid=0), (0, 0), "bad_bid", "bid"),
        ({}, _line(bid=8), (0, 0), "bad_bid", "bid"),
        ({"min_bid": 4}, _line(bid=3), (0, 0), "bad_bid", "bid"),
        ({}, _line(trump="NO"), (0, 0), "bad_trump", "trump"),
        ({}, _line(trump=""), (0, 0), "bad_trump", "trump"),
        ({}, _line(mode="downtown"), (0, 0), "bad_mode", "mode"),
        ({}, _line(books=[-1, 14]), (0, 0), "books_out_of_range", "books"),
        ({}, _line(books=[14, 0]), (0, 0), "books_out_of_range", "books"),
        ({}, _line(books=[3, 9]), (0, 0), "books_total", "books"),
        ({}, _line(books=[4, 10]), (0, 0), "books_total", "books"),
        ({}, _line(made=False), (0, 0), "made_mismatch", "made"),
        ({}, _line(books=[4, 9], made=False), (0, 0), "made_mismatch", "made"),
        ({}, _line(scores_after=[0, 3]), (0, 0), "score_mismatch", "scores_after"),
        (CONTRACT, _line(scores_after=[0, 4]), (0, 0), "score_mismatch", "scores_after"),
        # the first failing check wins
        ({}, _line(bidder=7, books=...), (0, 0), "missing_field", "books"),
        ({}, _line(bidder=7, bid=0), (0, 0), "bad_seat", "bidder"),
        ({}, _line(bid=0, trump="X", mode="x"), (0, 0), "bad_bid", "bid"),
        ({}, _line(trump="X", mode="x"), (0, 0), "bad_trump", "trump"),
        ({}, _line(mode="x", books=[20, 20]), (0, 0), "bad_mode", "mode"),
        ({}, _line(books=[20, -7], made=False), (0, 0), "books_out_of_range", "books"),
        ({}, _line(books=[6, 6], made=False), (0, 0), "books_total", "books"),
        ({}, _line(made=False, scores_after=[9, 9]), (0, 0), "made_mismatch", "made"),
    ],
)
def test_refused_lines(
    options: dict[str, Any],
    line: dict[str, Any],
    before: tuple[int, ...],
    code: str,
    field: str | None,
) -> None:
    with pytest.raises(ScoresheetError) as refused:
        check_line("bidwhist", line, list(before), options)
    assert (refused.value.code, refused.value.field) == (code, field)
    assert refused.value.message


def test_messages_say_what_is_wrong() -> None:
    with pytest.raises(ScoresheetError) as refused:
        check_line("bidwhist", _line(books=[7, 7]), [0, 0])
    assert "13" in refused.value.message and "7 + 7 = 14" in refused.value.message


@pytest.mark.parametrize(
    ("options", "line", "before", "delta", "result"),
    [
        ({}, _line(trump="nt", mode="downtown_aces_bad"), (0, 0), (0, 4), None),
        ({}, _line(books=[1, 12]), (0, 15), (0, 6), {"winners": [1], "reason": "target"}),
        (
            CONTRACT,
            _line(books=[8, 5]),
            (-1, -18),
            (2, -3),
            {"winners": [0], "reason": "loss_line"},
        ),
        ({"target": 7}, _line(books=[9, 4], made=False), (3, 0), (3, 0), None),
    ],
)
def test_valid_lines_score_like_the_facts(
    options: dict[str, Any],
    line: dict[str, Any],
    before: tuple[int, int],
    delta: tuple[int, int],
    result: dict[str, Any] | None,
) -> None:
    game = get_game("bidwhist", options)
    score = game.check_line(line, Tally.of(before))
    assert score.delta == delta
    assert (score.result.to_dict() if score.result else None) == result
    assert game.score(line, Tally.of(before)) == score
