"""The bid whist game: options, the deal, the pure rules and scoring (docs/rules.md#bidwhist)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import repeat, starmap
from typing import Any, ClassVar

from engine.rules.base import Deal, Game, HandScore, Tally
from engine.rules.bidwhist.calls import AuctionRules
from engine.rules.bidwhist.hand import BidWhistHand
from engine.rules.bidwhist.lines import check_line
from engine.rules.bidwhist.options import BidWhistOptions, bidwhist_options
from engine.rules.bidwhist.play import playable
from engine.rules.bidwhist.ranks import rank_order, trick_winner
from engine.rules.bidwhist.scoring import Scorer
from engine.rules.build import new_deal
from engine.rules.cards import DECK_52, SUIT_MASK, cards_of, mask_of
from engine.rules.errors import NotationError
from engine.rules.table import Seating

SEATS = 4
CARDS_EACH = 12
KITTY = 4
SEATING = Seating.for_table(SEATS)
_DECK: tuple[int, ...] = tuple(range(52))
_ZERO = Tally.start(2)


class BidWhist(Game):
    """Bid Whist, 52 cards, no jokers, a 4-card kitty; four players in two partnerships.

    >>> game = BidWhist({"scoring": "contract"})
    >>> hand = game.new_hand(dealer=3, seed=1)
    >>> print(hand.phase, hand.to_act, len(hand.legal_actions()))
    auction 0 8
    """

    id: ClassVar[str] = "bidwhist"
    options: BidWhistOptions

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = bidwhist_options(options)
        self.seating = SEATING
        self.target = self.options.target
        self.scorer = Scorer(self.options)
        self.auction = AuctionRules(self.options.min_bid)

    # -- hands ---------------------------------------------------------------------------
    def deal(self, rng: random.Random, dealer: int) -> Deal:
        """One card at a time from the dealer's left, twelve rounds; the last four are the
        kitty (docs/rules.md#bidwhist-deal). Hands are sorted; the kitty is in the order dealt."""
        # Sorting by random keys is a uniform shuffle that costs half of ``rng.shuffle``.
        keys = [*starmap(rng.random, repeat((), len(_DECK)))]
        deck = sorted(_DECK, key=keys.__getitem__)
        first = dealer + 1
        hands: list[tuple[int, ...]] = [(), (), (), ()]
        for k in range(SEATS):
            hands[(first + k) % SEATS] = tuple(sorted(deck[k : SEATS * CARDS_EACH : SEATS]))
        return new_deal(hands=tuple(hands), kitty=tuple(deck[SEATS * CARDS_EACH :]), stock=())

    def check_deal(self, deal: Deal) -> None:
        if len(deal.hands) != SEATS or any(len(h) != CARDS_EACH for h in deal.hands):
            raise NotationError("bad_deal", "a bid whist deal gives 12 cards to each of 4 seats")
        if len(deal.kitty) != KITTY or deal.stock:
            raise NotationError("bad_deal", "a bid whist deal has a kitty of 4 cards and no stock")
        cards = [c for h in deal.hands for c in h] + list(deal.kitty)
        if any(not 0 <= c < 52 for c in cards) or mask_of(cards) != DECK_52:
            raise NotationError(
                "bad_deal", "a bid whist deal uses each of the 52 cards once, no jokers"
            )

    def start_hand(self, deal: Deal, dealer: int, tally: Tally) -> BidWhistHand:
        return BidWhistHand(self, deal, dealer, tally)

    # -- the rules as pure functions --------------------------------------------------------
    def rank_order(self, trump: int | None, suit: int, mode: str | None = None) -> list[int]:
        return rank_order(suit, mode)

    def trick_winner(self, plays: Sequence[int], trump: int | None, mode: str | None = None) -> int:
        return trick_winner(plays, trump, mode)

    def legal_plays(
        self,
        hand: Sequence[int],
        trick: Sequence[int],
        trump: int | None,
        mode: str | None = None,
        context: Mapping[str, Any] | None = None,
    ) -> list[int]:
        led = SUIT_MASK[trick[0] // 13] if trick else 0
        return cards_of(playable(mask_of(hand), led))

    # -- scoring ----------------------------------------------------------------------------
    def score(self, facts: Mapping[str, Any], tally: Tally) -> HandScore:
        return self.scorer.score_facts(facts, tally)

    def check_line(self, line: Mapping[str, Any], tally: Tally) -> HandScore:
        return check_line(self.options, self.scorer, line, tally)

    def is_game_over(self, tally: Tally) -> bool:
        return self.scorer.is_game_over(tally.scores)
