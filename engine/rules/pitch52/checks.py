"""The checks of pitch52's calls and of naming trump (docs/rules.md#pitch52-bidding,
#pitch52-draw step 1), as functions of the facts they need; the discards to six and the plays
are checked in their phases' modules (``excess``, ``play``).

``Pitch52Hand`` checks the turn and the phase, then calls these; each raises the
docs/rules.md#action-codes code of the first rule the action breaks and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.cards import CARD_NAMES
from engine.rules.errors import IllegalActionError, shown
from engine.rules.numerals import whole_number

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52

#: Trumps a player may keep after throwing away, and draws up to (docs/rules.md#pitch52-draw,
#: steps 3 and 4).
KEEP = 6


def card_name(c: object) -> str:
    return CARD_NAMES[c] if type(c) is int and 0 <= c < 54 else repr(c)


def check_call(
    game: Pitch52, text: object, *, seat: int, dealer: int, high: int, high_seat: int
) -> None:
    """A call by the seat to act (docs/rules.md#pitch52-bidding, in the check order of
    #auction45-bidding)."""
    word = text.strip().lower() if isinstance(text, str) else ""
    if word == "pass":
        _check_pass(game, seat == dealer, high_seat)
    elif word == "hold":
        _check_hold(game, seat == dealer, high_seat)
    else:
        _check_bid(game, text, word, high)


def _check_pass(game: Pitch52, is_dealer: bool, high_seat: int) -> None:
    if is_dealer and high_seat < 0 and game.dealer_stuck:
        raise IllegalActionError(
            "dealer_must_bid",
            f"nobody has bid, so the dealer must bid at least {game.options.min_bid} "
            "(all_pass = dealer_stuck; rules of the pitch auction)",
        )


def _check_hold(game: Pitch52, is_dealer: bool, high_seat: int) -> None:
    if not is_dealer:
        reason = "only the dealer may hold"
    elif not game.options.dealer_hold:
        reason = "holding is off (dealer_hold = false)"
    elif high_seat < 0:
        reason = "there is no bid to hold"
    else:
        return
    raise IllegalActionError("hold_not_allowed", f"{reason} (rules of the pitch auction)")


def _check_bid(game: Pitch52, text: object, word: str, high: int) -> None:
    min_bid = game.options.min_bid
    amount = whole_number(word)
    if amount is None or not 1 <= amount <= game.max_bid:
        raise IllegalActionError(
            "bad_bid",
            f"{shown(text)} is not a call: say pass, hold or a whole number from 1 to "
            f"{game.max_bid} (rules of the pitch auction)",
        )
    if amount < min_bid:
        raise IllegalActionError(
            "bid_too_low",
            f"{amount} is below the minimum bid of {min_bid} (rules of the pitch auction)",
        )
    if amount <= high:
        raise IllegalActionError(
            "bid_too_low",
            f"{amount} does not beat the high bid of {high}: a bid must be higher "
            "(the dealer takes the bid at the same number with hold) (rules of the pitch auction)",
        )


def check_trump(suit: object) -> int:
    """The suit named, if it is a suit (0 to 3: S H D C); else raise ``bad_trump``."""
    if type(suit) is not int or suit not in (0, 1, 2, 3):
        raise IllegalActionError("bad_trump", f"trump must be one of S, H, D, C, not {shown(suit)}")
    return suit
