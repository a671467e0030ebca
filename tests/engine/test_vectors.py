"""Kitty's conformance vectors (``tests/engine/vectors/<game>.jsonl``), each replayed once.

Every vector is one test case whose id is ``<file>:<line>``, so a failure points at the line to
open. The vectors are the repository's own: the suite needs nothing outside it. ``.ci/run``
also replays a public vector file when one sits beside the clone (``../shared/conformance``).

The checks below the replay keep the files honest: every kind of case, every non-default
option value and every refusal code a game can give appears in its file at least once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.rules import GAME_NAMES
from engine.rules.conformance import run_case

VECTORS = Path(__file__).resolve().parent / "vectors"
FILES = sorted(VECTORS.glob("*.jsonl"))

KINDS = {
    "rank_order",
    "trick_winner",
    "legal_plays",
    "bidding",
    "hand_score",
    "scoresheet",
    "replay",
}

#: The action codes (docs/rules.md, "Refusing an action") each game's vectors expect, every one.
#: pitch52: ``bad_trump`` cannot be written in a record (the notation has no other suit) and
#: ``trump_only`` cannot happen in a hand (non-trumps are thrown away before play, so a
#: non-trump played is ``not_in_hand``); the hand tests cover both.
ACTION_CODES: dict[str, set[str]] = {
    "auction45": {
        "out_of_turn", "wrong_phase", "not_in_hand", "bad_bid", "bid_too_low",
        "hold_not_allowed", "sixty_not_allowed", "dealer_must_bid", "auction_over", "bad_trump",
        "go_kitty_not_allowed", "bad_discard_count", "discard_limit", "stock_exhausted",
        "must_discard_lowest", "must_lead_trump", "must_play_trump", "must_follow_suit",
    },
    "bidwhist": {
        "out_of_turn", "wrong_phase", "not_in_hand", "bad_bid", "bid_too_low",
        "hold_not_allowed", "dealer_must_bid", "auction_over", "bad_trump", "bad_mode",
        "bad_discard_count", "must_follow_suit",
    },
    "pitch52": {
        "out_of_turn", "wrong_phase", "not_in_hand", "bad_bid", "bid_too_low",
        "hold_not_allowed", "dealer_must_bid", "auction_over", "bad_trump", "bad_discard_count",
        "cannot_discard_point", "first_lead_restricted",
    },
}  # fmt: skip

#: The scoresheet codes (docs/rules.md, "Refusing a scoresheet line") that apply to each game.
LINE_CODES: dict[str, set[str]] = {
    "auction45": {
        "game_over", "missing_field", "bad_seat", "passed_out_not_allowed", "bad_bid",
        "sixty_not_allowed", "bad_trump", "points_not_multiple_of_5", "points_out_of_range",
        "points_total", "made_mismatch", "score_mismatch",
    },
    "bidwhist": {
        "game_over", "missing_field", "bad_seat", "passed_out_not_allowed", "bad_bid",
        "bad_trump", "bad_mode", "books_out_of_range", "books_total", "made_mismatch",
        "score_mismatch",
    },
    "pitch52": {
        "game_over", "missing_field", "bad_seat", "passed_out_not_allowed", "bad_bid",
        "bad_trump", "points_out_of_range", "points_total", "bad_category", "points_mismatch",
        "made_mismatch", "score_mismatch",
    },
}  # fmt: skip


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text.strip():
            yield number, text


def _params() -> Iterator[Any]:
    for path in FILES:
        for number, text in _lines(path):
            yield pytest.param(text, id=f"{path.name}:{number}")


def _cases(game: str) -> list[dict[str, Any]]:
    return [json.loads(text) for _, text in _lines(VECTORS / f"{game}.jsonl")]


def _code(case: Mapping[str, Any]) -> str | None:
    expect = case["expect"]
    code = expect.get("code") or expect.get("error", {}).get("code")
    return str(code) if code is not None else None


@pytest.mark.parametrize("text", list(_params()))
def test_vector(text: str) -> None:
    outcome = run_case(json.loads(text))
    assert outcome.passed, "; ".join(outcome.problems)


def test_there_is_one_file_per_game_and_every_id_is_unique() -> None:
    assert [path.stem for path in FILES] == sorted(GAME_NAMES)
    ids = [case["id"] for game in GAME_NAMES for case in _cases(game)]
    assert len(ids) == len(set(ids)), "vector ids must be unique"


@pytest.mark.parametrize("game", sorted(ACTION_CODES))
def test_each_file_covers_every_kind_and_code_of_its_game(game: str) -> None:
    cases = _cases(game)
    assert len(cases) >= 80
    assert all(case["game"] == game and case["id"].startswith(f"{game}-") for case in cases)
    assert {case["kind"] for case in cases} == KINDS
    actions = {_code(case) for case in cases if case["kind"] in ("replay", "bidding")}
    assert actions - {None} == ACTION_CODES[game]
    lines = {_code(case) for case in cases if case["kind"] == "scoresheet"}
    assert lines - {None} == LINE_CODES[game]


def test_every_auction45_replay_deal_is_a_whole_deck() -> None:
    for case in _cases("auction45"):
        if case["kind"] == "replay":
            deal = case["deal"]
            cards = [c for h in deal["hands"] for c in h] + deal["kitty"] + deal["stock"]
            assert len(cards) == len(set(cards)) == 52, case["id"]


def test_every_pitch_replay_that_finishes_states_its_whole_result() -> None:
    finals = [c for c in _cases("pitch52") if c["kind"] == "replay" and "final" in c["expect"]]
    scored = [case for case in finals if "outcome" not in case["expect"]["final"]]
    assert len(scored) >= 8
    for case in scored:
        final = case["expect"]["final"]
        assert {"made", "delta", "scores_after", "result", "trick_winners"} <= set(final)
        assert {"points", "categories"} <= set(final), case["id"]
