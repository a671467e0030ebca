"""auction45 variant options (docs/rules.md#auction45-options), validated into a frozen dataclass.

Cross-field rule (docs/rules.md#auction45-players): cut-throat is required with 2, 3 or 5 players.
When ``cutthroat`` is not given it is forced on; an explicit ``false`` is refused with a message
naming the rule. With 4 or 6 players cut-throat is allowed when asked for ([S4]).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.rules.errors import OptionError
from engine.rules.options import OptionSpec, build_options


@dataclass(frozen=True, slots=True)
class Auction45Options:
    """One field per option of docs/rules.md#auction45-options, defaults included."""

    players: int = 4
    cutthroat: bool = False
    six_player_teams: str = "three_pairs"
    kitty_size: int = 4
    kitty_taste: bool = False
    kitty_view_before_trump: bool = False
    kitty_rule: str = "free"
    go_on_kitty: bool = True
    min_bid: int = 15
    thirty_for_sixty: bool = True
    sixty_for_120: str = "in_the_hole"
    dealer_hold: bool = True
    auction_style: str = "duel"
    all_pass: str = "redeal"
    max_discard: int = 5
    draw_packet_max: int | None = 3
    first_lead: str = "left_of_bidder"
    follow_nontrump: str = "free"
    renege: str = "five_jack"
    thirty_forces_trump_lead: bool = True
    nontrump_ace: str = "high"
    ten_as_face: bool = False
    target: int = 120
    loss_line: int | None = -200
    set_limit: int | None = None
    consecutive_set_limit: int | None = None
    count_rule: str = "bidder_only"
    count_threshold: int = 100
    count_hole_exception: bool = False

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the deal (docs/rules.md#auction45-deal)."""
        return 52 - 5 * self.players - self.kitty_size


_BOOL = (False, True)

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("players", "int", 4, (2, 3, 4, 5, 6), "number of players"),
    OptionSpec("cutthroat", "bool", False, _BOOL, "everyone for himself (forced with 2, 3, 5)"),
    OptionSpec(
        "six_player_teams", "enum", "three_pairs", ("three_pairs", "two_trios"), "teams with six"
    ),
    OptionSpec("kitty_size", "int", 4, (4, 3, 0), "cards in the kitty"),
    OptionSpec("kitty_taste", "bool", False, _BOOL, "the last kitty card is shown face up"),
    OptionSpec(
        "kitty_view_before_trump", "bool", False, _BOOL, "the bidder takes the kitty before trump"
    ),
    OptionSpec("kitty_rule", "enum", "free", ("free", "trumps_only"), "what the bidder keeps"),
    OptionSpec("go_on_kitty", "bool", True, _BOOL, "the bidder may swap his hand for the kitty"),
    OptionSpec("min_bid", "int", 15, (15, 5, 10, 20), "lowest bid"),
    OptionSpec("thirty_for_sixty", "bool", True, _BOOL, "a made 30 scores 60"),
    OptionSpec(
        "sixty_for_120", "enum", "in_the_hole", ("in_the_hole", "always", "never"), "bid of 60"
    ),
    OptionSpec("dealer_hold", "bool", True, _BOOL, "the dealer may take the high bid"),
    OptionSpec("auction_style", "enum", "duel", ("duel", "open"), "who bids after round 1"),
    OptionSpec("all_pass", "enum", "redeal", ("redeal", "dealer_stuck"), "when everybody passes"),
    OptionSpec("max_discard", "int", 5, (5, 4), "most cards discarded in the draw"),
    OptionSpec("draw_packet_max", "int|null", 3, (3, None), "most cards per delivery"),
    OptionSpec("first_lead", "enum", "left_of_bidder", ("left_of_bidder", "bidder"), "first lead"),
    OptionSpec("follow_nontrump", "enum", "free", ("free", "follow_or_trump"), "non-trump lead"),
    OptionSpec(
        "renege",
        "enum",
        "five_jack",
        ("five_jack", "five_jack_ah", "five_only", "none"),
        "trumps that may be held back on a trump lead",
    ),
    OptionSpec("thirty_forces_trump_lead", "bool", True, _BOOL, "a 30 or 60 forces a trump lead"),
    OptionSpec("nontrump_ace", "enum", "high", ("high", "low"), "the ace in a non-trump suit"),
    OptionSpec("ten_as_face", "bool", False, _BOOL, "the ten ranks as a court card"),
    OptionSpec("target", "int", 120, (120, 125), "score that wins the game"),
    OptionSpec("loss_line", "int|null", -200, (-200, -120, None), "lose below this score"),
    OptionSpec("set_limit", "int|null", None, (None, 3), "lose after this many sets"),
    OptionSpec(
        "consecutive_set_limit", "int|null", None, (None, 3), "lose after this many sets in a row"
    ),
    OptionSpec(
        "count_rule",
        "enum",
        "bidder_only",
        ("bidder_only", "made_a_bid", "bid_20", "none"),
        "when a side at the threshold scores as defender",
    ),
    OptionSpec("count_threshold", "int", 100, (100, 90), "score from which the count rule applies"),
    OptionSpec(
        "count_hole_exception",
        "bool",
        False,
        _BOOL,
        "no count rule when all others are in the hole",
    ),
)

CUTTHROAT_ONLY = (2, 3, 5)


def auction45_options(given: Mapping[str, Any] | None) -> Auction45Options:
    """Validate ``given`` (docs/rules.md#auction45-options) and apply the cut-throat rule of
    #auction45-players.

    Raises:
        OptionError: unknown option, a value outside the listed set, or ``cutthroat: false``
            with 2, 3 or 5 players (``bad_option_value``).
    """
    if given is not None and isinstance(given, Mapping):
        players = given.get("players", 4)
        if players in CUTTHROAT_ONLY and not isinstance(players, bool):
            if "cutthroat" not in given:
                given = {**given, "cutthroat": True}
            elif given["cutthroat"] is False:
                raise OptionError(
                    "bad_option_value",
                    f"option 'cutthroat' cannot be false with {players} players: 2, 3 and 5 "
                    "players always play cut-throat; allowed: true",
                )
    return build_options(Auction45Options, OPTION_SPECS, given)
