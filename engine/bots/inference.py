"""Reading the others' calls and cards: a sampled deal is kept only if they would have bid
and played it so.

The seat does not know how the others bid, but a deal in which they would have called
differently is less likely than one in which they would have called as they did. The rule
bot's auction is the model: a sampled deal agrees with the auction when, replayed call by
call, the rule bot would have made every other seat's call from that seat's hand. The cards
played are read the same way (``plays_agree``): in a deal that agrees, the rule bot holding
each opponent's sampled cards would have played every card he played. The search bot samples
agreeing deals, and deals sampled without reading anything when too few agree (the others may
not play as the rule bot does).

The calls are checked without building any view (``CallReader``): the legal calls are the same
in every sampled deal, so only the hands change.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace

from engine.bots.calls import call_order, call_steps
from engine.bots.dealing import cards_in
from engine.bots.playout import Tracker
from engine.bots.rule_bot import decide
from engine.bots.seen import Seen
from engine.bots.worlds import World
from engine.rules import Action, Call, Deal, Phase, Tally
from engine.rules.cards import BIT


class CallReader:
    """The others' calls, each with what the rule bot would have known when it was made,
    ready to be checked against many sampled deals.

    The calls open to a seat depend on the calls before it and the scores, never on the
    cards, so they are worked out once from the real auction; a sampled deal only changes the
    hand each seat called from.
    """

    def __init__(self, seen: Seen) -> None:
        game = seen.game
        hand = game.new_hand(dealer=seen.dealer, seed=0, tally=Tally.of(seen.scores))
        nobody = (0,) * seen.seats
        self.steps: list[tuple[int, Call, Seen, Sequence[Action]]] = []
        for i, (seat, call) in enumerate(seen.calls):
            made = Call(seat, call)
            if seat != seen.seat:
                asked = replace(
                    seen,
                    seat=seat,
                    side=seen.seat_side[seat],
                    phase=Phase.AUCTION,
                    to_act=seat,
                    hand=0,
                    calls=seen.calls[:i],
                    bidder=None,
                    bid=None,
                    trump=None,
                    declared=False,
                    mode=None,
                    tricks=(),
                    trick=(seat, (), (), -1),
                    played=0,
                    played_by=nobody,
                )
                self.steps.append((seat, made, asked, hand.legal_actions()))
            hand.apply(made)

    def agree(self, deal: Deal) -> bool:
        """Whether the rule bot, holding the hands dealt in ``deal``, would have made the
        others' calls."""
        return self.distance(deal, 1) == 0

    def distance(self, deal: Deal, limit: float = math.inf) -> int:
        """How far the others' calls are from the rule bot's on ``deal``: the steps between
        each heard call and the one the rule bot would have made (``calls.call_steps``),
        added up; counting stops once the sum reaches ``limit``."""
        dealt = deal.hands
        total = 0
        for seat, made, asked, legal in self.steps:
            mask = 0
            for c in dealt[seat]:
                mask |= BIT[c]
            asked.hand = mask
            wanted = decide(asked, legal)
            if wanted != made:
                total += call_steps(call_order(legal), made, wanted)
                if total >= limit:
                    break
        return total


def soft_agree(reader: CallReader, deal: Deal, softness: float, rng: random.Random) -> bool:
    """Keep ``deal`` with chance ``softness`` to the power of its distance from the heard
    calls (``CallReader.distance``): a deal where a call is one step off still counts, less
    often, instead of none; ``softness`` 0 keeps only the deals that agree."""
    if softness <= 0.0:
        return reader.agree(deal)
    if softness >= 1.0:
        return True
    draw = rng.random()
    limit = math.log(draw) / math.log(softness) if draw > 0.0 else math.inf
    return reader.distance(deal, limit) < limit


def calls_agree(world: World, seen: Seen) -> bool:
    """Whether the rule bot, holding the sampled hands, would have made the others' calls."""
    return CallReader(seen).agree(world.hand.deal)


def plays_agree(holdings: Sequence[int], seen: Seen) -> bool:
    """Whether the rule bot, holding the sampled cards of each opponent (``holdings``: every
    seat's cards now), would have played every card he played (auction45 only; other games
    always agree).

    Partners are not read: at a table of search bots a partner's card is the search's, not the
    rule bot's.
    """
    game = seen.game
    if game.id != "auction45" or seen.phase != Phase.PLAY or seen.bidder is None:
        return True
    side = seen.side
    start = [h | p for h, p in zip(holdings, seen.played_by, strict=True)]
    tracker = Tracker(seen, start)
    tracker.played = 0
    tracker.trick_seats, tracker.trick_cards = [], []
    bidding_side = seen.seat_side[seen.bidder]
    opening = True
    for _, seats, cards, _ in (*seen.tricks, seen.trick):
        for s, c in zip(seats, cards, strict=True):
            if seen.seat_side[s] != side:
                context = {
                    "bid": seen.bid,
                    "opening_lead": opening,
                    "bidding_side": seen.seat_side[s] == bidding_side,
                }
                legal = game.legal_plays(
                    cards_in(tracker.holdings[s]), tracker.trick_cards, seen.trump, context=context
                )
                if len(legal) > 1 and tracker.choose(s, legal) != c:
                    return False
            tracker.update(s, c)
            opening = False
    return True
