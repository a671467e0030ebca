"""The state of an auction45 hand: its fields, their copy, and what may be read of them.

``Auction45Hand`` (``engine.rules.auction45.hand``) adds the checks and the changes of state.
Each phase keeps its own state object once it starts: ``Auction`` (the calls), ``Draw`` (the
discards and the stock), ``Tricks`` (the play); a finished phase's object stays for the views.
The one under way is ``current`` (a ``PhaseUnderWay``); the declaration's few actions are the hand's
own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.rules.actions import Action
from engine.rules.auction45.auction import Auction
from engine.rules.auction45.draw import Draw
from engine.rules.auction45.play import card_mask
from engine.rules.auction45.ranks import TrumpTables
from engine.rules.auction45.trick import Tricks
from engine.rules.base import Deal, Phase, Tally
from engine.rules.phases import PhasedHand, PhaseUnderWay

if TYPE_CHECKING:
    from engine.rules.auction45.game import Auction45


class Auction45State(PhasedHand):
    """The fields of an auction45 hand (see ``Auction45Hand``)."""

    __slots__ = (
        "_auction",
        "_bidder",
        "_deal",
        "_deck",
        "_draw",
        "_draw_counts",
        "_hands",
        "_kitty",
        "_out",
        "_play",
        "_stock",
        "_stock_pos",
        "_trump",
        "_went_kitty",
        "contract",
        "current",
        "dealer",
        "game",
        "history",
        "offered",
        "phase",
        "result",
        "tally",
        "to_act",
    )

    game: Auction45
    _auction: Auction
    _bidder: int
    _deal: Deal | None
    _deck: Sequence[int] | None
    _draw: Draw | None
    _draw_counts: tuple[int, ...] | None
    _hands: list[int]
    _kitty: int
    _out: int
    _play: Tricks | None
    _stock: Sequence[int]
    _stock_pos: int
    _trump: int | None
    _went_kitty: bool
    current: PhaseUnderWay
    phase: Phase
    offered: Sequence[Action]

    def __init__(
        self,
        game: Auction45,
        dealer: int,
        tally: Tally,
        hands: list[int],
        kitty: int,
        stock: Sequence[int],
        stock_pos: int,
        deal: Deal | None,
        deck: Sequence[int] | None = None,
    ) -> None:
        """The hand at its first call. ``hands`` and ``kitty`` are masks; ``stock`` from
        ``stock_pos`` is the stock, top first. ``deal`` may be ``None`` when ``deck`` (the
        shuffled deck it was dealt from) is given: the ``Deal`` is then built on first use."""
        self.game = game
        self.dealer = dealer
        self.tally = tally
        self.history = []
        self.phase = Phase.AUCTION
        self.contract = None
        self.result = None
        self._hands = hands
        self._kitty = kitty
        self._stock = stock
        self._stock_pos = stock_pos
        self._deal = deal
        self._deck = deck
        self._out = 0
        self._bidder = -1
        self._trump = None
        self._went_kitty = False
        self._draw = None
        self._draw_counts = None
        self._play = None
        self._auction = Auction(game.auction_rules, dealer, tally.scores)
        self.current = self._auction
        self.offered = ()
        self.to_act = self._auction.to_act

    @property
    def deal(self) -> Deal:
        deal = self._deal
        if deal is None:
            assert self._deck is not None
            deal = self._deal = self.game.deal_from_deck(self._deck, self.dealer)
        return deal

    @deal.setter
    def deal(self, value: Deal) -> None:
        self._deal = value

    def copy(self) -> Auction45State:
        new = object.__new__(type(self))
        for name in Auction45State.__slots__:
            setattr(new, name, getattr(self, name))
        new.history = self.history[:]
        new._hands = self._hands[:]
        new._auction = self._auction.copy()
        if self._draw is not None:
            new._draw = self._draw.copy(new._hands)
        if self._play is not None:
            new._play = self._play.copy()
        return new  # current: the hand's copy points it at the copied phase

    # -- read-only facts used by views and tests ---------------------------------------------
    @property
    def trump(self) -> int | None:
        return self._trump

    @property
    def auction(self) -> Auction:
        return self._auction

    @property
    def bidder(self) -> int | None:
        return self._bidder if self._bidder >= 0 else None

    @property
    def went_on_kitty(self) -> bool:
        return self._went_kitty

    def hand_mask(self, seat: int) -> int:
        """Cards held by ``seat`` right now."""
        play = self._play
        if play is None:
            return self._hands[seat]
        return card_mask(play.after[seat], play.left[seat])

    @property
    def kitty(self) -> int:
        """The kitty's cards as dealt (a mask)."""
        return self._kitty

    @property
    def out_mask(self) -> int:
        """Cards out of play: every discard so far (face down)."""
        return self._out if self._draw is None else self._out | self._draw.discarded

    @property
    def stock_left(self) -> tuple[int, ...]:
        return tuple(self._stock[self._stock_pos :])

    @property
    def trick_cards(self) -> tuple[int, ...]:
        return () if self._play is None else tuple(self._play.trick)

    @property
    def trick_leader(self) -> int:
        return 0 if self._play is None else self._play.leader

    @property
    def completed_tricks(self) -> tuple[tuple[int, tuple[int, ...], int], ...]:
        """``(leader, cards in playing order, winner)`` per completed trick."""
        done = () if self._play is None else self._play.done
        return tuple([(leader, tuple(cards), winner) for leader, cards, winner in done])

    @property
    def discard_counts(self) -> tuple[int | None, ...]:
        return () if self._draw is None else tuple(self._draw.counts)

    @property
    def draw_counts(self) -> tuple[int, ...] | None:
        return self._draw_counts

    @property
    def points(self) -> tuple[int, ...]:
        """Trick points per side so far (the best-trump bonus is added at the end)."""
        return (0,) * self.game.sides if self._play is None else tuple(self._play.points)

    @property
    def _tables(self) -> TrumpTables:
        assert self._trump is not None
        return self.game.tables[self._trump]

    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.rules.auction45.view import hand_view

        return hand_view(self, seat)
