"""Card sense for auction45 (120s / Auction Forty-Fives): bidding, trump, discards and play.

Bidding counts what a suit would be worth as trump: the five, the jack, the ace of hearts and
the ace of trumps take tricks almost for sure, lower trumps less often, off-suit aces now and
then; the kitty, the draw and a partner add to it. The best trump card played earns the bonus,
so holding the five is worth a trick and the bonus. Discards keep trumps and give every other
card back to the stock: a player may always trump instead of following a plain suit, so an
off-suit ace is trumped too often to be worth more than a fresh card, which is a trump one time
in four. Play wins tricks as cheaply as it can, lets a partner's sure trick go by with the
weakest card, leads trumps when it holds the best of them, and keeps the five and jack back when
the renege privilege lets it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from engine.bots.common import (
    auction_high,
    beaters,
    best_subset_action,
    cheapest,
    choose_call,
    mask_cards,
    options_of,
    subset_action,
)
from engine.bots.ranking import TRUMP, TRUMP_BASE, Ranking, ranking
from engine.bots.seen import Seen
from engine.bots.spot import Spot
from engine.rules import Action, Discard, GoKitty, KittyDiscard, NameTrump
from engine.rules.cards import BIT

#: Chance that the trump at each place of the trump order takes a trick; lower trumps 0.2.
TRUMP_TRICKS = (1.0, 0.85, 0.7, 0.6, 0.45, 0.35)
LOW_TRUMP_TRICK = 0.2
#: Chance that the best off-suit card takes a trick (nobody is obliged to follow).
TOP_PLAIN_TRICK = 0.25
#: What a card drawn from the stock is worth on the keep scale of ``keep_value``: more than an
#: off-suit ace or king (set by self-play like ``BID_MARGIN``), so only trumps are kept.
DRAW_WORTH = 7.0
#: Margin taken off a hand's expected points before bidding. It is negative: winning the
#: auction is worth points of its own (trump, the kitty), so a bid a little above the estimate
#: pays; the value was set by duplicate self-play of rule bots with other margins.
BID_MARGIN = -3.0


def keep_value(card: int, rank: Ranking) -> float:
    """How much a card is worth keeping: every trump beats every plain card."""
    power = rank.power[card]
    if power > TRUMP_BASE:
        return 20.0 + power - TRUMP_BASE
    order = rank.order[rank.effective[card]]
    place = order.index(card) if card in order else len(order)
    return 6.0 if place == 0 else 3.0 if place == 1 else 1.0 - place / 100


@lru_cache(maxsize=256)
def keep_values(rank: Ranking) -> tuple[float, ...]:
    """``keep_value`` of every card, for one trump."""
    return tuple(keep_value(c, rank) for c in range(52))


def best_five(hand: int, rank: Ranking) -> int:
    """The five cards of ``hand`` worth keeping most (all of them if five or fewer)."""
    cards = [c for c in range(52) if hand & BIT[c]]
    if len(cards) <= 5:
        return hand
    values = keep_values(rank)
    cards.sort(key=values.__getitem__, reverse=True)
    mask = 0
    for c in cards[:5]:
        mask |= BIT[c]
    return mask


def expected_tricks(hand: int, rank: Ranking) -> float:
    """Tricks a five-card hand should take with this trump, alone."""
    tricks = 0.0
    for place, c in enumerate(rank.order[TRUMP]):
        if hand & BIT[c]:
            tricks += TRUMP_TRICKS[place] if place < len(TRUMP_TRICKS) else LOW_TRUMP_TRICK
    for suit in range(4):
        order = rank.order[suit]
        if suit != rank.trump and order and hand & BIT[order[0]]:
            tricks += TOP_PLAIN_TRICK
    return tricks


def bonus_chance(hand: int, rank: Ranking) -> float:
    """Chance of playing the best trump of the hand (worth 5 points)."""
    order = rank.order[TRUMP]
    for place, chance in enumerate((0.95, 0.65, 0.5)):
        if hand & BIT[order[place]]:
            return chance
    return 0.25 if hand & rank.trump_mask else 0.05


def suit_points(seen: Seen, hand: int, trump: int, *, bidder: bool = True) -> float:
    """Points the seat's side should take with ``trump`` named, this seat declaring."""
    game = seen.game
    rank = ranking(game, trump)
    kept = best_five(hand, rank)
    tricks = expected_tricks(kept, rank)
    opts = options_of(game)
    if bidder:
        tricks += 0.2 * int(opts["kitty_size"])  # the kitty joins the bidder's hand
    partners = len(seen.partners)
    tricks += partners * 0.8 * 4 / seen.seats
    tricks += 0.3  # the draw
    points = 5 * min(tricks, 5.0) + 5 * bonus_chance(kept, rank)
    return min(points, 30.0)


def best_trump(seen: Seen, hand: int) -> tuple[int, float]:
    """The suit the hand is best in as trump, and its points."""
    scored = [(suit_points(seen, hand, t), -t) for t in range(4)]
    points, neg = max(scored)
    return -neg, points


def runs_the_table(hand: int, rank: Ranking) -> bool:
    """Top three trumps and two more: a 30 (all five tricks) is a fair bet."""
    order = rank.order[TRUMP]
    top3 = all(hand & BIT[c] for c in order[:3])
    return top3 and (hand & rank.trump_mask).bit_count() >= 5


def call(seen: Seen, legal: Sequence[Action]) -> Action:
    """A call from hand strength; partners are not outbid without a clear reason."""
    trump, points = best_trump(seen, seen.hand)
    wanted = int((points - BID_MARGIN) // 5 * 5)
    if runs_the_table(seen.hand, ranking(seen.game, trump)):
        wanted = 30
    high, high_seat = auction_high(seen.calls)
    partner_high = high_seat is not None and seen.seat_side[high_seat] == seen.side
    if partner_high and wanted < high + 10:
        wanted = 0
    # A 30 is bid at once: only a bid of 30 scores 60 for all five tricks.
    return choose_call(
        legal, wanted, hold_ok=not partner_high and wanted >= high > 0, jump=wanted >= 30
    )


def declare(seen: Seen, legal: Sequence[Action]) -> Action:
    """Name the best suit; go on the kitty only with a hand that is good in no suit."""
    trump, points = best_trump(seen, seen.hand)
    for action in legal:
        if isinstance(action, GoKitty) and points < 8.0:
            return action
    for action in legal:
        if isinstance(action, NameTrump) and action.suit == trump:
            return action
    return legal[0]


def _cards(action: Action) -> tuple[int, ...]:
    assert isinstance(action, KittyDiscard | Discard)
    return action.cards


def kitty_discard(seen: Seen, legal: Sequence[Action]) -> Action:
    """Lay away the cards worth least."""
    assert seen.trump is not None
    rank = ranking(seen.game, seen.trump)
    cards = mask_cards(seen.hand)
    keep = best_five(seen.hand, rank)
    found = subset_action(legal, cards, [c for c in cards if not keep & BIT[c]])
    if found is not None:
        return found
    values = keep_values(rank)
    return best_subset_action(legal, _cards, values.__getitem__)


def draw_discard(seen: Seen, legal: Sequence[Action]) -> Action:
    """Give back every card worth less than a card drawn from the stock."""
    assert seen.trump is not None
    rank = ranking(seen.game, seen.trump)
    cards = mask_cards(seen.hand)
    wanted = wanted_draw_discard(seen.hand, rank)
    smaller = sum(comb(len(cards), k) for k in range(len(wanted)))
    found = subset_action(legal, cards, wanted, smaller)
    if found is not None:
        return found
    values = keep_values(rank)
    return best_subset_action(legal, _cards, lambda c: values[c] - DRAW_WORTH)


def wanted_draw_discard(hand: int, rank: Ranking) -> tuple[int, ...]:
    """The discard ``draw_discard`` would make if nothing limited it."""
    values = keep_values(rank)
    return tuple(c for c in range(52) if hand & BIT[c] and values[c] < DRAW_WORTH)


def play(spot: Spot) -> int:
    """The card to play (see the module docstring)."""
    if not spot.trick_cards:
        return _lead(spot)
    return _follow(spot)


def _lead(spot: Spot) -> int:
    rank = spot.rank
    legal = spot.legal
    trumps = [c for c in legal if rank.effective[c] == TRUMP]
    plain = [c for c in legal if rank.effective[c] != TRUMP]
    if trumps:
        top = max(trumps, key=rank.power.__getitem__)
        if spot.is_sure(top):
            return top
        if spot.bidding and len(trumps) >= 2:
            return top
    if plain:
        if not spot.unseen & rank.trump_mask:
            sure = [c for c in plain if spot.is_sure(c)]
            if sure:
                return sure[0]
        return cheapest(plain, spot)
    return cheapest(trumps, spot)


def _follow(spot: Spot) -> int:
    seat, _, _ = spot.winning()
    if spot.seat_side[seat] == spot.side:
        return _dump(spot)
    wins = beaters(spot)
    if not wins:
        return _dump(spot)
    if spot.opponents_after():
        sure = [c for c in wins if spot.is_sure(c)]
        if sure:
            return cheapest(sure, spot)
    return cheapest(wins, spot)


def _dump(spot: Spot) -> int:
    """The card that costs least to give away: a low plain card, else the lowest trump."""
    rank = spot.rank
    plain = [c for c in spot.legal if rank.effective[c] != TRUMP]
    return cheapest(plain or spot.legal, spot)
