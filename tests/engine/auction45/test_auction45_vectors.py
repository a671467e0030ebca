"""auction45's own vectors (tests/engine/vectors/auction45.jsonl) and the public ones."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.rules.auction45 import OPTION_SPECS
from engine.rules.conformance import read_cases, run_case

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "auction45.jsonl"
PUBLIC = Path(__file__).resolve().parents[4] / "shared" / "conformance" / "public.jsonl"
OWN = list(read_cases(VECTORS))
PUBLIC_CASES = (
    [c for c in read_cases(PUBLIC) if c.get("game") == "auction45"] if PUBLIC.is_file() else []
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
#: RULES.md 7 codes auction45 can produce.
ACTION_CODES = {
    "out_of_turn",
    "wrong_phase",
    "not_in_hand",
    "bad_bid",
    "bid_too_low",
    "hold_not_allowed",
    "sixty_not_allowed",
    "dealer_must_bid",
    "auction_over",
    "bad_trump",
    "go_kitty_not_allowed",
    "bad_discard_count",
    "discard_limit",
    "stock_exhausted",
    "must_discard_lowest",
    "must_lead_trump",
    "must_play_trump",
    "must_follow_suit",
}
LINE_CODES = {
    "game_over",
    "missing_field",
    "bad_seat",
    "passed_out_not_allowed",
    "bad_bid",
    "sixty_not_allowed",
    "bad_trump",
    "points_not_multiple_of_5",
    "points_out_of_range",
    "points_total",
    "made_mismatch",
    "score_mismatch",
}


def test_the_vectors_cover_every_kind_option_and_code() -> None:
    assert len(OWN) >= 80
    ids = [case["id"] for case in OWN]
    assert len(ids) == len(set(ids)) and all(i.startswith("auction45-") for i in ids)
    assert all(case["game"] == "auction45" for case in OWN)
    assert {case["kind"] for case in OWN} == KINDS
    used = {(k, json.dumps(v)) for case in OWN for k, v in case["options"].items()}
    for spec in OPTION_SPECS:
        for value in spec.allowed or ():
            if value != spec.default:
                assert (spec.id, json.dumps(value)) in used, f"no vector with {spec.id} = {value}"
    action_codes = {
        case["expect"].get("code") or case["expect"].get("error", {}).get("code")
        for case in OWN
        if case["kind"] in ("replay", "bidding")
    }
    assert action_codes - {None} == ACTION_CODES
    line_codes = {case["expect"].get("code") for case in OWN if case["kind"] == "scoresheet"}
    assert line_codes - {None} == LINE_CODES


def test_every_replay_deal_is_a_whole_deck() -> None:
    for case in OWN:
        if case["kind"] == "replay":
            deal = case["deal"]
            cards = [c for h in deal["hands"] for c in h] + deal["kitty"] + deal["stock"]
            assert len(cards) == len(set(cards)) == 52, case["id"]


@pytest.mark.parametrize("case", OWN + PUBLIC_CASES, ids=lambda case: str(case["id"]))
def test_vector(case: Mapping[str, Any]) -> None:
    outcome = run_case(case)
    assert outcome.passed, "; ".join(outcome.problems)
