"""Card sense for pitch52: bidding on points, keeping six trumps and playing for the points.

Only trumps are ever played, so a hand is judged on its trumps alone: the ace is high for sure,
the two is low for sure (low goes to the player under the default ``low_to``), the jacks and
jokers are points for whoever takes their trick, the three is three of them, and every trump
adds to the fight for game. The bidder also robs the stock, which is worth about a point.
Play leads the best trump left to pull the others' points in, wins tricks cheaply, gives point
cards to a partner's sure trick and throws the cheapest trump into tricks it cannot win.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.bots.common import (
    auction_high,
    beaters,
    best_subset_action,
    choose_call,
    mask_cards,
    options_of,
    subset_action,
)
from engine.bots.ranking import TRUMP, ranking
from engine.bots.seen import Seen
from engine.bots.spot import Spot
from engine.rules import Action, ExcessDiscard, Game, NameTrump
from engine.rules.cards import (
    ACE,
    BIG_JOKER,
    BIT,
    JACK,
    KING,
    LITTLE_JOKER,
    QUEEN,
    SAME_COLOUR,
    TEN,
    THREE,
    TWO,
    card,
)

#: What the bidder's rob of the stock adds to his hand, in points.
ROB_POINTS = 1.0
#: Trumps a player keeps (docs/rules.md#pitch52-draw).
KEEP = 6
#: Points taken off the estimate before bidding; negative because naming trump is worth
#: points of its own, as duplicate self-play of rule bots showed.
BID_MARGIN = -1.0


@lru_cache(maxsize=64)
def capture_values(game: Game, trump: int) -> tuple[float, ...]:
    """Per card: points its trick's winner gets for it (game points counted as a share)."""
    opts = options_of(game)
    values = [0.0] * 54
    three = 3.0 if opts["count_three"] else 0.0
    jack, off_jack = card(JACK, trump), card(JACK, SAME_COLOUR[trump])
    for c in (jack, off_jack, BIG_JOKER, LITTLE_JOKER):
        values[c] = 1.0
    values[card(THREE, trump)] = three
    if opts["point_scheme"] == "card":
        values[card(ACE, trump)] = values[card(TEN, trump)] = 1.0
        if opts["low_to"] == "captor":
            values[card(TWO, trump)] = 1.0
    else:
        for rank, gp in ((ACE, 4), (KING, 3), (QUEEN, 2), (JACK, 1), (TEN, 10)):
            values[card(rank, trump)] += gp / 25
        values[off_jack] += 1 / 25
    return tuple(values)


def hand_points(seen: Seen, hand: int, trump: int) -> float:
    """Points a nine-card hand should make with ``trump`` named by its holder."""
    game = seen.game
    rank = ranking(game, trump)
    trumps = hand & rank.trump_mask
    count = trumps.bit_count()
    values = capture_values(game, trump)
    opts = options_of(game)

    def has(c: int) -> bool:
        return bool(trumps & BIT[c])

    points = 0.0
    top = rank.order[TRUMP]
    if opts["point_scheme"] == "high_low":
        points += 1.0 if has(top[0]) else 0.45 if has(top[1]) else 0.2 if has(top[2]) else 0.0
        points += 0.9 if has(top[-1]) else 0.3 if has(top[-2]) else 0.0
        points += 0.15 + 0.08 * count
    elif has(card(TWO, trump)):
        points += 0.9
    strong = has(top[0]) or has(top[1])
    for c in top:
        if has(c) and values[c] >= 1.0:
            points += values[c] * (0.7 if strong else 0.45)
    points += 0.15 * max(0, count - 3)
    points += ROB_POINTS + 0.5 * len(seen.partners)
    return points


def best_suit(seen: Seen, hand: int) -> tuple[int, float]:
    scored = [(hand_points(seen, hand, t), -t) for t in range(4)]
    points, neg = max(scored)
    return -neg, points


def call(seen: Seen, legal: Sequence[Action]) -> Action:
    _, points = best_suit(seen, seen.hand)
    wanted = int(points - BID_MARGIN)
    high, high_seat = auction_high(seen.calls)
    partner_high = high_seat is not None and seen.seat_side[high_seat] == seen.side
    if partner_high and wanted < high + 2:
        wanted = 0
    dealer = seen.seat == seen.dealer
    return choose_call(
        legal, wanted, hold_ok=not partner_high and wanted >= high > 0, jump=not dealer
    )


def declare(seen: Seen, legal: Sequence[Action]) -> Action:
    trump, _ = best_suit(seen, seen.hand)
    for action in legal:
        if isinstance(action, NameTrump) and action.suit == trump:
            return action
    return legal[0]


def _cards(action: Action) -> tuple[int, ...]:
    assert isinstance(action, ExcessDiscard)
    return action.cards


def excess_discard(seen: Seen, legal: Sequence[Action]) -> Action:
    """Keep the six trumps worth most: point cards, then the highest."""
    assert seen.trump is not None
    rank = ranking(seen.game, seen.trump)
    values = capture_values(seen.game, seen.trump)
    low = rank.order[TRUMP][-1]

    def worth(c: int) -> float:
        return 10 * values[c] + rank.power[c] + (10 if c == low else 0)

    cards = mask_cards(seen.hand)
    chosen = sorted(sorted(cards, key=worth)[: len(cards) - KEEP])
    found = subset_action(legal, cards, chosen)
    if found is not None:
        return found
    return best_subset_action(legal, _cards, worth)


def play(spot: Spot, values: Sequence[float]) -> int:
    """The trump to play; ``values`` are the capture values of ``capture_values``."""
    if not spot.trick_cards:
        return _lead(spot, values)
    return _follow(spot, values)


def _lead(spot: Spot, values: Sequence[float]) -> int:
    rank = spot.rank
    legal = spot.legal
    top = max(legal, key=rank.power.__getitem__)
    if spot.is_sure(top):
        return top
    return _cheap(legal, spot, values)


def _follow(spot: Spot, values: Sequence[float]) -> int:
    seat, card_now, _ = spot.winning()
    legal = spot.legal
    if spot.seat_side[seat] == spot.side and (not spot.opponents_after() or spot.is_sure(card_now)):
        return max(legal, key=lambda c: (values[c], -spot.rank.power[c]))
    wins = beaters(spot)
    if wins:
        if not spot.opponents_after():
            return min(wins, key=lambda c: spot.rank.power[c] - 20 * values[c])
        sure = [c for c in wins if spot.is_sure(c)]
        if sure:
            return min(sure, key=spot.rank.power.__getitem__)
        at_stake = sum(values[c] for c in spot.trick_cards)
        if at_stake >= 1.0:
            return min(wins, key=spot.rank.power.__getitem__)
    return _cheap(legal, spot, values)


def _cheap(cards: Sequence[int], spot: Spot, values: Sequence[float]) -> int:
    return min(cards, key=lambda c: (values[c], spot.rank.power[c]))
