"""pitch52 variant options (docs/rules.md#pitch52-options), validated into a frozen dataclass.

Cross-field rules (docs/rules.md#pitch52-players): cut-throat is required with 2, 3 or 5 players
(forced on when ``cutthroat`` is not given, refused when it is given as false) and is not a
six-player game (six players play in teams: three pairs or two trios).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.rules.errors import OptionError
from engine.rules.options import OptionSpec, build_options


@dataclass(frozen=True, slots=True)
class Pitch52Options:
    """One field per option of docs/rules.md#pitch52-options, defaults included."""

    players: int = 4
    cutthroat: bool = False
    six_player_teams: str = "three_pairs"
    min_bid: int = 4
    dealer_hold: bool = True
    all_pass: str = "dealer_stuck"
    point_scheme: str = "high_low"
    count_three: bool = True
    low_to: str = "player"
    rob: str = "bidder_then_partner"
    excess_trump_discard: str = "any"
    first_lead_restricted: bool = True
    target: int = 52

    @property
    def max_bid(self) -> int:
        """Points available in a hand: 10, or 7 without the three
        (docs/rules.md#pitch52-bidding)."""
        return 10 if self.count_three else 7

    @property
    def cards_each(self) -> int:
        """Cards dealt to each player: 9, or 8 with six players (docs/rules.md#pitch52-players)."""
        return 8 if self.players == 6 else 9


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("players", "int", 4, (2, 3, 4, 5, 6), "number of players"),
    OptionSpec("cutthroat", "bool", False, (True, False), "everyone for himself"),
    OptionSpec(
        "six_player_teams", "enum", "three_pairs", ("three_pairs", "two_trios"), "teams with six"
    ),
    OptionSpec("min_bid", "int", 4, (4, 5), "lowest bid"),
    OptionSpec("dealer_hold", "bool", True, (True, False), "the dealer may take the high bid"),
    OptionSpec(
        "all_pass", "enum", "dealer_stuck", ("dealer_stuck", "redeal"), "when everybody passes"
    ),
    OptionSpec("point_scheme", "enum", "high_low", ("high_low", "card"), "what scores points"),
    OptionSpec("count_three", "bool", True, (True, False), "the three of trumps is worth 3"),
    OptionSpec("low_to", "enum", "player", ("player", "captor"), "who scores low (or the two)"),
    OptionSpec("rob", "enum", "bidder_then_partner", ("bidder_then_partner", "bidder_all"), "rob"),
    OptionSpec(
        "excess_trump_discard", "enum", "any", ("any", "non_point"), "which excess trumps go"
    ),
    OptionSpec("first_lead_restricted", "bool", True, (True, False), "no joker or off-jack first"),
    OptionSpec("target", "int", 52, None, "score that wins the game"),
)

CUTTHROAT_ONLY = (2, 3, 5)


def pitch52_options(given: Mapping[str, Any] | None) -> Pitch52Options:
    """Validate ``given`` (docs/rules.md#pitch52-options) and apply the cut-throat rules of
    #pitch52-players.

    Raises:
        OptionError: unknown option, bad value, or a table that cannot be played
            (``bad_option_value`` naming ``cutthroat``).
    """
    if given is not None and isinstance(given, Mapping):
        given = dict(given)
        players = given.get("players", 4)
        if players in CUTTHROAT_ONLY and not isinstance(players, bool):
            if "cutthroat" not in given:
                given["cutthroat"] = True
            elif given["cutthroat"] is False:
                raise OptionError(
                    "bad_option_value",
                    f"option 'cutthroat' cannot be false with {players} players: 2, 3 and 5 "
                    "players always play cut-throat; allowed: true",
                )
        if players == 6 and given.get("cutthroat") is True:
            raise OptionError(
                "bad_option_value",
                "option 'cutthroat' cannot be true with 6 players: six play as three pairs or "
                "two trios (option 'six_player_teams'); allowed: false",
            )
    return build_options(Pitch52Options, OPTION_SPECS, given)
