from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.rules import get_game
from engine.rules.conformance import differences, main, run_files, run_replay


def test_differences_compare_only_expected_keys() -> None:
    assert differences({"made": True}, {"made": True, "delta": [1, 2]}) == []
    assert differences({"delta": [1, 2]}, {"delta": [1, 3]}) == ["delta[1]: expected 2, got 3"]
    assert differences({"result": None}, {"result": {"winners": [0]}})
    assert differences({"made": False}, {"made": 0}), "a bool never equals a number"


def test_a_broken_file_reports_failures_and_the_closing_line(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    path.write_text(
        "\n".join(
            [
                "not json",
                json.dumps(
                    {
                        "id": "x1",
                        "game": "nogame",
                        "options": {},
                        "kind": "rank_order",
                        "expect": {},
                    }
                ),
                "",
            ]
        )
    )
    out = io.StringIO()
    assert run_files([path], out=out) == (0, 2)
    text = out.getvalue()
    assert "FAIL v.jsonl:1: not JSON" in text
    assert "FAIL x1: engine refused the case: unknown_game" in text


def test_main_ends_with_the_totals_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("\n")
    assert main([str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "0 passed, 0 failed"


def test_an_unfinished_replay_names_its_phase_as_written() -> None:
    game = get_game("auction45")
    deal = game.new_hand(dealer=0, seed=3).deal.to_dict()
    answer = run_replay(game, {"dealer": 0, "deal": deal, "actions": []})
    assert answer == {
        "final": {"unfinished": "the hand is still in phase 'auction', seat 1 to act"}
    }
