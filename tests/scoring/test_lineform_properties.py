"""Any text typed into the entry page's inputs becomes a line that the line check answers with
a score or a coded refusal: no other exception, whatever is typed."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import get_game
from scoring import engine_bridge as bridge
from scoring.errors import LineRefused
from scoring.lineform import line_columns, line_from_form

TYPED = (
    st.text(max_size=8)
    | st.text(st.sampled_from("0123456789-+ ²٣①₂\x00\x07\ud800hHsSnNtT"), max_size=10)
    | st.integers(-100, 200).map(str)
    | st.sampled_from(["9" * 5000, "1" * 18, "on", "uptown", "nt", "60"])
)
GAMES = [("auction45", {}), ("auction45", {"count_rule": "made_a_bid"}), ("bidwhist", {})]
GAMES += [("pitch52", {"all_pass": "redeal"})]


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_any_typed_text_gets_a_score_or_a_coded_refusal(
    game_id: str, options: dict[str, Any]
) -> None:
    game = get_game(game_id, options)
    columns = line_columns(game, [f"Side {side + 1}" for side in range(game.seating.sides)])
    tally = bridge.tally_start(game)

    @settings(max_examples=150, derandomize=True, deadline=None)
    @given(st.fixed_dictionaries({c.name: TYPED for c in columns}))
    def check(typed: dict[str, str]) -> None:
        line = line_from_form(columns, typed)
        try:
            bridge.line_check(game, line, tally)
        except LineRefused as refused:
            assert refused.code and refused.message

    check()
