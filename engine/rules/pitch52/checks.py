"""The checks of pitch52's actions (docs/rules.md#pitch52-bidding to #pitch52-play), as functions of
the facts they need.

``Pitch52Hand`` checks the turn and the phase, then calls these; each raises the
docs/rules.md#action-codes code of the first rule the action breaks and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.rules.actions import PLAYS, Action, ExcessDiscard, Play
from engine.rules.bits import sorted_cards54
from engine.rules.cards import BIT, CARD_NAMES, cards_of
from engine.rules.choices import CardSubsets
from engine.rules.errors import IllegalActionError, shown
from engine.rules.numerals import whole_number
from engine.rules.pitch52.ranks import FIRST_LEAD_BARRED, POINT_MASK, TRUMP_MASK
from engine.rules.words import seat_name

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


def check_trump(suit: object) -> None:
    if type(suit) is not int or suit not in (0, 1, 2, 3):
        raise IllegalActionError("bad_trump", f"trump must be one of S, H, D, C, not {shown(suit)}")


def held_mask(seat: int, hand: int, cards: Sequence[object]) -> int:
    """The mask of ``cards``, each held by ``seat`` (``hand``) and listed once."""
    chosen = 0
    for c in cards:
        if not (type(c) is int and 0 <= c < 54 and hand >> c & 1):
            raise IllegalActionError(
                "not_in_hand", f"{card_name(c)} is not in {seat_name(seat)}'s hand"
            )
        if chosen >> c & 1:
            raise IllegalActionError("not_in_hand", f"{card_name(c)} is listed twice")
        chosen |= BIT[c]
    return chosen


def excess_choices(game: Pitch52, trump: int, seat: int, hand: int) -> Sequence[Action]:
    """Every way to lay away the trumps above six (docs/rules.md#pitch52-draw step 3)."""
    k = hand.bit_count() - KEEP
    if not game.non_point:
        return CardSubsets(ExcessDiscard, seat, hand, (k,))
    points = hand & POINT_MASK[game.options.point_scheme][trump]
    plain = hand & ~points
    if plain.bit_count() >= k:
        return CardSubsets(ExcessDiscard, seat, plain, (k,))
    # Every non-point trump goes, and the rest is made up of point cards.
    forced = tuple(cards_of(plain))

    def make(s: int, cards: tuple[int, ...]) -> Action:
        return ExcessDiscard(s, cards + forced)

    return CardSubsets(make, seat, points, (k - len(forced),))


def check_excess(game: Pitch52, trump: int, seat: int, hand: int, cards: Sequence[object]) -> None:
    """docs/rules.md#pitch52-draw step 3: exactly the trumps above six, face up."""
    chosen = held_mask(seat, hand, cards)
    k = hand.bit_count() - KEEP
    if len(cards) != k:
        raise IllegalActionError(
            "bad_discard_count",
            f"{seat_name(seat)} holds {hand.bit_count()} trumps and must discard exactly {k} "
            f"face up to keep {KEEP}, not {len(cards)} (rules of pitch trump and the draw)",
        )
    if game.non_point:
        points = POINT_MASK[game.options.point_scheme][trump]
        kept_plain = hand & ~points & ~chosen
        if chosen & points and kept_plain:
            raise IllegalActionError(
                "cannot_discard_point",
                "a point card may not be discarded while a non-point trump "
                f"({CARD_NAMES[(kept_plain & -kept_plain).bit_length() - 1]}) could go "
                "instead (excess_trump_discard = non_point; rules of pitch trump and the draw)",
            )


def check_play(game: Pitch52, trump: int, seat: int, hand: int, c: object, opening: bool) -> None:
    """docs/rules.md#pitch52-play: trumps only; the restricted first lead."""
    if not (type(c) is int and 0 <= c < 54 and hand >> c & 1):
        raise IllegalActionError(
            "not_in_hand", f"{card_name(c)} is not in {seat_name(seat)}'s hand"
        )
    if not TRUMP_MASK[trump] >> c & 1:
        # Hands hold only trumps during play; kept for completeness of the rule.
        raise IllegalActionError(
            "trump_only", f"{CARD_NAMES[c]} is not a trump: only trumps are played"
        )
    barred = FIRST_LEAD_BARRED[trump]
    if opening and game.first_lead_restricted and barred >> c & 1 and hand & ~barred:
        raise IllegalActionError(
            "first_lead_restricted",
            f"{CARD_NAMES[c]} may not open the hand: no joker or off-jack on the first lead "
            "while holding another trump (rules of pitch play)",
        )


def opening_leads(game: Pitch52, trump: int, seat: int, hand: int) -> tuple[Play, ...]:
    """The plays open to the first leader of the hand (docs/rules.md#pitch52-play): no joker or
    off-jack while he holds another trump, under ``first_lead_restricted``."""
    allowed = hand
    if game.first_lead_restricted and hand & ~FIRST_LEAD_BARRED[trump]:
        allowed = hand & ~FIRST_LEAD_BARRED[trump]
    plays = PLAYS[seat]
    return tuple([plays[c] for c in sorted_cards54(allowed)])
