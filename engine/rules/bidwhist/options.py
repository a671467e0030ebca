"""bidwhist variant options (docs/rules.md#bidwhist-options), validated into a frozen dataclass.

Bid whist has no cross-field rules: the table is always four players in two partnerships
(docs/rules.md#bidwhist), so there is no ``players`` option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.rules.options import OptionSpec, build_options

MAX_BID = 7


@dataclass(frozen=True, slots=True)
class BidWhistOptions:
    """One field per option of docs/rules.md#bidwhist-options, defaults included (seed 002)."""

    min_bid: int = 1
    scoring: str = "books_over_six"
    no_trump_multiplier: int = 1
    boston_multiplier: int = 1
    target: int = 21
    kitty_book: str = "first_trick_winner"

    @property
    def contract_scoring(self) -> bool:
        """True under ``scoring = contract`` ([S5]): scores may go negative, loss at -target."""
        return self.scoring == "contract"


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("min_bid", "int", 1, (1, 2, 3, 4), "lowest bid (books above six)"),
    OptionSpec("scoring", "enum", "books_over_six", ("books_over_six", "contract"), "scoring"),
    OptionSpec("no_trump_multiplier", "int", 1, (1, 2), "no-trump contracts score times this"),
    OptionSpec("boston_multiplier", "int", 1, (1, 4), "a side taking all 13 books: times this"),
    OptionSpec("target", "int", 21, None, "score that wins the game"),
    OptionSpec(
        "kitty_book",
        "enum",
        "first_trick_winner",
        ("first_trick_winner", "bidder"),
        "who owns the book formed by the bidder's discards",
    ),
)


def bidwhist_options(given: Mapping[str, Any] | None) -> BidWhistOptions:
    """Validate ``given`` against docs/rules.md#bidwhist-options.

    Raises:
        OptionError: ``unknown_option`` (the message lists the options of bid whist) or
            ``bad_option_value`` (the message lists the allowed values).
    """
    return build_options(BidWhistOptions, OPTION_SPECS, given)
