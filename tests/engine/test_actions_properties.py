"""Any text or JSON sent as an action: an action that prints back as itself, or a refusal of
the engine's own with a documented code. Never another exception (a table's socket passes what
a player types straight to ``parse_action``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import Action, RulesError, action_from_dict, get_game, parse_action
from engine.rules.actions import ACTION_TYPES, BIDWHIST_MODES, Call
from engine.rules.cards import CARD_NAMES
from engine.rules.errors import ENGINE_CODES, NotationError
from tests.engine.test_rules_coverage import SECTION_7_CODES

DOCUMENTED = set(SECTION_7_CODES) | set(ENGINE_CODES)

#: Digits ``str.isdigit`` accepts and ``int`` refuses, and digits of other scripts.
ODD_DIGITS = ["²", "①", "₂", "٣", "३", "０", "𝟘", "⁹"]

WORDS = st.sampled_from(
    [*ACTION_TYPES, *CARD_NAMES, *BIDWHIST_MODES, "pass", "hold", "NT", "X", "N", "25", "007"]
    + ODD_DIGITS
)
TOKENS = st.one_of(
    WORDS,
    st.integers(min_value=-10, max_value=10**12).map(str),
    st.text(max_size=6),
    st.lists(st.sampled_from("0123456789" + "".join(ODD_DIGITS)), min_size=1, max_size=5).map(
        "".join
    ),
)
TEXTS = st.one_of(
    st.text(max_size=30),
    st.lists(TOKENS, max_size=6).map(" ".join),
    st.lists(TOKENS, max_size=5).map(lambda ts: "2 " + " ".join(ts)),
)

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**5000), max_value=10**5000),
    st.floats(),
    st.text(max_size=20),
    WORDS,
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
FIELDS = st.sampled_from(["type", "seat", "call", "suit", "trump", "mode", "card", "cards"])
ACTION_DICTS = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {"type": st.sampled_from(list(ACTION_TYPES)), "seat": st.integers(0, 5) | JSON},
        optional=dict.fromkeys(("call", "suit", "trump", "mode", "card"), JSON | WORDS)
        | {"cards": st.lists(WORDS | JSON, max_size=4) | JSON},
    ),
    st.dictionaries(FIELDS, JSON | WORDS, max_size=5),
)


@pytest.fixture
def huge_numbers_printable() -> Iterator[None]:
    """The strategies draw numbers of 5,000 digits on purpose, past Python's limit for turning
    an int into text: Hypothesis must be able to print them in its reports and while it
    shrinks. The engine's own refusal of such numbers under the default limit is checked by
    the examples below (``10**5000``), which do not use this."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    yield
    sys.set_int_max_str_digits(limit)


HANDS = [get_game(game).new_hand(dealer=0, seed=1) for game in ("auction45", "bidwhist", "pitch52")]


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def _check_refusal(error: RulesError) -> None:
    assert isinstance(error, NotationError)
    assert error.code in DOCUMENTED, error.code
    assert len(error.message) < 1000


def _check_action(action: Action) -> None:
    """An action read from anything prints, converts and applies without a foreign error."""
    assert parse_action(str(action)) == action
    assert action_from_dict(action.to_dict()) == action
    if isinstance(action, Call):
        assert action.amount is None or action.amount >= 0
    for hand in HANDS:
        try:
            hand.copy().apply(action)
        except RulesError as error:
            assert error.code in DOCUMENTED, error.code


@pytest.mark.usefixtures("huge_numbers_printable")
@settings(derandomize=True, max_examples=400, deadline=None)
@given(TEXTS)
def test_any_text_is_an_action_that_prints_back_or_a_coded_refusal(text: str) -> None:
    try:
        action = parse_action(text)
    except RulesError as error:
        _check_refusal(error)
        return
    _check_action(action)


@pytest.mark.usefixtures("huge_numbers_printable")
@settings(derandomize=True, max_examples=400, deadline=None)
@given(ACTION_DICTS)
def test_any_json_is_an_action_or_a_coded_refusal(data: Any) -> None:
    try:
        action = action_from_dict(data)
    except RulesError as error:
        _check_refusal(error)
        return
    _check_action(action)


@pytest.mark.parametrize("digit", ODD_DIGITS)
@pytest.mark.parametrize("template", ["{} play 5H", "2 call {}", "2 call 1{}", "{}2 go_kitty"])
def test_unicode_digits_are_not_numbers(template: str, digit: str) -> None:
    text = template.format(digit)
    try:
        action = parse_action(text)
    except NotationError as error:
        assert error.code == "bad_action"
        return
    assert isinstance(action, Call) and action.amount is None
    for hand in HANDS:
        assert hand.to_act is not None
        with pytest.raises(RulesError) as refused:
            hand.copy().apply(Call(hand.to_act, action.call))
        assert refused.value.code == "bad_bid"


@pytest.mark.parametrize(
    "data",
    [
        {"type": ["call"], "seat": 0},
        {"type": {"a": 1}, "seat": 0},
        {"type": "call", "seat": 0, "call": 10**5000},
        {"type": "play", "seat": 10**5000, "card": "5H"},
        {"type": "play", "seat": True, "card": "5H"},
        {"type": "call", "seat": 0, "call": None},
        {"type": "call", "seat": 0, "call": "2 5"},
        {"type": "call", "seat": 0, "call": ""},
        {"type": "declare", "seat": 0, "trump": "S", "mode": "up town"},
        {"type": "discard", "seat": 0, "cards": _nested(5000)},
        {"type": "play", "seat": 0, "card": _nested(5000)},
        {"type": "trump", "seat": 0, "suit": "x" * 2_000_000},
        _nested(5000),
        None,
    ],
    ids=lambda data: type(data).__name__ if not isinstance(data, dict) else None,
)
def test_malformed_json_actions_are_refused_in_few_words(data: Any) -> None:
    with pytest.raises(NotationError) as refused:
        action_from_dict(data)
    _check_refusal(refused.value)


@pytest.mark.parametrize("text", ["9" * 5000 + " play 5H", "2 call " + "9" * 5000])
def test_numbers_too_long_to_read_are_refused(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError as error:
        assert error.code == "bad_action"
        return
    assert isinstance(action, Call) and action.amount is None


@pytest.mark.parametrize("suit", ["X", "N", "Z", "", "SH"])
@pytest.mark.parametrize("kind", ["trump", "declare"])
def test_a_trump_written_as_no_suit_is_bad_trump(kind: str, suit: str) -> None:
    """docs/rules.md#action-codes has ``bad_trump`` for a trump that is not allowed; it has no
    ``bad_suit``."""
    data: dict[str, Any] = {"type": kind, "seat": 0}
    data.update({"suit": suit} if kind == "trump" else {"trump": suit, "mode": "uptown"})
    with pytest.raises(NotationError) as refused:
        action_from_dict(data)
    assert refused.value.code == "bad_trump"
    if suit:
        with pytest.raises(NotationError) as refused:
            parse_action(f"0 {kind} {suit}" + (" uptown" if kind == "declare" else ""))
        assert refused.value.code == "bad_trump"
