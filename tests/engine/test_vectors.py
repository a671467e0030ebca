"""Every conformance vector, the public ones and Kitty's own, as one test case each."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.rules.conformance import read_cases, run_case

HERE = Path(__file__).resolve().parent
PUBLIC = HERE.parents[2] / "shared" / "conformance" / "public.jsonl"
OWN = sorted((HERE / "vectors").glob("*.jsonl"))


def _cases() -> Iterator[Any]:
    for path in ([PUBLIC] if PUBLIC.is_file() else []) + OWN:
        for case in read_cases(path):
            yield pytest.param(case, id=str(case.get("id")))


def test_public_vectors_are_present() -> None:
    assert PUBLIC.is_file(), f"public vectors expected at {PUBLIC}"
    assert sum(1 for _ in read_cases(PUBLIC)) == 46


def test_own_vectors_cover_every_game_and_kind() -> None:
    cases = [case for path in OWN for case in read_cases(path)]
    ids = [case["id"] for case in cases]
    assert len(ids) == len(set(ids)), "vector ids must be unique"
    covered = {(case["game"], case["kind"]) for case in cases}
    for game in ("auction45", "bidwhist", "pitch52"):
        for kind in (
            "rank_order",
            "trick_winner",
            "legal_plays",
            "bidding",
            "hand_score",
            "scoresheet",
            "replay",
        ):
            assert (game, kind) in covered, f"no {kind} vector for {game}"


@pytest.mark.parametrize("case", list(_cases()))
def test_vector(case: Mapping[str, Any]) -> None:
    outcome = run_case(case)
    assert outcome.passed, "; ".join(outcome.problems)
