"""Golden playthroughs: regenerate each and compare with the file under playthroughs/.

After an intended change of behaviour, regenerate with
``python -m engine.rules.playthrough --write tests/engine/playthroughs`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules.playthrough import PLAYTHROUGHS, Playthrough, render

GOLDEN = Path(__file__).resolve().parent / "playthroughs"


@pytest.mark.parametrize("spec", PLAYTHROUGHS, ids=lambda spec: spec.name)
def test_playthrough_matches_golden_file(spec: Playthrough) -> None:
    path = GOLDEN / f"{spec.name}.txt"
    assert path.is_file(), f"missing golden file {path.name}: run the --write command"
    assert render(spec) == path.read_text(encoding="utf-8")


def test_every_golden_file_belongs_to_a_playthrough() -> None:
    names = {spec.name for spec in PLAYTHROUGHS}
    assert {path.stem for path in GOLDEN.glob("*.txt")} <= names
