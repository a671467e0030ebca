"""The pitch52 game: options, seating, the deal and the rules as pure functions."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import repeat, starmap
from typing import Any, ClassVar

from engine.rules.actions import Action, Call, NameTrump
from engine.rules.base import Contract, Deal, Game, HandScore, Tally
from engine.rules.build import new_deal
from engine.rules.cards import BIT, cards_of
from engine.rules.errors import NotationError, shown
from engine.rules.pitch52.auction import call_value
from engine.rules.pitch52.hand import Pitch52Hand
from engine.rules.pitch52.lines import LineChecker
from engine.rules.pitch52.options import Pitch52Options, pitch52_options
from engine.rules.pitch52.ranks import (
    FIRST_LEAD_BARRED,
    RANK,
    TRUMP_MASK,
    TRUMP_ORDER,
    trick_winner_index,
)
from engine.rules.pitch52.scoring import Scorer
from engine.rules.pitch52.seats import seat_tables
from engine.rules.table import Seating
from engine.rules.words import seat_name

_DECK = tuple(range(54))


class Pitch52(Game):
    """Nine-card Pitch with two jokers, played to 52 (docs/rules.md#pitch52).

    >>> game = Pitch52({"players": 3})
    >>> game.options.cutthroat, game.seating.sides
    (True, 3)
    """

    id: ClassVar[str] = "pitch52"

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: Pitch52Options = pitch52_options(options)
        o = self.options
        self.seating = Seating.for_table(
            o.players, cutthroat=o.cutthroat, six_player_teams=o.six_player_teams
        )
        self.target = o.target
        self.scorer = Scorer(o, self.seating)
        self.line_checker = LineChecker(o, self.seating, self.scorer)
        table = seat_tables(o.players)
        self.rot = table.rot
        self.plans = table.plans
        self._deal_getters = table.deal_getters
        self._stock_start = table.stock_start
        self.max_bid = self.scorer.max_points
        self.dealer_stuck = o.all_pass == "dealer_stuck"
        self.rob_all = o.rob == "bidder_all"
        self.non_point = o.excess_trump_discard == "non_point"
        self.first_lead_restricted = o.first_lead_restricted
        seats = o.players
        self.from_left: tuple[tuple[int, ...], ...] = tuple(
            self.rot[d][1:] + (d,) for d in range(seats)
        )
        # Who robs, in order: the bidder, then his partners clockwise
        # (docs/rules.md#pitch52-draw step 4).
        side_of = self.seating.seat_side
        self.robbers: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for s in self.rot[b] if side_of[s] == side_of[b]) for b in range(seats)
        )
        self._calls: dict[tuple[int, str], Call] = {}
        self._contracts: dict[int, Contract] = {}
        # Calls per auction state, shared by the hands of this game (see auction_choices).
        self._calls_cache: dict[
            tuple[int, int, bool], tuple[tuple[Action, ...], dict[str, int]]
        ] = {}
        self.trump_actions: tuple[tuple[Action, ...], ...] = tuple(
            tuple(NameTrump(s, t) for t in range(4)) for s in range(seats)
        )

    # -- actions, interned --------------------------------------------------------------
    def call(self, seat: int, text: str) -> Call:
        """The interned ``Call`` of ``seat``."""
        key = (seat, text)
        found = self._calls.get(key)
        if found is None:
            found = self._calls[key] = Call(seat, text)
        return found

    def contract(self, bidder: int, bid: int) -> Contract:
        """The interned ``Contract`` (a frozen dataclass is costly to build once per hand)."""
        key = bid << 3 | bidder
        found = self._contracts.get(key)
        if found is None:
            found = self._contracts[key] = Contract(bidder, bid)
        return found

    def auction_choices(
        self, seat: int, high: int, is_dealer: bool
    ) -> tuple[tuple[Action, ...], dict[str, int]]:
        """Every call ``seat`` may make over a high bid of ``high`` (0: no bid yet), as
        interned actions and as their texts, each with its value (the amount of a bid, 0 for
        a pass, -1 for a hold) (docs/rules.md#pitch52-bidding). Cached."""
        key = (seat, high, is_dealer)
        found = self._calls_cache.get(key)
        if found is None:
            o = self.options
            calls: list[Call] = []
            if not (is_dealer and high == 0 and self.dealer_stuck):
                calls.append(self.call(seat, "pass"))
            if is_dealer and o.dealer_hold and high > 0:
                calls.append(self.call(seat, "hold"))
            for amount in range(max(o.min_bid, high + 1), self.max_bid + 1):
                calls.append(self.call(seat, str(amount)))
            found = (tuple(calls), {c.call: call_value(c.call) for c in calls})
            self._calls_cache[key] = found
        return found

    # -- hands ------------------------------------------------------------------------------
    def deal(self, rng: random.Random, dealer: int) -> Deal:
        """Shuffle (sort by random keys: a uniform permutation) and deal in threes."""
        keys = [*starmap(rng.random, repeat((), 54))]
        deck = sorted(_DECK, key=keys.__getitem__)
        hands = tuple([get(deck) for get in self._deal_getters[dealer]])
        return new_deal(hands=hands, kitty=(), stock=tuple(deck[self._stock_start :]))

    def check_deal(self, deal: Deal) -> None:
        n = self.seating.seats
        each = self.options.cards_each
        if len(deal.hands) != n:
            raise NotationError("bad_deal", f"a pitch52 deal has {n} hands, not {len(deal.hands)}")
        for seat, cards in enumerate(deal.hands):
            if len(cards) != each:
                raise NotationError(
                    "bad_deal", f"{seat_name(seat)} must be dealt {each} cards, not {len(cards)}"
                )
        if deal.kitty:
            raise NotationError("bad_deal", "pitch52 has no kitty")
        stock = 54 - n * each
        if len(deal.stock) != stock:
            raise NotationError(
                "bad_deal", f"the stock must hold {stock} cards, not {len(deal.stock)}"
            )
        seen = 0
        for c in (*(c for cards in deal.hands for c in cards), *deal.stock):
            if not (isinstance(c, int) and 0 <= c < 54) or seen & BIT[c]:
                raise NotationError("bad_deal", f"card {shown(c)} is dealt twice or is not a card")
            seen |= BIT[c]

    def start_hand(self, deal: Deal, dealer: int, tally: Tally) -> Pitch52Hand:
        return Pitch52Hand(self, deal, dealer, tally)

    # -- the rules as pure functions ------------------------------------------------------
    def rank_order(self, trump: int | None, suit: int, mode: str | None = None) -> list[int]:
        """The 16 trumps best first when ``suit`` is trump; other suits have no rank."""
        if trump is None or suit != trump:
            return []
        return list(TRUMP_ORDER[trump])

    def trick_winner(self, plays: Sequence[int], trump: int | None, mode: str | None = None) -> int:
        if trump is None:
            raise ValueError("pitch52 always has a trump suit")
        return trick_winner_index(list(plays), RANK[trump])

    def legal_plays(
        self,
        hand: Sequence[int],
        trick: Sequence[int],
        trump: int | None,
        mode: str | None = None,
        context: Mapping[str, Any] | None = None,
    ) -> list[int]:
        """Trumps only; on the opening lead no joker or off-jack while another trump is held
        (``first_lead_restricted``). An empty list: the player is out."""
        if trump is None:
            raise ValueError("pitch52 always has a trump suit")
        mask = 0
        for c in hand:
            mask |= BIT[c]
        mask &= TRUMP_MASK[trump]
        if not trick and self.first_lead_restricted and (context or {}).get("opening_lead"):
            allowed = mask & ~FIRST_LEAD_BARRED[trump]
            if allowed:
                mask = allowed
        return cards_of(mask)

    # -- scoring ----------------------------------------------------------------------------
    def score(self, facts: Mapping[str, Any], tally: Tally) -> HandScore:
        """Score from ``bidder``, ``bid`` and ``categories``, ``tricks`` (with ``trump``) or
        ``points`` (docs/rules.md#pitch52-points to #pitch52-game-end); the facts are trusted."""
        return self.scorer.score(facts, tally)

    def check_line(self, line: Mapping[str, Any], tally: Tally) -> HandScore:
        return self.line_checker.check(line, tally)

    def is_game_over(self, tally: Tally) -> bool:
        """A side at or over the target ends the game (there is no loss line)."""
        target = self.target
        return any(score >= target for score in tally.scores)
