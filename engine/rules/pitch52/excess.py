"""Discarding down to six trumps (docs/rules.md#pitch52-draw step 3, and step 4 under
``rob = bidder_all``).

A player holding more than six trumps once trump is named lays the excess face up, in turn from
the dealer's left; under ``rob = bidder_all`` the bidder does the same after taking the whole
stock. Under ``excess_trump_discard = non_point`` a point card may go only when no non-point
trump is left to go instead.

``Excess`` is the phase's state: the seats still to discard, in turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.rules.actions import Action, ExcessDiscard
from engine.rules.cards import BIT, CARD_NAMES, cards_of
from engine.rules.choices import CardSubsets
from engine.rules.errors import IllegalActionError
from engine.rules.pitch52.checks import KEEP, card_name
from engine.rules.pitch52.ranks import POINT_MASK
from engine.rules.words import seat_name

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52


def excess_count(hand: int) -> int:
    """How many trumps a hand of trumps (a mask) must lay away to keep six."""
    return hand.bit_count() - KEEP


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
    """Every way to lay away the trumps above six."""
    k = excess_count(hand)
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


def check_excess(game: Pitch52, trump: int, seat: int, hand: int, cards: Sequence[object]) -> int:
    """The mask of ``cards`` if they are exactly the trumps above six that ``seat`` may lay
    away; else raise ``not_in_hand``, ``bad_discard_count`` or ``cannot_discard_point``."""
    chosen = held_mask(seat, hand, cards)
    k = excess_count(hand)
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
    return chosen


class Excess:
    """The discards to six under way: ``queue`` is the seats still to discard, in turn, the
    first of them ``to_act``. ``hands`` is the hand's own list of masks."""

    __slots__ = ("game", "hands", "offered", "queue", "to_act", "trump")

    def __init__(self, game: Pitch52, trump: int, hands: list[int], queue: tuple[int, ...]) -> None:
        self.game = game
        self.trump = trump
        self.hands = hands
        self.queue = queue
        self._turn()

    def copy(self, hands: list[int]) -> Excess:
        """A copy discarding from ``hands``, the copied hand's list."""
        return Excess(self.game, self.trump, hands, self.queue)

    def check(self, seat: int, cards: Sequence[object]) -> None:
        check_excess(self.game, self.trump, seat, self.hands[seat], cards)

    def take(self, action: Action) -> bool | None:
        """Lay away the cards of ``action`` if it is the discard of the seat to act: ``None``
        for any other action. Return whether every seat has discarded.

        Raises:
            IllegalActionError: the cards are not a legal discard; nothing has changed then.
        """
        seat = self.to_act
        if action.__class__ is not ExcessDiscard or action.seat != seat:
            return None
        assert isinstance(action, ExcessDiscard) and seat is not None
        self.hands[seat] &= ~check_excess(
            self.game, self.trump, seat, self.hands[seat], action.cards
        )
        self.queue = self.queue[1:]
        self._turn()
        return self.to_act is None

    def _turn(self) -> None:
        if not self.queue:
            self.to_act = None
            self.offered: Sequence[Action] = ()
            return
        seat = self.to_act = self.queue[0]
        self.offered = excess_choices(self.game, self.trump, seat, self.hands[seat])
