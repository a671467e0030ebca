"""The state of a pitch52 hand: every field, its copy, and what may be read of it.

``Pitch52Hand`` (``engine.rules.pitch52.hand``) adds the checks and the changes of state. Each
step of the hand is a phase object once it starts: ``PitchAuction`` (the calls), ``NamingTrump``,
``Excess`` (discarding down to six), ``Tricks`` (the play). The one under way is ``current``;
the auction and the play stay for the views once over.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from engine.rules.actions import Action, ExcessDiscard, NameTrump, Play
from engine.rules.base import Contract, Deal, HandResult, Phase, Tally
from engine.rules.cards import BIT
from engine.rules.phases import OVER_PHASE, PhasedHand, PhaseUnderWay
from engine.rules.pitch52.auction import PitchAuction
from engine.rules.pitch52.excess import Excess
from engine.rules.pitch52.play import Tricks
from engine.rules.pitch52.trump import NamingTrump

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52


#: The phase each action other than a call belongs to.
PHASE_OF_ACTION: dict[type[Action], Phase] = {
    NameTrump: Phase.TRUMP,
    ExcessDiscard: Phase.EXCESS_DISCARD,
    Play: Phase.PLAY,
}


class Pitch52State(PhasedHand):
    """A pitch52 hand from the deal to the score. Built by ``Pitch52.start_hand``."""

    game: Pitch52

    __slots__ = (
        "_auction",
        "_hands",
        "_play",
        "_received",
        "_trump",
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

    current: PhaseUnderWay

    def __init__(self, game: Pitch52, deal: Deal, dealer: int, tally: Tally) -> None:
        self.game = game
        self.deal = deal
        self.dealer = dealer
        self.tally = tally
        self.history: list[Action] = []
        self.phase = Phase.AUCTION
        self.contract: Contract | None = None
        self.result: HandResult | None = None
        # Cards are distinct, so the sum of their bits is the mask.
        self._hands: list[int] = [sum(itemgetter(*cards)(BIT)) for cards in deal.hands]
        self._auction = PitchAuction(game, dealer)
        self.current = self._auction
        self.to_act: int | None = self._auction.to_act
        self._trump = -1
        self._received: list[int] = []  # per seat, cards received from the stock (once drawn)
        self._play: Tricks | None = None

    # -- public helpers ---------------------------------------------------------------------
    @property
    def trump(self) -> int | None:
        """The trump suit once named."""
        return self._trump if self._trump >= 0 else None

    @property
    def calls(self) -> list[tuple[int, str]]:
        """The calls so far: ``(seat, call)`` in order, each call in its normal text."""
        return self._auction.calls

    @property
    def excess_discards(self) -> list[tuple[int, tuple[int, ...]]]:
        """The trumps laid away face up: ``(seat, cards)`` in order."""
        return [(a.seat, a.cards) for a in self.history if isinstance(a, ExcessDiscard)]

    @property
    def trick_cards(self) -> tuple[int, ...]:
        """The cards of the trick under way, in playing order (none outside play)."""
        play = self._play
        return tuple(play.trick_cards) if play is not None and self.phase == Phase.PLAY else ()

    def held(self, seat: int) -> int:
        """Mask of the cards ``seat`` holds now (every card, hidden or not: not a view)."""
        return self._hands[seat]

    def out_mask(self) -> int:
        """Mask of the seats visibly out: passed over by play or by the lead
        (docs/rules.md#pitch52-seen)."""
        return 0 if self._play is None else self._play.out_mask()

    # -- views and copies -------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.rules.pitch52.view import hand_view

        return hand_view(self, seat)

    def copy(self) -> Pitch52State:
        other = object.__new__(type(self))
        for name in Pitch52State.__slots__:
            setattr(other, name, getattr(self, name))
        other.history = self.history.copy()
        other._hands = self._hands.copy()
        other._auction = self._auction.copy()
        other._received = self._received.copy()
        if self._play is not None:
            other._play = self._play.copy(other._hands)
        other.current = other._phase_under_way(self.current)
        return other

    def _phase_under_way(self, current: PhaseUnderWay) -> PhaseUnderWay:
        """This copy's own object for ``current``, the original's phase under way."""
        phase = self.phase
        if phase == Phase.AUCTION:
            return self._auction
        if phase == Phase.PLAY:
            assert self._play is not None
            return self._play
        if phase == Phase.OVER:
            return OVER_PHASE
        if phase == Phase.TRUMP:
            assert isinstance(current, NamingTrump)
            return current.copy()
        assert isinstance(current, Excess)
        return current.copy(self._hands)
