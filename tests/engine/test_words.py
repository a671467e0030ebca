"""The engine's messages are read by people: rules named in words, seats counted from 1."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.rules import IllegalActionError, get_game
from engine.rules.actions import Call
from engine.rules.words import changes_text, points_text, scores_text, seat_name

RULES = Path(__file__).resolve().parents[2] / "engine" / "rules"

#: The calls that build a refusal; their message is what a player or a director reads.
MESSAGE_MAKERS = {
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "RulesError",
    "ScoresheetError",
    "ReplayError",
    "_refuse",
    "_missing",
}


def test_seats_are_counted_from_one() -> None:
    assert seat_name(0) == "seat 1"
    assert seat_name(3) == "seat 4"
    assert seat_name(True) == "seat True"
    assert seat_name("x") == "seat 'x'"


def test_scores_changes_and_points_read_as_words() -> None:
    assert scores_text([125, 75]) == "125 to 75"
    assert scores_text((10, 20, 30)) == "10 to 20 to 30"
    assert changes_text((10, -20)) == "+10 and -20"
    assert points_text(1) == "1 point"
    assert (points_text(0), points_text(2)) == ("0 points", "2 points")


def test_a_refusal_names_the_seat_as_the_table_counts_it() -> None:
    hand = get_game("auction45").new_hand(dealer=3, seed=1)  # seat 0 speaks first
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(Call(2, "pass"))
    assert refused.value.code == "out_of_turn"
    assert refused.value.message == "seat 3 called but it is seat 1's turn to call"


def _message_strings(path: Path) -> list[tuple[int, str]]:
    """The literal text of every message built by a refusal in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
        if name not in MESSAGE_MAKERS:
            continue
        for arg in node.args[1:]:
            for part in ast.walk(arg):
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    found.append((part.lineno, part.value))
    return found


def test_no_message_cites_a_section_of_the_specification() -> None:
    cited = [
        f"{path.relative_to(RULES)}:{line}"
        for path in sorted(RULES.rglob("*.py"))
        for line, text in _message_strings(path)
        if "rules.md" in text.lower()
    ]
    assert cited == []


def test_the_message_scan_sees_a_citation(tmp_path: Path) -> None:
    path = tmp_path / "cites.py"
    path.write_text('raise NotationError("bad_card", f"{x} is no card (docs/rules.md#cards)")\n')
    assert _message_strings(path) == [(1, " is no card (docs/rules.md#cards)")]
