from __future__ import annotations

import pytest

from engine.rules.actions import (
    Call,
    Declare,
    Discard,
    KittyDiscard,
    NameTrump,
    Play,
    action_from_dict,
    parse_action,
)
from engine.rules.cards import parse_card, parse_cards
from engine.rules.errors import NotationError

EXAMPLES = [
    "2 call 25",
    "2 call pass",
    "3 call hold",
    "2 go_kitty",
    "2 trump H",
    "1 declare NT downtown_aces_good",
    "2 kitty_discard 4C 5C 6C",
    "0 discard",
    "0 discard 7D 9C",
    "1 excess_discard 4S",
    "3 play 5H",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_actions_print_and_parse_back(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert action_from_dict(action.to_dict()) == action


def test_discards_compare_as_sets_but_keep_repeats() -> None:
    assert Discard(0, parse_cards("9C 7D")) == Discard(0, parse_cards("7D 9C"))
    assert KittyDiscard(1, parse_cards("5H 5H")).cards == (parse_card("5H"),) * 2


def test_json_fields_are_the_conformance_ones() -> None:
    assert Play(3, parse_card("5H")).to_dict() == {"type": "play", "seat": 3, "card": "5H"}
    assert NameTrump(2, 1).to_dict() == {"type": "trump", "seat": 2, "suit": "H"}
    assert Declare(1, None, "uptown").to_dict() == {
        "type": "declare",
        "seat": 1,
        "trump": "NT",
        "mode": "uptown",
    }
    assert action_from_dict({"type": "call", "seat": 0, "call": 20}) == Call(0, "20")


@pytest.mark.parametrize(
    "data",
    [
        {"type": "fly", "seat": 0},
        {"type": "play", "card": "5H"},
        {"type": "play", "seat": -1, "card": "5H"},
        {"type": "play", "seat": 0},
        {"type": "discard", "seat": 0, "cards": "5H"},
        {"type": "call", "seat": 0, "call": None},
        ["play"],
    ],
)
def test_malformed_json_actions_are_refused(data: object) -> None:
    with pytest.raises(NotationError) as refused:
        action_from_dict(data)  # type: ignore[arg-type]
    assert refused.value.code == "bad_action"


@pytest.mark.parametrize("text", ["play 5H", "2", "2 play", "2 play 5H 6H", "2 go_kitty now"])
def test_malformed_text_actions_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_call_amount() -> None:
    assert Call(0, "25").amount == 25
    assert Call(0, "pass").amount is None and Call(0, "2.5").amount is None
