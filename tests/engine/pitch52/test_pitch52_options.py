"""pitch52 options and seating (docs/rules.md#pitch52-players, #pitch52-options): every value
accepted, every bad one refused with a message that names the option."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import get_game
from engine.rules.errors import OptionError
from engine.rules.pitch52 import Pitch52, Pitch52Options
from engine.rules.pitch52.options import OPTION_SPECS, pitch52_options


def test_defaults_follow_seed_004() -> None:
    game = get_game("pitch52")
    assert isinstance(game, Pitch52)
    assert game.options == Pitch52Options(
        players=4,
        cutthroat=False,
        six_player_teams="three_pairs",
        min_bid=4,
        dealer_hold=True,
        all_pass="dealer_stuck",
        point_scheme="high_low",
        count_three=True,
        low_to="player",
        rob="bidder_then_partner",
        excess_trump_discard="any",
        first_lead_restricted=True,
        target=52,
    )
    assert game.target == 52
    assert game.seating.seat_side == (0, 1, 0, 1)
    assert game.max_bid == 10


@pytest.mark.parametrize(
    ("option", "value"),
    [
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
        ("target", 21),
        ("target", 1000),
    ],
)
def test_every_listed_value_is_accepted(option: str, value: Any) -> None:
    game = get_game("pitch52", {option: value})
    assert isinstance(game, Pitch52)
    assert getattr(game.options, option) == value
    assert game.options_dict()[option] == value


@pytest.mark.parametrize(
    ("options", "code", "named"),
    [
        ({"kitty_size": 4}, "unknown_option", "kitty_size"),
        ({"player": 4}, "unknown_option", "player"),
        ({"players": 7}, "bad_option_value", "players"),
        ({"players": 1}, "bad_option_value", "players"),
        ({"players": "4"}, "bad_option_value", "players"),
        ({"cutthroat": "yes"}, "bad_option_value", "cutthroat"),
        ({"six_player_teams": "three_trios"}, "bad_option_value", "six_player_teams"),
        ({"min_bid": 3}, "bad_option_value", "min_bid"),
        ({"min_bid": 6}, "bad_option_value", "min_bid"),
        ({"dealer_hold": 1}, "bad_option_value", "dealer_hold"),
        ({"all_pass": "throw_in"}, "bad_option_value", "all_pass"),
        ({"point_scheme": "ten_point"}, "bad_option_value", "point_scheme"),
        ({"count_three": None}, "bad_option_value", "count_three"),
        ({"low_to": "holder"}, "bad_option_value", "low_to"),
        ({"rob": "partner_all"}, "bad_option_value", "rob"),
        ({"excess_trump_discard": "lowest"}, "bad_option_value", "excess_trump_discard"),
        ({"first_lead_restricted": "true"}, "bad_option_value", "first_lead_restricted"),
        ({"target": 0}, "bad_option_value", "target"),
        ({"target": -52}, "bad_option_value", "target"),
        ({"target": True}, "bad_option_value", "target"),
        ({"players": 3, "cutthroat": False}, "bad_option_value", "cutthroat"),
        ({"players": 5, "cutthroat": False}, "bad_option_value", "cutthroat"),
        ({"players": 6, "cutthroat": True}, "bad_option_value", "cutthroat"),
    ],
)
def test_bad_options_are_refused_naming_the_option(
    options: dict[str, Any], code: str, named: str
) -> None:
    with pytest.raises(OptionError) as refused:
        get_game("pitch52", options)
    assert refused.value.code == code
    assert f"'{named}'" in refused.value.message


def test_a_bad_value_lists_what_is_allowed() -> None:
    with pytest.raises(OptionError) as refused:
        pitch52_options({"low_to": "holder"})
    assert "player, captor" in refused.value.message
    with pytest.raises(OptionError) as refused:
        pitch52_options({"target": 0})
    assert "any whole number above 0" in refused.value.message


def test_options_must_be_an_object() -> None:
    with pytest.raises(OptionError) as refused:
        get_game("pitch52", ["players", 4])  # type: ignore[arg-type]
    assert refused.value.code == "bad_options"


def test_specs_and_dataclass_agree() -> None:
    assert [spec.id for spec in OPTION_SPECS] == list(Pitch52Options.__dataclass_fields__)
    defaults = Pitch52Options()
    for spec in OPTION_SPECS:
        assert getattr(defaults, spec.id) == spec.default, spec.id


# -- seating and the deal size (docs/rules.md#seats, #pitch52-players, #pitch52-deal) -------------
@pytest.mark.parametrize(
    ("options", "seat_side", "cards_each", "max_bid"),
    [
        ({}, (0, 1, 0, 1), 9, 10),
        ({"players": 2}, (0, 1), 9, 10),
        ({"players": 3}, (0, 1, 2), 9, 10),
        ({"players": 4, "cutthroat": True}, (0, 1, 2, 3), 9, 10),
        ({"players": 5}, (0, 1, 2, 3, 4), 9, 10),
        ({"players": 6}, (0, 1, 2, 0, 1, 2), 8, 10),
        ({"players": 6, "six_player_teams": "two_trios"}, (0, 1, 0, 1, 0, 1), 8, 10),
        ({"count_three": False}, (0, 1, 0, 1), 9, 7),
        ({"point_scheme": "card"}, (0, 1, 0, 1), 9, 10),
        ({"point_scheme": "card", "count_three": False}, (0, 1, 0, 1), 9, 7),
    ],
)
def test_seating_cards_and_the_highest_bid(
    options: dict[str, Any], seat_side: tuple[int, ...], cards_each: int, max_bid: int
) -> None:
    game = get_game("pitch52", options)
    assert isinstance(game, Pitch52)
    assert game.seating.seat_side == seat_side
    assert game.options.cards_each == cards_each
    assert game.max_bid == game.options.max_bid == max_bid
    hand = game.new_hand(dealer=0, seed=1)
    assert [len(cards) for cards in hand.deal.hands] == [cards_each] * len(seat_side)
    assert len(hand.deal.stock) == 54 - cards_each * len(seat_side)
    assert hand.deal.kitty == ()


def test_cutthroat_is_forced_with_two_three_and_five_players() -> None:
    for players in (2, 3, 5):
        game = get_game("pitch52", {"players": players})
        assert isinstance(game, Pitch52)
        assert game.options.cutthroat is True
        assert game.seating.sides == players
