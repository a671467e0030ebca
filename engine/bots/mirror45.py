"""auction45 before play, followed card by card inside a sampled hand.

The rule bot chooses a discard from the seat's cards; reading them from the seat's view would
also build the view's list of legal discards (126 of them for a kitty discard), which is most
of a playout's cost. ``Before45`` keeps every seat's cards instead, from the sampled deal and
the actions applied: the kitty joining the bidder (docs/rules.md#auction45-kitty, with
``go_on_kitty``, ``kitty_view_before_trump`` and ``kitty_rule``) and each discard. The discard it
proposes is still checked by the hand (``is_legal``); if it is refused the view is read as usual.

Once the dealer has restored the hands (``after_draw``), each seat holds what it kept plus the
cards the delivery gave it from the top of the stock (``worlds.clues45.delivery_positions``):
the play-phase tracker starts from those cards instead of reading four views, which cost as
much as the rest of a playout. The hand's public ``deal``, ``draw_counts`` and ``stock_left``
say which cards were delivered; a hand that does not come out at five cards each is left to the
views.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots import rules45
from engine.bots.common import best_subset_action, options_of
from engine.bots.ranking import ranking
from engine.bots.worlds.clues45 import KEEP, delivery_positions
from engine.rules import Action, Discard, Game, GoKitty, Hand, KittyDiscard, NameTrump, Phase
from engine.rules.cards import BIT


def _cards(action: Action) -> tuple[int, ...]:
    assert isinstance(action, Discard | KittyDiscard)
    return action.cards


class Before45:
    """Every seat's cards before play (see the module docstring)."""

    __slots__ = ("holdings", "joined", "kitty", "trump", "trumps_only", "view_before", "went")

    def __init__(
        self, game: Game, holdings: Sequence[int], kitty: int, trump: int | None, phase: str
    ) -> None:
        opts = options_of(game)
        self.holdings = list(holdings)
        self.kitty = kitty
        self.trump = trump
        self.trumps_only = opts["kitty_rule"] == "trumps_only"
        self.view_before = bool(opts["kitty_view_before_trump"])
        self.went = False
        # Whether the kitty has already joined the bidder's hand in ``holdings``.
        self.joined = phase not in (Phase.AUCTION, Phase.DECLARE) or (
            phase == Phase.DECLARE and self.view_before
        )

    def copy(self) -> Before45:
        new = object.__new__(Before45)
        for name in Before45.__slots__:
            setattr(new, name, getattr(self, name))
        new.holdings = self.holdings[:]
        return new

    def decide(self, hand: Hand, seat: int, legal: Sequence[Action]) -> Action | None:
        """The rule bot's discard for ``seat``, or ``None`` to let the view decide."""
        phase = hand.phase
        if self.trump is None or phase not in (Phase.DRAW, Phase.KITTY_DISCARD):
            return None
        rank = ranking(hand.game, self.trump)
        held = self.holdings[seat]
        values = rules45.keep_values(rank)
        wanted: Action
        if phase == Phase.DRAW:
            wanted = Discard(seat, rules45.wanted_draw_discard(held, rank))
            if hand.is_legal(wanted):
                return wanted
            return best_subset_action(legal, _cards, lambda c: values[c] - rules45.DRAW_WORTH)
        keep = rules45.best_five(held, rank)
        wanted = KittyDiscard(seat, tuple(c for c in range(52) if held & ~keep & BIT[c]))
        return wanted if hand.is_legal(wanted) else None

    def observe(self, hand: Hand, action: Action) -> None:
        """Follow ``action``, just applied to ``hand``."""
        contract = hand.contract
        if contract is None:
            return
        bidder = contract.bidder
        if isinstance(action, Discard | KittyDiscard):
            for c in action.cards:
                self.holdings[action.seat] &= ~BIT[c]
        elif isinstance(action, GoKitty):
            self.went = True
            self.holdings[bidder] = self.kitty
            self.joined = True
        elif isinstance(action, NameTrump):
            self.trump = action.suit
            if not self.joined:
                self.holdings[bidder] |= self.kitty
                self.joined = True
            if self.trumps_only:
                plain = self.kitty & ~ranking(hand.game, action.suit).trump_mask
                self.holdings[bidder] &= ~plain
        elif self.view_before and not self.joined and hand.phase == Phase.DECLARE:
            self.holdings[bidder] |= self.kitty  # the auction just ended
            self.joined = True

    def after_draw(self, hand: Hand) -> list[int] | None:
        """Every seat's cards once the draw is over (``hand`` has just reached play), or
        ``None`` when they cannot be told without the views."""
        draws: Sequence[int] | None = getattr(hand, "draw_counts", None)
        left: Sequence[int] | None = getattr(hand, "stock_left", None)
        if draws is None or left is None:
            return None
        game = hand.game
        n = len(self.holdings)
        stock = hand.deal.stock
        end = len(stock) - len(left)
        delivered = stock[end - sum(draws) : end]
        order = [(hand.dealer + 1 + i) % n for i in range(n)]
        packet = options_of(game)["draw_packet_max"]
        holdings = self.holdings[:]
        for seat, places in enumerate(delivery_positions(draws, order, packet)):
            for pos in places:
                holdings[seat] |= BIT[delivered[pos]]
        if any(h.bit_count() != KEEP for h in holdings):
            return None
        return holdings
