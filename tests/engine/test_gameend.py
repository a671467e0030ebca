from __future__ import annotations

import pytest

from engine.rules.gameend import GameResult, decide_game_end


@pytest.mark.parametrize(
    ("scores", "bidding_side", "line", "sets", "expected"),
    [
        ((100, 119), 1, (), (), None),
        ((125, 90), 0, (), (), GameResult((0,), "target")),
        ((125, 90), 1, (), (), GameResult((0,), "target")),
        ((125, 121), 1, (), (), GameResult((1,), "bidder_out_first")),
        ((130, 125, 10), 2, (), (), GameResult((0,), "highest_score")),
        ((130, 130, 10), 2, (), (), GameResult((0, 1), "highest_score")),
        ((-210, 100), 0, (0,), (), GameResult((1,), "loss_line")),
        ((-210, 100, 40), 0, (0,), (2,), GameResult((1,), "loss_line")),
        ((10, 100, 40), 0, (), (1,), GameResult((2,), "set_limit")),
        ((50, 50, -300), 2, (2,), (), GameResult((0, 1), "loss_line")),
    ],
)
def test_shared_game_end_procedure(
    scores: tuple[int, ...],
    bidding_side: int,
    line: tuple[int, ...],
    sets: tuple[int, ...],
    expected: GameResult | None,
) -> None:
    assert (
        decide_game_end(
            scores,
            target=120,
            bidding_side=bidding_side,
            lost_by_loss_line=line,
            lost_by_set_limit=sets,
        )
        == expected
    )


def test_target_beats_a_loss_line_crossed_the_same_hand() -> None:
    result = decide_game_end((120, -250), target=120, bidding_side=1, lost_by_loss_line=(1,))
    assert result == GameResult((0,), "target")
