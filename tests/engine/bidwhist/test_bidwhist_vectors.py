"""Bid whist's own conformance vectors (tests/engine/vectors/bidwhist.jsonl) and the public ones."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.rules.conformance import read_cases, run_case

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "bidwhist.jsonl"
PUBLIC = Path(__file__).resolve().parents[4] / "shared" / "conformance" / "public.jsonl"
OWN = list(read_cases(VECTORS))
PUBLIC_CASES = (
    [c for c in read_cases(PUBLIC) if c.get("game") == "bidwhist"] if PUBLIC.is_file() else []
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
    "bad_mode",
    "bad_discard_count",
    "must_follow_suit",
}
LINE_CODES = {
    "game_over",
    "missing_field",
    "bad_seat",
    "passed_out_not_allowed",
    "bad_bid",
    "bad_trump",
    "bad_mode",
    "books_out_of_range",
    "books_total",
    "made_mismatch",
    "score_mismatch",
}
OPTIONS = {
    ("min_bid", 2),
    ("min_bid", 3),
    ("min_bid", 4),
    ("scoring", "contract"),
    ("no_trump_multiplier", 2),
    ("boston_multiplier", 4),
    ("target", 7),
    ("kitty_book", "bidder"),
}


def test_the_vectors_cover_every_kind_option_and_code() -> None:
    assert len(OWN) >= 80
    ids = [case["id"] for case in OWN]
    assert len(ids) == len(set(ids)) and all(i.startswith("bidwhist-") for i in ids)
    assert all(case["game"] == "bidwhist" for case in OWN)
    assert {case["kind"] for case in OWN} == KINDS
    used = {(k, v) for case in OWN for k, v in case["options"].items()}
    assert used >= OPTIONS
    action_codes = {
        case["expect"].get("code") or case["expect"].get("error", {}).get("code")
        for case in OWN
        if case["kind"] in ("replay", "bidding")
    }
    assert action_codes - {None} == ACTION_CODES
    line_codes = {case["expect"].get("code") for case in OWN if case["kind"] == "scoresheet"}
    assert line_codes - {None} == LINE_CODES


@pytest.mark.parametrize("case", OWN + PUBLIC_CASES, ids=lambda case: str(case["id"]))
def test_vector(case: Mapping[str, Any]) -> None:
    outcome = run_case(case)
    assert outcome.passed, "; ".join(outcome.problems)
