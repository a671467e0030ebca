"""Golden playthroughs: regenerate each and compare with the file under playthroughs/.

After an intended change of behaviour, regenerate with
``python -m engine.rules.playthrough --write tests/engine/playthroughs`` and review the diff.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine.rules.playthrough import PLAYTHROUGHS, Playthrough, render
from engine.rules.registry import get_game

GOLDEN = Path(__file__).resolve().parent / "playthroughs"
ACTION_LINE = re.compile(r" *\d+\. seat \d+: ")


@pytest.mark.parametrize("spec", PLAYTHROUGHS, ids=lambda spec: spec.name)
def test_playthrough_matches_golden_file(spec: Playthrough) -> None:
    path = GOLDEN / f"{spec.name}.txt"
    assert path.is_file(), f"missing golden file {path.name}: run the --write command"
    assert render(spec) == path.read_text(encoding="utf-8")


def test_every_golden_file_belongs_to_a_playthrough() -> None:
    names = {spec.name for spec in PLAYTHROUGHS}
    assert {path.stem for path in GOLDEN.glob("*.txt")} <= names


@pytest.mark.parametrize("spec", PLAYTHROUGHS, ids=lambda spec: spec.name)
def test_a_golden_file_has_one_line_per_action(spec: Playthrough) -> None:
    text = (GOLDEN / f"{spec.name}.txt").read_text(encoding="utf-8")
    actions = sum(1 for line in text.splitlines() if ACTION_LINE.match(line))
    assert f"# over after {actions} actions\n" in text


def test_an_engine_that_offers_its_actions_in_another_order_fails_the_golden_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = next(spec for spec in PLAYTHROUGHS if spec.game == "pitch52")
    game = get_game(spec.game, dict(spec.options))
    hand_class = type(game.new_hand(dealer=spec.dealer, seed=spec.seed, scores=spec.scores))
    offered = hand_class.legal_actions

    def reversed_order(self: Any) -> list[Any]:
        return list(reversed(offered(self)))

    monkeypatch.setattr(hand_class, "legal_actions", reversed_order)
    assert render(spec) != (GOLDEN / f"{spec.name}.txt").read_text(encoding="utf-8")
