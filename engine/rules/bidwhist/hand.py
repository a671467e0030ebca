"""One bid whist hand as a state machine (docs/rules.md#bidwhist-deal to #bidwhist-scoring).

Phases, in order: ``auction`` (one round of calls, ``bidwhist.auction``) → ``declare`` (the
bidder names trump and mode, ``bidwhist.declare``) → ``discard`` (he takes the kitty and lays
four cards away, ``bidwhist.kitty``) → ``play`` (twelve tricks, ``bidwhist.play``) → ``over``
(``bidwhist.outcome``).

The phase under way is one object (``current``, an ``engine.rules.phases.PhaseUnderWay``). It
lists what it offers the seat to act (``offered``, what ``legal_actions`` returns) and
``take``s an action: ``apply`` (``PhasedHand``'s) hands every action to it, once, and starts
the next phase when it is over (``_end_phase``). An action the phase does not take (another
phase's, another seat's) goes through ``check``, which gives the refusal its code. Hands are
card masks, one list shared by the phases that change them. ``phase`` is a ``base.Phase``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.actions import Action, Call, Declare, KittyDiscard, Play
from engine.rules.base import Deal, Phase, Tally
from engine.rules.bidwhist.auction import Auction
from engine.rules.bidwhist.declare import Declaration
from engine.rules.bidwhist.kitty import Kitty
from engine.rules.bidwhist.outcome import scored_result
from engine.rules.bidwhist.play import Tricks
from engine.rules.build import new_contract
from engine.rules.cards import mask_of
from engine.rules.errors import IllegalActionError
from engine.rules.phases import OVER_PHASE, PhasedHand, PhaseUnderWay
from engine.rules.words import seat_name

if TYPE_CHECKING:
    from engine.rules.bidwhist.game import BidWhist

#: The phase each kind of action belongs to, and its name in the refusals.
_PHASE_OF: dict[type[Action], tuple[Phase, str]] = {
    Call: (Phase.AUCTION, "call"),
    Declare: (Phase.DECLARE, "declaration"),
    KittyDiscard: (Phase.DISCARD, "kitty discard"),
    Play: (Phase.PLAY, "play"),
}


class BidWhistHand(PhasedHand):
    """A bid whist hand from the deal to the score (see the module docstring).

    Public facts besides ``base.Hand``'s: ``calls`` (seat, call) in order and the ``high`` bid,
    ``trump`` and ``mode`` once declared (``declared``), ``trick`` (cards of the current trick,
    leader first) and ``leader``, ``tricks`` (leader, cards, winner) of the completed tricks,
    ``tricks_won`` per side, ``kitty_book_side`` once known.
    """

    __slots__ = (
        "_auction",
        "_declaration",
        "_hands",
        "_kitty",
        "_kitty_phase",
        "_tricks",
        "contract",
        "current",
        "deal",
        "dealer",
        "game",
        "history",
        "phase",
        "result",
        "tally",
        "to_act",
    )

    game: BidWhist
    phase: Phase
    current: PhaseUnderWay
    _auction: Auction
    _declaration: Declaration | None
    _kitty_phase: Kitty | None
    _tricks: Tricks | None

    def __init__(self, game: BidWhist, deal: Deal, dealer: int, tally: Tally) -> None:
        self.game = game
        self.dealer = dealer
        self.deal = deal
        self.tally = tally
        self.history: list[Action] = []
        self.contract = None
        self.result = None
        self._hands = [mask_of(cards) for cards in deal.hands]
        self._kitty = mask_of(deal.kitty)
        self._declaration = None
        self._kitty_phase = None
        self._tricks = None
        self._auction = Auction(game.auction, dealer)
        self.phase = Phase.AUCTION
        self.current = self._auction
        self.to_act: int | None = self._auction.to_act

    # -- the phases ---------------------------------------------------------------------------
    def _end_phase(self) -> None:
        """The phase under way is over: start the next one."""
        phase = self.phase
        if phase == Phase.AUCTION:
            auction = self._auction
            assert auction.high_seat is not None  # the dealer holds or bids when all passed
            self.contract = new_contract(bidder=auction.high_seat, bid=auction.high)
            self._declaration = Declaration(auction.high_seat)
            self._start(Phase.DECLARE, self._declaration)
        elif phase == Phase.DECLARE:
            self._kitty_phase = Kitty(self._bidder, self._hands, self._kitty)
            self._start(Phase.DISCARD, self._kitty_phase)
        elif phase == Phase.DISCARD:
            declaration = self._declaration
            assert declaration is not None and declaration.mode is not None
            self._tricks = Tricks(self._hands, declaration.trump, declaration.mode, self._bidder)
            self._start(Phase.PLAY, self._tricks)
        else:
            self.result = scored_result(self)
            self._start(Phase.OVER, OVER_PHASE)

    def _start(self, name: Phase, phase: PhaseUnderWay) -> None:
        self.phase = name
        self.current = phase
        self.to_act = phase.to_act

    # -- checking ------------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        """Refuse ``action`` with the first rule it breaks: the auction is over (a call), the
        turn, the phase, then the phase's own rules."""
        if action.__class__ is Call and self.phase != Phase.AUCTION:
            raise IllegalActionError(
                "auction_over",
                "the auction is over: no more calls (rules of the bid whist auction)",
            )
        self._check_turn(action.seat)
        phase, kind = _PHASE_OF.get(type(action), (None, action.type or "action"))
        if self.phase != phase:
            raise IllegalActionError(
                "wrong_phase", f"a {kind} is not allowed in the {self.phase} phase"
            )
        if isinstance(action, Call):
            self._auction.check(action)
        elif isinstance(action, Declare):
            Declaration.check(action)
        elif isinstance(action, KittyDiscard):
            assert self._kitty_phase is not None
            self._kitty_phase.check(action)
        elif isinstance(action, Play):
            assert self._tricks is not None
            self._tricks.check(action.seat, action.card)

    def _check_turn(self, seat: int) -> None:
        if seat != self.to_act:
            raise IllegalActionError(
                "out_of_turn",
                f"{seat_name(seat)} cannot act now: "
                + (
                    "the hand is over"
                    if self.to_act is None
                    else f"it is {seat_name(self.to_act)}'s turn"
                ),
            )

    # -- reading the state ---------------------------------------------------------------------
    @property
    def _bidder(self) -> int:
        assert self.contract is not None
        return self.contract.bidder

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask (secret: views decide who sees it)."""
        return self._hands[seat]

    @property
    def kitty_mask(self) -> int:
        """The kitty as dealt (secret: only the bidder sees it, once he has taken it)."""
        return self._kitty

    @property
    def discard_mask(self) -> int:
        """The bidder's four discards, 0 before he lays them away (secret: his only)."""
        return 0 if self._kitty_phase is None else self._kitty_phase.discards

    @property
    def calls(self) -> list[tuple[int, str]]:
        return self._auction.calls

    @property
    def high(self) -> int:
        return self._auction.high

    @property
    def declared(self) -> bool:
        return self._declaration is not None and self._declaration.declared

    @property
    def trump(self) -> int | None:
        return None if self._declaration is None else self._declaration.trump

    @property
    def mode(self) -> str | None:
        return None if self._declaration is None else self._declaration.mode

    @property
    def trick(self) -> list[int]:
        return [] if self._tricks is None else self._tricks.trick

    @property
    def leader(self) -> int:
        return 0 if self._tricks is None else self._tricks.leader

    @property
    def tricks(self) -> list[tuple[int, tuple[int, ...], int]]:
        return [] if self._tricks is None else self._tricks.tricks

    @property
    def tricks_won(self) -> list[int]:
        return [0, 0] if self._tricks is None else self._tricks.tricks_won

    @property
    def kitty_book_side(self) -> int | None:
        """The side the kitty book goes to, once it is known (docs/rules.md#bidwhist-kitty):
        the bidder's from the end of the auction, or the winner of the first trick's."""
        if self.contract is not None and self.game.options.kitty_book == "bidder":
            return self.contract.bidder % 2
        tricks = self.tricks
        return tricks[0][2] % 2 if tricks else None

    # -- views and copies ----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.rules.bidwhist.view import hand_view

        return hand_view(self, seat)

    def copy(self) -> BidWhistHand:
        new = object.__new__(BidWhistHand)
        for name in BidWhistHand.__slots__:
            setattr(new, name, getattr(self, name))
        new.history = self.history[:]
        new._hands = self._hands[:]
        new._auction = self._auction.copy()
        if self._declaration is not None:
            new._declaration = self._declaration.copy()
        if self._kitty_phase is not None:
            new._kitty_phase = self._kitty_phase.copy(new._hands)
        if self._tricks is not None:
            new._tricks = self._tricks.copy(new._hands)
        new.current = new._phase_under_way()
        return new

    def _phase_under_way(self) -> PhaseUnderWay:
        phase = self.phase
        if phase == Phase.AUCTION:
            return self._auction
        if phase == Phase.DECLARE:
            assert self._declaration is not None
            return self._declaration
        if phase == Phase.DISCARD:
            assert self._kitty_phase is not None
            return self._kitty_phase
        if phase == Phase.PLAY:
            assert self._tricks is not None
            return self._tricks
        return OVER_PHASE

    def __repr__(self) -> str:
        return f"<BidWhistHand dealer={self.dealer} phase={self.phase} to_act={self.to_act}>"
