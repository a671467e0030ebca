"""auction45 options (docs/rules.md#auction45-options): every value accepted, everything else
refused by name."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import OptionError, get_game
from engine.rules.auction45 import OPTION_SPECS, Auction45, Auction45Options

ALLOWED: dict[str, tuple[Any, ...]] = {
    "players": (4, 2, 3, 5, 6),
    "cutthroat": (False, True),
    "six_player_teams": ("three_pairs", "two_trios"),
    "kitty_size": (4, 3, 0),
    "kitty_taste": (False, True),
    "kitty_view_before_trump": (False, True),
    "kitty_rule": ("free", "trumps_only"),
    "go_on_kitty": (True, False),
    "min_bid": (15, 5, 10, 20),
    "thirty_for_sixty": (True, False),
    "sixty_for_120": ("in_the_hole", "always", "never"),
    "dealer_hold": (True, False),
    "auction_style": ("duel", "open"),
    "all_pass": ("redeal", "dealer_stuck"),
    "max_discard": (5, 4),
    "draw_packet_max": (3, None),
    "first_lead": ("left_of_bidder", "bidder"),
    "follow_nontrump": ("free", "follow_or_trump"),
    "renege": ("five_jack", "five_jack_ah", "five_only", "none"),
    "thirty_forces_trump_lead": (True, False),
    "nontrump_ace": ("high", "low"),
    "ten_as_face": (False, True),
    "target": (120, 125),
    "loss_line": (-200, -120, None),
    "set_limit": (None, 3),
    "consecutive_set_limit": (None, 3),
    "count_rule": ("bidder_only", "made_a_bid", "bid_20", "none"),
    "count_threshold": (100, 90),
    "count_hole_exception": (False, True),
}

REFUSED: list[tuple[str, Any]] = [
    ("players", 1),
    ("players", 7),
    ("players", "4"),
    ("players", True),
    ("cutthroat", "yes"),
    ("cutthroat", 1),
    ("six_player_teams", "three_trios"),
    ("kitty_size", 2),
    ("kitty_size", 5),
    ("kitty_taste", None),
    ("kitty_view_before_trump", 0),
    ("kitty_rule", "trumps"),
    ("go_on_kitty", "false"),
    ("min_bid", 25),
    ("min_bid", 15.0),
    ("thirty_for_sixty", None),
    ("sixty_for_120", "sometimes"),
    ("dealer_hold", 1),
    ("auction_style", "Duel"),
    ("all_pass", "dealer"),
    ("max_discard", 3),
    ("draw_packet_max", 2),
    ("draw_packet_max", 0),
    ("first_lead", "dealer"),
    ("follow_nontrump", "follow"),
    ("renege", "five_jack_queen"),
    ("thirty_forces_trump_lead", "true"),
    ("nontrump_ace", "one"),
    ("ten_as_face", 1),
    ("target", 100),
    ("target", 0),
    ("loss_line", -100),
    ("loss_line", 200),
    ("set_limit", 2),
    ("set_limit", 0),
    ("consecutive_set_limit", 4),
    ("count_rule", "made_bid"),
    ("count_threshold", 110),
    ("count_hole_exception", "no"),
]


def test_the_specs_list_every_option_of_rules_8_1_with_its_default() -> None:
    assert [spec.id for spec in OPTION_SPECS] == list(ALLOWED)
    defaults = Auction45Options()
    for spec in OPTION_SPECS:
        assert spec.default == ALLOWED[spec.id][0] == getattr(defaults, spec.id)
        assert set(spec.allowed or ()) == set(ALLOWED[spec.id])


def test_defaults() -> None:
    game = get_game("auction45")
    assert isinstance(game, Auction45)
    assert game.options == Auction45Options()
    assert game.seating.seat_side == (0, 1, 0, 1)
    assert game.target == 120
    assert game.options_dict()["loss_line"] == -200


@pytest.mark.parametrize(
    ("option", "value"),
    [(option, value) for option, values in ALLOWED.items() for value in values[1:]],
)
def test_every_other_value_is_accepted(option: str, value: Any) -> None:
    game = get_game("auction45", {option: value})
    assert isinstance(game, Auction45)
    assert getattr(game.options, option) == value


@pytest.mark.parametrize(("option", "value"), REFUSED)
def test_values_outside_the_list_are_refused_naming_the_option(option: str, value: Any) -> None:
    with pytest.raises(OptionError) as refused:
        Auction45({option: value})
    assert refused.value.code == "bad_option_value"
    assert repr(option) in refused.value.message
    assert "allowed:" in refused.value.message


def test_unknown_option_is_refused_and_the_options_listed() -> None:
    with pytest.raises(OptionError) as refused:
        get_game("auction45", {"kitty": 4})
    assert refused.value.code == "unknown_option"
    assert "'kitty'" in refused.value.message and "kitty_size" in refused.value.message


def test_options_must_be_a_mapping() -> None:
    with pytest.raises(OptionError) as refused:
        Auction45(["players"])  # type: ignore[arg-type]
    assert refused.value.code == "bad_options"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_two_three_and_five_players_are_always_cutthroat(players: int) -> None:
    game = get_game("auction45", {"players": players})
    assert game.options.cutthroat is True  # type: ignore[attr-defined]
    assert game.seating.seat_side == tuple(range(players))
    assert get_game("auction45", {"players": players, "cutthroat": True}).options == game.options  # type: ignore[attr-defined]
    with pytest.raises(OptionError) as refused:
        Auction45({"players": players, "cutthroat": False})
    assert refused.value.code == "bad_option_value"
    assert (
        "'cutthroat'" in refused.value.message and "always play cut-throat" in refused.value.message
    )


@pytest.mark.parametrize(
    ("options", "seat_side"),
    [
        ({}, (0, 1, 0, 1)),
        ({"cutthroat": True}, (0, 1, 2, 3)),
        ({"players": 6}, (0, 1, 2, 0, 1, 2)),
        ({"players": 6, "six_player_teams": "two_trios"}, (0, 1, 0, 1, 0, 1)),
        ({"players": 6, "cutthroat": True}, (0, 1, 2, 3, 4, 5)),
    ],
)
def test_seating_follows_rules_0_2(options: dict[str, Any], seat_side: tuple[int, ...]) -> None:
    assert get_game("auction45", options).seating.seat_side == seat_side


@pytest.mark.parametrize(
    ("options", "stock"),
    [
        ({}, 28),
        ({"kitty_size": 3}, 29),
        ({"kitty_size": 0}, 32),
        ({"players": 6}, 18),
        ({"players": 2}, 38),
        ({"players": 5}, 23),
    ],
)
def test_stock_size_is_what_the_deal_leaves(options: dict[str, Any], stock: int) -> None:
    game = get_game("auction45", options)
    assert game.options.stock_size == stock  # type: ignore[attr-defined]
    hand = game.new_hand(seed=1)
    assert len(hand.deal.stock) == stock


def test_equal_options_share_one_game() -> None:
    assert get_game("auction45", {"renege": "none"}) is get_game("auction45", {"renege": "none"})
    assert get_game("auction45", {"renege": "none"}) is not get_game("auction45")
    assert "renege" in repr(get_game("auction45", {"renege": "none"}))
