"""One pitch52 hand as a state machine (docs/rules.md#pitch52-deal to #pitch52-scoring).

Phases, in order: ``auction`` (one round, dealer last; ``pitch52.auction``) → ``trump`` (the
bidder names it; ``pitch52.trump``) → ``excess_discard`` (only players holding more than six
trumps; under ``rob = bidder_all`` also the bidder after taking the stock; ``pitch52.excess``)
→ ``play`` (``pitch52.play``) → ``over`` (``pitch52.outcome``). Throwing away non-trumps, the
draw, the bidder's rob (``pitch52.draw``) and skipping players who are out are automatic steps,
not actions.

Vocabulary: a seat is *out* when it holds no trump during play; it becomes *visibly out* (shown
in views) only when its turn is skipped (docs/rules.md#pitch52-seen): inside a trick when
play passes it, at the end of a trick for the seats after the last card, and when the lead
passes over it.

Hands are card masks. Cards received from the stock are public only as counts
(``received_counts``); excess trumps are discarded face up (``excess_discards``).

The phase under way is one object (``Pitch52State.current``). It lists what it offers the seat
to act when the turn comes to it (``offered``, what ``legal_actions`` returns) and ``take``s
an action: ``apply`` hands every action to it, once. An action the phase does not take
(another phase's, another seat's, a card not playable now) goes through ``check``, which
gives the refusal its code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.actions import Action, Call, ExcessDiscard, NameTrump, Play
from engine.rules.base import Phase
from engine.rules.errors import IllegalActionError
from engine.rules.phases import OVER_PHASE
from engine.rules.pitch52.checks import KEEP, check_trump
from engine.rules.pitch52.draw import draw, rob
from engine.rules.pitch52.excess import Excess
from engine.rules.pitch52.outcome import scored_result
from engine.rules.pitch52.play import Tricks
from engine.rules.pitch52.ranks import TRUMP_MASK
from engine.rules.pitch52.state import PHASE_OF_ACTION, Pitch52State
from engine.rules.pitch52.trump import NamingTrump
from engine.rules.words import seat_name

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52


class Pitch52Hand(Pitch52State):
    """A pitch52 hand from the deal to the score. Built by ``Pitch52.start_hand``."""

    __slots__ = ()

    game: Pitch52

    # -- checking ---------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        """Raise the docs/rules.md#action-codes code refusing ``action``, in its order: the
        auction's codes for a call, else ``out_of_turn``, ``wrong_phase``, then the phase's."""
        if isinstance(action, Call):
            self._check_call(action)
            return
        self._check_turn(action)
        seat = action.seat
        if isinstance(action, Play):
            assert self._play is not None
            self._play.check(seat, action.card)
        elif isinstance(action, NameTrump):
            check_trump(action.suit)
        else:
            assert isinstance(action, ExcessDiscard) and isinstance(self.current, Excess)
            self.current.check(seat, action.cards)

    def _check_turn(self, action: Action) -> None:
        """``out_of_turn``, then ``wrong_phase`` (docs/rules.md#action-codes)."""
        if self.to_act is None or action.seat != self.to_act:
            who = "nobody: the hand is over" if self.to_act is None else f"{seat_name(self.to_act)}"
            raise IllegalActionError(
                "out_of_turn", f"{seat_name(action.seat)} may not act now; it is {who}"
            )
        if PHASE_OF_ACTION.get(type(action)) != self.phase:
            raise IllegalActionError(
                "wrong_phase", f"{action.type} does not belong to the {self.phase} phase"
            )

    def _check_call(self, action: Call) -> None:
        if self.phase != Phase.AUCTION:
            raise IllegalActionError(
                "auction_over", "the auction is over: no more calls (rules of the pitch auction)"
            )
        if action.seat != self.to_act:
            raise IllegalActionError(
                "out_of_turn",
                f"{seat_name(action.seat)} may not call now; it is {seat_name(self.to_act)}",
            )
        self._auction.check(action.seat, action.call)

    # -- applying ---------------------------------------------------------------------------
    def _end_phase(self) -> None:
        """The phase under way is over: start the next one, through the automatic steps."""
        phase = self.phase
        if phase == Phase.AUCTION:
            self._end_auction()
        elif phase == Phase.TRUMP:
            assert isinstance(self.current, NamingTrump)
            self._name_trump(self.current.suit)
        elif phase == Phase.EXCESS_DISCARD:
            if self._received:  # the bidder's discard after robbing the whole stock
                self._start_play()
            else:
                self._draw()
        else:
            self._finish_scored()

    def _end_auction(self) -> None:
        """The dealer has called: redeal, or the high bidder names trump."""
        auction = self._auction
        if auction.high_seat < 0:
            self.current = OVER_PHASE
            self._finish_redeal({"dealer": self.dealer, "passed_out": True})
            return
        bidder = auction.high_seat
        self.contract = self.game.contract(bidder, auction.high)
        self._enter(Phase.TRUMP, NamingTrump(self.game, bidder))

    def _enter(self, phase: Phase, current: NamingTrump | Excess | Tricks) -> None:
        self.phase = phase
        self.current = current
        self.to_act = current.to_act

    def _name_trump(self, suit: int) -> None:
        """Trump named: every non-trump is thrown away face down (docs/rules.md#pitch52-draw
        step 2), then excess trumps go face up in turn (step 3), or the draw starts."""
        self._trump = suit
        keep = TRUMP_MASK[suit]
        hands = self._hands = [h & keep for h in self._hands]
        from_left = self.game.from_left[self.dealer]
        queue = tuple([s for s in from_left if hands[s].bit_count() > KEEP])
        if queue:
            self._enter(Phase.EXCESS_DISCARD, Excess(self.game, suit, hands, queue))
        else:
            self._draw()

    def _draw(self) -> None:
        """docs/rules.md#pitch52-draw step 4: the draw and the rob (automatic), then the bidder's
        excess trumps if he robbed them all, or the play."""
        assert self.contract is not None
        bidder = self.contract.bidder
        stock = self.deal.stock
        self._received, taken = draw(self.game, self._hands, stock, self.dealer, bidder)
        keep = TRUMP_MASK[self._trump]
        rob(self.game, self._hands, self._received, stock, taken, bidder, keep)
        if self.game.rob_all and self._hands[bidder].bit_count() > KEEP:
            self._enter(
                Phase.EXCESS_DISCARD, Excess(self.game, self._trump, self._hands, (bidder,))
            )
        else:
            self._start_play()

    def _start_play(self) -> None:
        """docs/rules.md#pitch52-draw step 5: non-trumps still in hand are thrown away; then the
        bidder leads (docs/rules.md#pitch52-play)."""
        keep = TRUMP_MASK[self._trump]
        hands = self._hands
        for seat, held in enumerate(hands):
            hands[seat] = held & keep
        assert self.contract is not None
        play = self._play = Tricks(self.game, self._trump, hands, self.contract.bidder)
        self._enter(Phase.PLAY, play)
        if play.finished:
            self._finish_scored()

    # -- the end ----------------------------------------------------------------------------
    def _finish_scored(self) -> None:
        play = self._play
        assert self.contract is not None and play is not None
        self.result = scored_result(
            self.game,
            self.contract,
            trump=self._trump,
            dealer=self.dealer,
            tally=self.tally,
            played=play.played,
            won=play.won,
            tricks=play.tricks,
            start_cards=play.start_cards,
        )
        self.phase = Phase.OVER
        self.current = OVER_PHASE
        self.to_act = None

    def copy(self) -> Pitch52Hand:
        other = super().copy()
        assert isinstance(other, Pitch52Hand)
        return other
