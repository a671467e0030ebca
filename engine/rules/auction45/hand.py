"""One hand of auction45 as a state machine (RULES.md 1.4-1.9).

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
steps (taking the kitty, the draw) up to the next decision. Plays, calls and draw discards,
most of a hand's actions, are checked by the phase that knows them (``Tricks.play``, the
calls ``Auction.offered`` to the seat to act, ``Draw.discard``); a refusal goes through
``check``, which gives its code. Each of these phases lists what it offers the seat to act
when the turn comes to it, and ``legal_actions`` reads that list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

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
from engine.rules.base import AUCTION, OVER
from engine.rules.build import new_contract
from engine.rules.errors import IllegalActionError, shown
from engine.rules.words import seat_name

if TYPE_CHECKING:
    pass

DECLARE = "declare"
KITTY_DISCARD = "kitty_discard"
DRAW = "draw"
PLAY = "play"

_PHASE_ACTIONS: dict[str, str] = {
    AUCTION: "call",
    DECLARE: "go_kitty or trump",
    KITTY_DISCARD: "kitty_discard",
    DRAW: "discard",
    PLAY: "play",
}

#: The phase each action belongs to (a call and going on the kitty are checked apart).
_PHASE_OF: dict[type[Action], str] = {
    Play: PLAY,
    Discard: DRAW,
    NameTrump: DECLARE,
    KittyDiscard: KITTY_DISCARD,
}


class Auction45Hand(Auction45State):
    """A hand of auction45. Build it with ``Auction45.new_hand`` or ``start_hand``."""

    __slots__ = ()

    # -- legal actions -----------------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        seat = self.to_act
        if phase is PLAY:
            return self._play.offered  # type: ignore[union-attr]
        if seat is None:
            return ()
        if phase is AUCTION:
            return self._auction.offered[0]
        if phase is DRAW:
            return self._draw.offered  # type: ignore[union-attr]
        if phase is DECLARE:
            if self._go_kitty_allowed():
                return self.game.declare_with_kitty[seat]
            return self.game.name_trump[seat]
        hand = self._hands[seat]
        return kitty.discard_choices(self.game.trumps_only, self._tables, seat, hand)

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
        """Validate ``action``; return what ``apply`` needs (parsed call, suit, card mask).

        Raises:
            IllegalActionError: RULES.md 7 codes in the order of section 7.
        """
        if action.__class__ is Call:
            if self.phase is not AUCTION:
                raise IllegalActionError("auction_over", "the auction is over: no more calls")
            return self._auction.check(action.seat, action.call)
        if not isinstance(action, Action):
            raise IllegalActionError("wrong_phase", f"{shown(action)} is not an action")
        self._check_turn(action.seat)
        if action.__class__ is GoKitty:
            if self.phase is AUCTION:
                raise self._wrong_phase(action)
            if not self._go_kitty_allowed():
                raise kitty.go_kitty_refusal(self.game, self._trump is not None)
            return None
        if _PHASE_OF.get(action.__class__) is not self.phase:
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

    def _raise_refusal(self, action: Action) -> NoReturn:
        """Raise the refusal of an action a phase found illegal, with its code."""
        self._check(action)
        raise AssertionError(f"{action} was found illegal but passes the checks")

    def _wrong_phase(self, action: Action) -> IllegalActionError:
        expected = _PHASE_ACTIONS.get(self.phase, "nothing")
        return IllegalActionError(
            "wrong_phase",
            f"a {action.type} action does not belong to the {self.phase} phase "
            f"(expected: {expected})",
        )

    # -- applying ------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        cls = action.__class__
        phase = self.phase
        if cls is Play and phase is PLAY:
            play = self._play
            assert play is not None
            seat = action.seat
            to_act = play.play(seat, action.card) if seat == self.to_act else None  # type: ignore[attr-defined]
            if to_act is None:
                self._raise_refusal(action)
            self.history.append(action)
            self.to_act = to_act
            if play.finished:
                self._finish_scored(play)
        elif cls is Call and phase is AUCTION:
            self._apply_call(action)  # type: ignore[arg-type]
        elif cls is Discard and phase is DRAW and action.seat == self.to_act:
            self._apply_discard(action)  # type: ignore[arg-type]
        else:
            self._apply_checked(action, self._check(action))

    def _apply_call(self, action: Call) -> None:
        auction = self._auction
        # A call offered to the seat to act is legal; any other goes through every check.
        parsed = auction.offered[1].get(id(action))
        if parsed is None:
            parsed = auction.check(action.seat, action.call)
        self.history.append(action)
        auction.apply(action.seat, action.call, parsed)
        if auction.to_act is not None:
            self.to_act = auction.to_act
        elif auction.high_seat is None:
            self._finish_redeal({"dealer": self.dealer, "passed_out": True})
        else:
            self._start_declaration(auction.high_seat, auction.high)

    def _apply_checked(self, action: Action, prepared: Any) -> None:
        """Apply an action of the declaration ``_check`` accepted, with what it returned
        (``apply`` takes plays, calls and draw discards itself)."""
        self.history.append(action)
        if type(action) is NameTrump:
            self._name_trump(prepared)
        elif type(action) is GoKitty:
            self._go_on_kitty()
        else:
            assert type(action) is KittyDiscard  # every other action is refused by _check
            self._hands[action.seat] &= ~prepared
            self._out |= prepared
            self._start_draw()

    # -- the declaration -----------------------------------------------------------------------
    def _start_declaration(self, bidder: int, bid: int) -> None:
        self._bidder = bidder
        self.contract = new_contract(bidder=bidder, bid=bid)
        self.phase = DECLARE
        self.to_act = bidder
        if self.game.view_before:
            self._hands[bidder] |= self._kitty

    def _go_on_kitty(self) -> None:
        bidder = self._bidder
        self._out |= self._hands[bidder] & ~self._kitty
        self._hands[bidder] = self._kitty
        self._went_kitty = True

    def _name_trump(self, suit: int) -> None:
        self._trump = suit
        bidder = self._bidder
        hand = self._kitty if self._went_kitty else self._hands[bidder] | self._kitty
        if self.game.trumps_only:
            dropped = self._kitty & ~self._tables.trump_mask
            self._out |= dropped
            hand &= ~dropped
        self._hands[bidder] = hand
        if hand.bit_count() > kitty.KEEP:
            self.phase = KITTY_DISCARD
            self.to_act = bidder
        else:
            self._start_draw()

    # -- the draw ------------------------------------------------------------------------------
    def _start_draw(self) -> None:
        self.phase = DRAW
        self._draw = Draw(self.game, self.dealer, self._bidder, self._hands)
        self.to_act = self._draw.to_act

    def _apply_discard(self, action: Discard) -> None:
        """A draw discard by the seat to act: checked and made by the draw."""
        draw = self._draw
        assert draw is not None
        self._out |= draw.discard(action.seat, action.cards)
        self.history.append(action)
        if draw.to_act is not None:
            self.to_act = draw.to_act
            return
        self._draw_counts = tuple(draw.needs)
        self._stock_pos = deliver(
            self.game, self.dealer, draw.needs, self._hands, self._stock, self._stock_pos
        )
        self._start_play()

    # -- the play ------------------------------------------------------------------------------
    def _start_play(self) -> None:
        assert self._trump is not None and self.contract is not None
        play = Tricks(self.game, self._trump, self._hands, self._bidder, self.contract.bid)
        self._play = play
        self.phase = PLAY
        self.to_act = play.leader

    def _finish_scored(self, play: Tricks) -> None:
        play.count_best_trump()
        self.result = scored_result(self, play)
        self.phase = OVER
        self.to_act = None

    def copy(self) -> Auction45Hand:
        new = super().copy()
        assert isinstance(new, Auction45Hand)
        return new
