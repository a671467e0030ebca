"""The declaration of auction45 (docs/rules.md#auction45-kitty): going on the kitty, and the
bidder's discard.

After the auction the bidder may give up his hand for the kitty (option ``go_on_kitty``), then
names trump and takes the kitty into his hand. If he then holds more than five cards he lays
the excess away: any cards (``kitty_rule = free``), or his lowest ones, non-trumps first
(``kitty_rule = trumps_only``, where the kitty's non-trumps were dropped already).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.rules.actions import Action, KittyDiscard
from engine.rules.auction45.choices import SIZED
from engine.rules.auction45.ranks import TrumpTables
from engine.rules.bits import sorted_cards
from engine.rules.cards import BIT, CARD_NAMES
from engine.rules.choices import SubsetChoices
from engine.rules.errors import IllegalActionError
from engine.rules.words import seat_name

if TYPE_CHECKING:
    from engine.rules.auction45.game import Auction45

#: Bit of each ordinary card; anything else (jokers, junk) is "not in hand".
CARD_BIT: dict[int, int] = {c: BIT[c] for c in range(52)}

#: Cards a player keeps: the bidder discards down to it, and the draw restores every hand to it.
KEEP = 5


def card_bit(c: object) -> int | None:
    """The bit of an ordinary card; ``None`` for anything else (unhashable values included)."""
    try:
        return CARD_BIT.get(c)  # type: ignore[call-overload, no-any-return]
    except TypeError:
        return None


def held_mask(seat: int, hand: int, cards: Sequence[int]) -> int:
    """The mask of ``cards``, every one a card ``seat`` holds (``hand``), none listed twice.

    Raises:
        IllegalActionError: ``not_in_hand``.
    """
    mask = 0
    try:
        for c in cards:
            mask |= CARD_BIT[c]
    except (KeyError, TypeError):
        mask = -1
    if mask < 0 or hand & mask != mask or mask.bit_count() != len(cards):
        raise _not_held(seat, hand, cards)
    return mask


def _not_held(seat: int, hand: int, cards: Sequence[int]) -> IllegalActionError:
    """The refusal of ``held_mask``, naming the first card at fault."""
    seen = 0
    for c in cards:
        bit = card_bit(c)
        if bit is None or not hand & bit:
            name = CARD_NAMES[c] if bit is not None else repr(c)
            return IllegalActionError("not_in_hand", f"{seat_name(seat)} does not hold {name}")
        if seen & bit:
            return IllegalActionError("not_in_hand", f"{CARD_NAMES[c]} is listed twice")
        seen |= bit
    raise AssertionError(f"{cards} are held by {seat_name(seat)}")


def go_kitty_refusal(game: Auction45, trump_named: bool) -> IllegalActionError:
    """Why the bidder may not go on the kitty now (``go_kitty_not_allowed``)."""
    if trump_named:
        why = "trump is already named"
    elif not game.options.go_on_kitty:
        why = "going on the kitty is not allowed in this game (option go_on_kitty)"
    else:
        why = "the kitty is empty"
    return IllegalActionError(
        "go_kitty_not_allowed", f"cannot go on the kitty: {why} (rules of the 45s kitty)"
    )


def lowest_discard(tables: TrumpTables, hand: int, drop: int) -> int:
    """``trumps_only``: the one allowed discard when non-trumps are not enough."""
    chosen = hand & ~tables.trump_mask
    missing = drop - chosen.bit_count()
    for c in tables.lowest_first:
        if not missing:
            break
        if hand & BIT[c]:
            chosen |= BIT[c]
            missing -= 1
    return chosen


def discard_choices(
    trumps_only: bool, tables: TrumpTables, seat: int, hand: int
) -> Sequence[Action]:
    """Every discard that brings the bidder back to five cards."""
    drop = hand.bit_count() - KEEP
    if trumps_only:
        plain = hand & ~tables.trump_mask
        if drop > plain.bit_count():
            return (KittyDiscard(seat, sorted_cards(lowest_discard(tables, hand, drop))),)
        hand = plain
    cards = sorted_cards(hand)
    getters = SIZED[len(cards)][drop]
    return SubsetChoices(KittyDiscard, seat, cards, getters, len(getters))


def check_discard(
    trumps_only: bool, tables: TrumpTables, seat: int, hand: int, cards: Sequence[int]
) -> int:
    """The mask of the bidder's discard ``cards`` if legal.

    Raises:
        IllegalActionError: ``not_in_hand``, ``bad_discard_count``, ``must_discard_lowest``.
    """
    mask = held_mask(seat, hand, cards)
    drop = hand.bit_count() - KEEP
    if len(cards) != drop:
        raise IllegalActionError(
            "bad_discard_count",
            f"the bidder holds {hand.bit_count()} cards and must discard exactly {drop} "
            f"to keep 5, not {len(cards)} (rules of the 45s kitty)",
        )
    if trumps_only and not _lowest_cards(tables, hand, drop, mask):
        raise IllegalActionError(
            "must_discard_lowest",
            "the bidder must discard his lowest cards: non-trumps first, then trumps "
            "lowest first (option kitty_rule = trumps_only; rules of the 45s kitty)",
        )
    return mask


def _lowest_cards(tables: TrumpTables, hand: int, drop: int, mask: int) -> bool:
    """Does the discard ``mask`` keep the ``trumps_only`` rule: non-trumps first, then the
    lowest trumps?"""
    plain = hand & ~tables.trump_mask
    if drop > plain.bit_count():
        return mask == lowest_discard(tables, hand, drop)
    return not mask & ~plain
