"""One hand of auction45 as a state machine (docs/rules.md#auction45-deal to #auction45-scoring).

Phases, in order: ``auction`` (calls, ``auction45.auction``) → ``declare`` (the bidder may go
on the kitty, then names trump; the kitty joins his hand) → ``kitty_discard`` (only when he
holds more than five; ``auction45.kitty``) → ``draw`` (every player discards once, dealer's
left first; then the dealer restores every hand to five from the stock; ``auction45.draw``) →
``play`` (five tricks, ``auction45.trick``) → ``over`` (``auction45.outcome``). A hand thrown
in because everybody passed goes from ``auction`` straight to ``over``.

The fields are in ``auction45.state``. Hands are int masks (``engine.rules.cards``); cards
out of play (the bidder's old hand when he goes on the kitty, the kitty's non-trumps under
``trumps_only``, every discard) are kept in one mask so that views can be checked against
them. ``apply`` validates the whole action before it changes anything, then runs the automatic
steps (taking the kitty, the draw) up to the next decision.

The phase under way is one object (``Auction45State.current``: the ``Auction``, the ``Draw``,
the ``Tricks``, the hand itself for the declaration, ``OVER_PHASE`` at the end). It lists what
it offers the seat to act when the turn comes to it (``offered``, what ``legal_actions``
returns) and ``take``s an action: ``apply`` hands every action to it, once. An action the
phase does not take (another phase's, another seat's, a card not playable now) goes through
``check``, which gives the refusal its code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rules.actions import (
    Action,
    Call,
    Discard,
    GoKitty,
    KittyDiscard,
    NameTrump,
    Play,
)
from engine.rules.auction45 import kitty
from engine.rules.auction45.draw import Draw, deliver
from engine.rules.auction45.outcome import scored_result
from engine.rules.auction45.state import Auction45State
from engine.rules.auction45.trick import Tricks
from engine.rules.base import Contract, Phase
from engine.rules.errors import IllegalActionError, shown
from engine.rules.phases import OVER_PHASE, PhaseUnderWay
from engine.rules.words import seat_name

_PHASE_ACTIONS: dict[Phase, str] = {
    Phase.AUCTION: "call",
    Phase.DECLARE: "go_kitty or trump",
    Phase.KITTY_DISCARD: "kitty_discard",
    Phase.DRAW: "discard",
    Phase.PLAY: "play",
}

#: The phase each action belongs to (a call and going on the kitty are checked apart).
_PHASE_OF: dict[type[Action], Phase] = {
    Play: Phase.PLAY,
    Discard: Phase.DRAW,
    NameTrump: Phase.DECLARE,
    KittyDiscard: Phase.KITTY_DISCARD,
}


class Auction45Hand(Auction45State):
    """A hand of auction45. Build it with ``Auction45.new_hand`` or ``start_hand``."""

    __slots__ = ()

    def _go_kitty_allowed(self) -> bool:
        return (
            self.game.options.go_on_kitty
            and self._kitty != 0
            and not self._went_kitty
            and self._trump is None
        )

    # -- checking ------------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        self._check(action)

    def _check(self, action: Action) -> Any:
        """Validate ``action``; return what the declaration needs (suit, card mask).

        Raises:
            IllegalActionError: the codes of docs/rules.md#action-codes, in its order.
        """
        if action.__class__ is Call:
            if self.phase != Phase.AUCTION:
                raise IllegalActionError("auction_over", "the auction is over: no more calls")
            return self._auction.check(action.seat, action.call)
        if not isinstance(action, Action):
            raise IllegalActionError("wrong_phase", f"{shown(action)} is not an action")
        self._check_turn(action.seat)
        if action.__class__ is GoKitty:
            if self.phase == Phase.AUCTION:
                raise self._wrong_phase(action)
            if not self._go_kitty_allowed():
                raise kitty.go_kitty_refusal(self.game, self._trump is not None)
            return None
        if _PHASE_OF.get(action.__class__) != self.phase:
            raise self._wrong_phase(action)
        return self._check_in_phase(action)

    def _check_turn(self, seat: int) -> None:
        if self.to_act is None or seat != self.to_act:
            who = (
                "nobody is to act: the hand is over"
                if self.to_act is None
                else f"it is {seat_name(self.to_act)}'s turn"
            )
            raise IllegalActionError("out_of_turn", f"{seat_name(seat)} cannot act now: {who}")

    def _check_in_phase(self, action: Action) -> Any:
        """The checks of an action of the hand's phase, by the seat to act (its class is the
        phase's own: ``_PHASE_OF``)."""
        seat = action.seat
        if type(action) is Play:
            assert self._play is not None
            return self._play.check(seat, action.card)
        if type(action) is Discard:
            assert self._draw is not None
            return self._draw.check(seat, action.cards)
        if type(action) is KittyDiscard:
            hand = self._hands[seat]
            trumps_only = self.game.trumps_only
            return kitty.check_discard(trumps_only, self._tables, seat, hand, action.cards)
        assert type(action) is NameTrump
        if action.suit.__class__ is not int or not 0 <= action.suit < 4:
            raise IllegalActionError(
                "bad_trump", f"trump must be one of S H D C, not {shown(action.suit)}"
            )
        return action.suit

    def _wrong_phase(self, action: Action) -> IllegalActionError:
        expected = _PHASE_ACTIONS.get(self.phase, "nothing")
        return IllegalActionError(
            "wrong_phase",
            f"a {action.type} action does not belong to the {self.phase} phase "
            f"(expected: {expected})",
        )

    # -- applying ------------------------------------------------------------------------------
    def _end_phase(self) -> None:
        """The phase under way is over: start the next one."""
        phase = self.phase
        if phase == Phase.AUCTION:
            self._end_auction()
        elif phase == Phase.DRAW:
            self._end_draw()
        elif phase == Phase.PLAY:
            self._finish_scored()
        else:
            self._start_draw()

    # -- the declaration -----------------------------------------------------------------------
    def take(self, action: Action) -> bool | None:
        """The declaration's actions (going on the kitty, naming trump, the bidder's discard),
        taken by the hand itself through every check: two or three a hand. Return whether the
        declaration is over.

        Raises:
            IllegalActionError: any refusal; nothing has changed then.
        """
        prepared = self._check(action)
        if type(action) is NameTrump:
            return self._name_trump(prepared)
        if type(action) is GoKitty:
            self._go_on_kitty()
            return False
        self._hands[action.seat] &= ~prepared  # a KittyDiscard: _check refuses the others
        self._out |= prepared
        return True

    def _end_auction(self) -> None:
        auction = self._auction
        if auction.high_seat is None:
            self._finish_redeal({"dealer": self.dealer, "passed_out": True})
            self.current = OVER_PHASE
            return
        bidder = auction.high_seat
        self._bidder = bidder
        self.contract = Contract(bidder, auction.high)
        self.phase = Phase.DECLARE
        self.current = self
        self.to_act = bidder
        if self.game.view_before:
            self._hands[bidder] |= self._kitty
        self.offered = self._declaration_choices(bidder)

    def _declaration_choices(self, bidder: int) -> Sequence[Action]:
        if self._go_kitty_allowed():
            return self.game.declare_with_kitty[bidder]
        return self.game.name_trump[bidder]

    def _go_on_kitty(self) -> None:
        bidder = self._bidder
        self._out |= self._hands[bidder] & ~self._kitty
        self._hands[bidder] = self._kitty
        self._went_kitty = True
        self.offered = self._declaration_choices(bidder)

    def _name_trump(self, suit: int) -> bool:
        """Trump is named: the kitty joins the bidder's hand. Return whether the declaration
        is over (no discard to make)."""
        self._trump = suit
        bidder = self._bidder
        hand = self._kitty if self._went_kitty else self._hands[bidder] | self._kitty
        if self.game.trumps_only:
            dropped = self._kitty & ~self._tables.trump_mask
            self._out |= dropped
            hand &= ~dropped
        self._hands[bidder] = hand
        if hand.bit_count() <= kitty.KEEP:
            return True
        self.phase = Phase.KITTY_DISCARD
        self.offered = kitty.discard_choices(self.game.trumps_only, self._tables, bidder, hand)
        return False

    # -- the draw and the play -----------------------------------------------------------------
    def _start_draw(self) -> None:
        self.phase = Phase.DRAW
        draw = self._draw = Draw(self.game, self.dealer, self._bidder, self._hands)
        self.current = draw
        self.to_act = draw.to_act

    def _end_draw(self) -> None:
        """Every seat has discarded: the dealer restores the hands to five, and the play
        starts."""
        draw = self._draw
        assert draw is not None and self._trump is not None and self.contract is not None
        self._out |= draw.discarded
        self._draw_counts = tuple(draw.needs)
        self._stock_pos = deliver(
            self.game, self.dealer, draw.needs, self._hands, self._stock, self._stock_pos
        )
        play = Tricks(self.game, self._trump, self._hands, self._bidder, self.contract.bid)
        self._play = play
        self.phase = Phase.PLAY
        self.current = play
        self.to_act = play.to_act

    def _finish_scored(self) -> None:
        play = self._play
        assert play is not None
        play.count_best_trump()
        self.result = scored_result(self, play)
        self.phase = Phase.OVER
        self.current = OVER_PHASE
        self.to_act = None

    def copy(self) -> Auction45Hand:
        new = super().copy()
        assert isinstance(new, Auction45Hand)
        new.current = new._phase_under_way()
        return new

    def _phase_under_way(self) -> PhaseUnderWay:
        phase = self.phase
        if phase == Phase.AUCTION:
            return self._auction
        if phase == Phase.DRAW:
            assert self._draw is not None
            return self._draw
        if phase == Phase.PLAY:
            assert self._play is not None
            return self._play
        return OVER_PHASE if phase == Phase.OVER else self
