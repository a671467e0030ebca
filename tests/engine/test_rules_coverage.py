"""The rules as a checklist: every option, every option value and every error code is
exercised and documented.

The tables below are the options and codes of the rules (docs/rules.md: each game's options,
"Refusing a scoresheet line", "Refusing an action at a table"). The tests check the engine
declares exactly these options with these defaults, that Kitty's conformance vectors use every
non-default value and expect every error code at least once, so a rule nobody tests shows up as
a failure here, and that docs/rules.md lists every option, default and code the code has.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.rules.conformance import read_cases
from engine.rules.errors import ENGINE_CODES
from engine.rules.options import OptionSpec
from tests.engine.raised_codes import all_raised_codes

HERE = Path(__file__).resolve().parent
DOCS = HERE.parents[1] / "docs" / "rules.md"
VECTOR_FILES = sorted((HERE / "vectors").glob("*.jsonl"))
ANY_POSITIVE = "any positive int"

# Each game's options (docs/rules.md, #<game>-options): option id -> (default, the other values).
SECTION_8: dict[str, dict[str, tuple[Any, tuple[Any, ...] | str]]] = {
    "auction45": {
        "players": (4, (2, 3, 5, 6)),
        "cutthroat": (False, (True,)),
        "six_player_teams": ("three_pairs", ("two_trios",)),
        "kitty_size": (4, (3, 0)),
        "kitty_taste": (False, (True,)),
        "kitty_view_before_trump": (False, (True,)),
        "kitty_rule": ("free", ("trumps_only",)),
        "go_on_kitty": (True, (False,)),
        "min_bid": (15, (5, 10, 20)),
        "thirty_for_sixty": (True, (False,)),
        "sixty_for_120": ("in_the_hole", ("always", "never")),
        "dealer_hold": (True, (False,)),
        "auction_style": ("duel", ("open",)),
        "all_pass": ("redeal", ("dealer_stuck",)),
        "max_discard": (5, (4,)),
        "draw_packet_max": (3, (None,)),
        "first_lead": ("left_of_bidder", ("bidder",)),
        "follow_nontrump": ("free", ("follow_or_trump",)),
        "renege": ("five_jack", ("five_jack_ah", "five_only", "none")),
        "thirty_forces_trump_lead": (True, (False,)),
        "nontrump_ace": ("high", ("low",)),
        "ten_as_face": (False, (True,)),
        "target": (120, (125,)),
        "loss_line": (-200, (-120, None)),
        "set_limit": (None, (3,)),
        "consecutive_set_limit": (None, (3,)),
        "count_rule": ("bidder_only", ("made_a_bid", "bid_20", "none")),
        "count_threshold": (100, (90,)),
        "count_hole_exception": (False, (True,)),
    },
    "bidwhist": {
        "min_bid": (1, (2, 3, 4)),
        "scoring": ("books_over_six", ("contract",)),
        "no_trump_multiplier": (1, (2,)),
        "boston_multiplier": (1, (4,)),
        "target": (21, ANY_POSITIVE),
        "kitty_book": ("first_trick_winner", ("bidder",)),
    },
    "pitch52": {
        "players": (4, (2, 3, 5, 6)),
        "cutthroat": (False, (True,)),
        "six_player_teams": ("three_pairs", ("two_trios",)),
        "min_bid": (4, (5,)),
        "dealer_hold": (True, (False,)),
        "all_pass": ("dealer_stuck", ("redeal",)),
        "point_scheme": ("high_low", ("card",)),
        "count_three": (True, (False,)),
        "low_to": ("player", ("captor",)),
        "rob": ("bidder_then_partner", ("bidder_all",)),
        "excess_trump_discard": ("any", ("non_point",)),
        "first_lead_restricted": (True, (False,)),
        "target": (52, ANY_POSITIVE),
    },
}

# Scoresheet reason codes, in check order (docs/rules.md#line-codes).
SECTION_5_CODES = (
    "game_over", "missing_field", "bad_seat", "passed_out_not_allowed", "bad_bid",
    "sixty_not_allowed", "bad_trump", "bad_mode", "points_not_multiple_of_5",
    "points_out_of_range", "points_total", "books_out_of_range", "books_total", "bad_category",
    "points_mismatch", "made_mismatch", "score_mismatch",
)  # fmt: skip

# Action error codes (docs/rules.md#action-codes).
SECTION_7_CODES = (
    "out_of_turn", "wrong_phase", "bad_bid", "bid_too_low", "hold_not_allowed",
    "sixty_not_allowed", "dealer_must_bid", "auction_over", "bad_trump", "bad_mode",
    "go_kitty_not_allowed", "not_in_hand", "bad_discard_count", "discard_limit",
    "stock_exhausted", "must_discard_lowest", "cannot_discard_point", "must_lead_trump",
    "must_play_trump", "must_follow_suit", "trump_only", "first_lead_restricted",
)  # fmt: skip

# Codes no sequence of actions can produce, with why. Pitch hands hold only trumps in play
# (docs/rules.md#pitch52-draw, step 5), so a non-trump card sent as a play is not in the hand
# and is refused as ``not_in_hand``, which is checked first; what ``trump_only`` means is shown by
# legal_plays vectors instead (a dead non-trump is never legal).
UNREACHABLE_BY_ACTIONS = {"trump_only"}


def _specs(game: str) -> dict[str, OptionSpec]:
    module = importlib.import_module(f"engine.rules.{game}.options")
    return {spec.id: spec for spec in module.OPTION_SPECS}


def _cases() -> Iterator[Mapping[str, Any]]:
    for path in VECTOR_FILES:
        yield from read_cases(path)


def _expected_codes(expect: Any) -> Iterator[str]:
    """Every ``code`` an expectation names, however deep."""
    if isinstance(expect, Mapping):
        if isinstance(expect.get("code"), str):
            yield expect["code"]
        for value in expect.values():
            yield from _expected_codes(value)
    elif isinstance(expect, list):
        for value in expect:
            yield from _expected_codes(value)


@pytest.mark.parametrize("game", sorted(SECTION_8))
def test_the_engine_declares_exactly_the_documented_options(game: str) -> None:
    specs = _specs(game)
    assert sorted(specs) == sorted(SECTION_8[game])
    for option_id, (default, others) in SECTION_8[game].items():
        spec = specs[option_id]
        assert spec.default == default, option_id
        if others == ANY_POSITIVE:
            assert spec.allowed is None, option_id
        else:
            assert spec.allowed is not None, option_id
            assert set(others) | {default} <= set(spec.allowed), option_id


@pytest.mark.parametrize("game", sorted(SECTION_8))
def test_every_non_default_option_value_is_used_by_a_vector(game: str) -> None:
    used = {
        (option_id, repr(value))
        for case in _cases()
        if case.get("game") == game
        for option_id, value in (case.get("options") or {}).items()
    }
    missing = []
    for option_id, (default, others) in SECTION_8[game].items():
        values = (default + 1,) if others == ANY_POSITIVE else others
        if others == ANY_POSITIVE:
            found = any(o == option_id and r != repr(default) for o, r in used)
            missing += [] if found else [f"{option_id}=<another positive int>"]
            continue
        missing += [f"{option_id}={v!r}" for v in values if (option_id, repr(v)) not in used]
    assert not missing, f"{game}: no vector uses {', '.join(missing)}"


@pytest.mark.parametrize(
    ("kinds", "codes"),
    [(("scoresheet",), SECTION_5_CODES), (("bidding", "legal_plays", "replay"), SECTION_7_CODES)],
    ids=["line-codes", "action-codes"],
)
def test_every_error_code_is_expected_by_a_vector(
    kinds: tuple[str, ...], codes: tuple[str, ...]
) -> None:
    seen = {
        code
        for case in _cases()
        if case.get("kind") in kinds
        for code in _expected_codes(case.get("expect"))
    }
    missing = [code for code in codes if code not in seen | UNREACHABLE_BY_ACTIONS]
    assert not missing, f"no vector expects {', '.join(missing)}"


def test_a_pitch_non_trump_is_never_a_legal_play() -> None:
    shown = [
        case["id"]
        for case in _cases()
        if case.get("game") == "pitch52" and case.get("kind") == "legal_plays"
        for card in case["hand"]
        if not card.endswith(case["trump"]) and card not in ("BJ", "LJ")
        if card[0] != "J" and card not in case["expect"]["legal"]
    ]
    assert shown, "no pitch52 legal_plays vector holds a dead non-trump"


def test_every_code_the_engine_raises_is_documented() -> None:
    """The rules' codes, or the engine's own table (``errors.ENGINE_CODES``)."""
    raised = all_raised_codes()
    assert len(raised) > 40  # the scan sees the engine's errors
    documented = set(SECTION_5_CODES) | set(SECTION_7_CODES) | set(ENGINE_CODES)
    undocumented = {code: files for code, files in raised.items() if code not in documented}
    assert not undocumented, f"codes in neither the rules' tables nor ENGINE_CODES: {undocumented}"


def test_the_engine_table_only_adds_codes_the_rules_do_not_have() -> None:
    """A code of the rules keeps its meaning; the table may only say where else the engine uses
    it (``game_over`` for actions, ``bad_seat`` in records)."""
    assert set(ENGINE_CODES) & set(SECTION_7_CODES) == set()
    assert set(ENGINE_CODES) & set(SECTION_5_CODES) <= {"game_over", "bad_seat"}
    raised = all_raised_codes()
    assert set(ENGINE_CODES) <= set(raised), set(ENGINE_CODES) - set(raised)


def _doc_sections() -> dict[str, str]:
    """docs/rules.md cut at its anchors: anchor -> the text up to the next anchor."""
    parts = re.split(r'<a id="([a-z0-9-]+)"></a>', DOCS.read_text(encoding="utf-8"))
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _table_rows(text: str) -> dict[str, list[str]]:
    """The rows of the tables in ``text`` whose first cell is code: first cell -> the others."""
    rows = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) > 1:
            for name in re.findall(r"`([^`]+)`", cells[0]):
                rows[name] = cells[1:]
    return rows


def _doc_value(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value) if isinstance(value, int) else f"`{value}`"


@pytest.mark.parametrize("game", sorted(SECTION_8))
def test_the_docs_list_every_option_of_the_engine_with_its_default(game: str) -> None:
    rows = _table_rows(_doc_sections()[f"{game}-options"])
    specs = _specs(game)
    assert sorted(rows) == sorted(specs)
    for option_id, spec in specs.items():
        assert rows[option_id][0].split(" (")[0] == _doc_value(spec.default), option_id


@pytest.mark.parametrize(
    ("anchor", "codes"),
    [
        ("line-codes", SECTION_5_CODES),
        ("action-codes", SECTION_7_CODES),
        ("engine-codes", tuple(ENGINE_CODES)),
    ],
)
def test_the_docs_explain_every_code(anchor: str, codes: tuple[str, ...]) -> None:
    """Line codes in the order they are checked, then the scoresheet's own (tested below)."""
    rows = list(_table_rows(_doc_sections()[anchor]))
    assert rows[: len(codes)] == list(codes) if anchor == "line-codes" else rows == list(codes)


def test_the_docs_explain_the_scoresheets_own_codes() -> None:
    from scoring import lineshape

    rows = _table_rows(_doc_sections()["line-codes"])
    shape_codes = set(re.findall(r"``([a-z_]+)``:", lineshape.__doc__ or ""))
    assert shape_codes == {"unknown_key", "bad_value", "too_large"}
    assert shape_codes <= set(rows)


def test_every_link_inside_the_docs_has_its_anchor() -> None:
    text = DOCS.read_text(encoding="utf-8")
    anchors = set(_doc_sections())
    links = set(re.findall(r"\]\(#([a-z0-9-]+)\)", text))
    assert links and links <= anchors, links - anchors
