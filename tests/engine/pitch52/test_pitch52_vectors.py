"""pitch52's own conformance vectors (tests/engine/vectors/pitch52.jsonl) and the public ones."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.rules.conformance import read_cases, run_case

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "pitch52.jsonl"
PUBLIC = Path(__file__).resolve().parents[4] / "shared" / "conformance" / "public.jsonl"
OWN = list(read_cases(VECTORS))
PUBLIC_CASES = (
    [c for c in read_cases(PUBLIC) if c.get("game") == "pitch52"] if PUBLIC.is_file() else []
)

KINDS = {
    "rank_order",
    "trick_winner",
    "legal_plays",
    "bidding",
    "hand_score",
    "scoresheet",
    "replay",
}
# RULES.md 7 codes a pitch52 record can reach. ``bad_trump`` cannot be written in a record
# (the notation has no other suit) and ``trump_only`` cannot happen in a hand (non-trumps are
# thrown away before play, so a non-trump played is ``not_in_hand``); the hand tests cover both.
ACTION_CODES = {
    "out_of_turn",
    "wrong_phase",
    "not_in_hand",
    "bad_bid",
    "bid_too_low",
    "hold_not_allowed",
    "dealer_must_bid",
    "auction_over",
    "bad_trump",
    "bad_discard_count",
    "cannot_discard_point",
    "first_lead_restricted",
}
# RULES.md 5.2 codes that apply to pitch52.
LINE_CODES = {
    "game_over",
    "missing_field",
    "bad_seat",
    "passed_out_not_allowed",
    "bad_bid",
    "bad_trump",
    "points_out_of_range",
    "points_total",
    "bad_category",
    "points_mismatch",
    "made_mismatch",
    "score_mismatch",
}
# RULES.md 8.3: every value other than the default.
OPTIONS = {
    ("players", 2),
    ("players", 3),
    ("players", 5),
    ("players", 6),
    ("cutthroat", True),
    ("six_player_teams", "two_trios"),
    ("min_bid", 5),
    ("dealer_hold", False),
    ("all_pass", "redeal"),
    ("point_scheme", "card"),
    ("count_three", False),
    ("low_to", "captor"),
    ("rob", "bidder_all"),
    ("excess_trump_discard", "non_point"),
    ("first_lead_restricted", False),
}


def _code(case: Mapping[str, Any]) -> str | None:
    expect = case["expect"]
    code = expect.get("code") or expect.get("error", {}).get("code")
    return str(code) if code is not None else None


def test_the_vectors_cover_every_kind_option_and_code() -> None:
    assert len(OWN) >= 80
    ids = [case["id"] for case in OWN]
    assert len(ids) == len(set(ids)) and all(i.startswith("pitch52-") for i in ids)
    assert all(case["game"] == "pitch52" for case in OWN)
    assert {case["kind"] for case in OWN} == KINDS
    used = {(k, v) for case in OWN for k, v in case["options"].items()}
    assert used >= OPTIONS
    assert any(k == "target" and v != 52 for k, v in used)
    action_codes = {_code(case) for case in OWN if case["kind"] in ("replay", "bidding")}
    assert action_codes - {None} == ACTION_CODES
    line_codes = {_code(case) for case in OWN if case["kind"] == "scoresheet"}
    assert line_codes - {None} == LINE_CODES


def test_every_replay_that_finishes_states_its_whole_result() -> None:
    finals = [case for case in OWN if case["kind"] == "replay" and "final" in case["expect"]]
    scored = [case for case in finals if "outcome" not in case["expect"]["final"]]
    assert len(scored) >= 8
    for case in scored:
        final = case["expect"]["final"]
        assert {"made", "delta", "scores_after", "result", "trick_winners"} <= set(final)
        assert {"points", "categories"} <= set(final), case["id"]


@pytest.mark.parametrize("case", OWN + PUBLIC_CASES, ids=lambda case: str(case["id"]))
def test_vector(case: Mapping[str, Any]) -> None:
    outcome = run_case(case)
    assert outcome.passed, "; ".join(outcome.problems)
