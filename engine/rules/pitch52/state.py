"""The state of a pitch52 hand: every field, its copy, and what may be read of it.

``Pitch52Hand`` (``engine.rules.pitch52.hand``) adds the checks and the changes of state; the
fields are documented where ``__init__`` sets them.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from engine.rules.actions import Action, ExcessDiscard, NameTrump, Play
from engine.rules.base import AUCTION, Contract, Deal, Hand, HandResult, Tally
from engine.rules.cards import BIT
from engine.rules.pitch52 import checks
from engine.rules.pitch52.auction import PitchAuction

if TYPE_CHECKING:
    from engine.rules.pitch52.game import Pitch52

TRUMP = "trump"
EXCESS = "excess_discard"
PLAY = "play"

PHASE_OF_ACTION: dict[type, str] = {NameTrump: TRUMP, ExcessDiscard: EXCESS, Play: PLAY}

#: A completed trick: leader, seats in playing order, cards, winner, and the mask of the seats
#: the trick passed over (shown out from then on).
Trick = tuple[int, tuple[int, ...], list[int], int, int]


class Pitch52State(Hand):
    """A pitch52 hand from the deal to the score. Built by ``Pitch52.start_hand``."""

    game: Pitch52

    __slots__ = (
        "game",
        "deal",
        "dealer",
        "tally",
        "history",
        "phase",
        "to_act",
        "contract",
        "result",
        "_hands",
        "_auction",
        "_calls",
        "_trump",
        "_queue",
        "_excess",
        "_after_draw",
        "_received",
        "_holders",
        "_opening",
        "_leader",
        "_trick_seats",
        "_trick_outs",
        "_trick_cards",
        "_tricks",
        "_played",
        "_start_cards",
        "_won",
        "_seat_plays",
        "_rank_bit",
        "_at_rank",
        "_trick_bits",
        "_following",
        "_offered",
    )

    def __init__(self, game: Pitch52, deal: Deal, dealer: int, tally: Tally) -> None:
        self.game = game
        self.deal = deal
        self.dealer = dealer
        self.tally = tally
        self.history: list[Action] = []
        self.phase = AUCTION
        self.to_act: int | None = game.rot[dealer][1]
        self.contract: Contract | None = None
        self.result: HandResult | None = None
        # Cards are distinct, so the sum of their bits is the mask.
        self._hands: list[int] = [sum(itemgetter(*cards)(BIT)) for cards in deal.hands]
        self._auction = PitchAuction()
        # The calls open to the seat to act (``Pitch52.auction_choices``), listed when its
        # turn comes.
        self._calls = game.auction_choices(self.to_act, 0, self.to_act == dealer)
        self._trump = -1
        self._queue: tuple[int, ...] = ()  # seats still to discard excess trumps, in turn
        self._excess: tuple[tuple[int, tuple[int, ...]], ...] = ()  # face up, in order
        self._after_draw = False  # the bidder's excess discard after taking the stock
        self._received: list[int] = []  # per seat, cards received from the stock
        self._holders = 0  # mask of the seats holding a trump (during play)
        self._opening = True  # no card played yet (the restricted first lead)
        self._leader = -1
        self._trick_seats: tuple[int, ...] = ()  # who plays to the current trick, in order
        self._trick_outs: tuple[int, ...] = (0,)  # seats passed over after k cards (seats.py)
        self._trick_cards: list[int] = []
        self._tricks: list[Trick] = []  # every completed trick, in order
        self._played: tuple[int, ...] = ()  # per seat, rank mask of the trumps held at play
        self._start_cards: tuple[tuple[int, ...], ...] = ()  # the same as card lists
        self._won: list[int] = []  # per seat, rank mask of the trumps in the tricks it won
        self._seat_plays: list[dict[int, Play]] = []  # per seat: card -> its play
        self._rank_bit: tuple[int, ...] = ()  # RANK_BIT and CARD_AT_RANK of the trump
        self._at_rank: tuple[int, ...] = ()
        self._trick_bits = 0  # rank mask of the current trick
        self._following: tuple[int, ...] = ()  # per seat, who plays next in this trick
        # The plays offered to the seat to act (its entry of _seat_plays), empty before the
        # opening lead has been played.
        self._offered: dict[int, Play] = {}

    # -- public helpers ---------------------------------------------------------------------
    @property
    def trump(self) -> int | None:
        """The trump suit once named."""
        return self._trump if self._trump >= 0 else None

    @property
    def calls(self) -> list[tuple[int, str]]:
        """The calls so far: ``(seat, call)`` in order, each call in its normal text."""
        return self._auction.calls

    def held(self, seat: int) -> int:
        """Mask of the cards ``seat`` holds now (every card, hidden or not: not a view)."""
        return self._hands[seat]

    def out_mask(self) -> int:
        """Mask of the seats visibly out: passed over by play or by the lead
        (docs/rules.md#pitch52-seen)."""
        out = 0
        for trick in self._tricks:
            out |= trick[4]
        if self.phase == PLAY:
            out |= self._trick_outs[len(self._trick_cards)]
        return out

    # -- legal actions --------------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase is PLAY and not self._opening:
            return tuple(self._offered.values())
        seat = self.to_act
        if phase is PLAY:
            assert seat is not None
            return checks.opening_leads(self.game, self._trump, seat, self._hands[seat])
        if seat is None:
            return ()
        if phase == AUCTION:
            return self._calls[0]
        if phase == TRUMP:
            return self.game.trump_actions[seat]
        return checks.excess_choices(self.game, self._trump, seat, self._hands[seat])

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
        other._trick_cards = self._trick_cards.copy()
        other._tricks = self._tricks.copy()
        other._won = self._won.copy()
        other._seat_plays = [plays.copy() for plays in self._seat_plays]
        # The plays offered are the seat to act's own dict: the copy's own.
        other._offered = (
            other._seat_plays[self.to_act]
            if self.phase == PLAY and not self._opening and self.to_act is not None
            else {}
        )
        return other
