"""Card sense for bid whist: books, the declaration, the kitty discard and play.

A hand is counted in books for each possible declaration (four suits and no trump, times the
three modes): the unbroken run of top cards in a suit are sure books, a guarded second card is
half a book, and with a trump suit every trump past the fourth and every short side suit adds
ruffing books. The partner and the kitty add about three books and a half. The bid is the
count above six. The kitty discard keeps trumps and winners and empties short suits. Play
follows suit low second in hand and wins cheaply third or fourth, ruffs an opponent's trick
cheaply, draws trumps when the bidding side holds the best of them, and cashes sure books.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from engine.bots.common import (
    auction_high,
    beaters,
    best_subset_action,
    cheapest,
    choose_call,
    mask_cards,
    subset_action,
)
from engine.bots.ranking import TRUMP, TRUMP_BASE, Ranking, ranking
from engine.bots.seen import Seen
from engine.bots.spot import Spot
from engine.rules import Action, Declare, KittyDiscard
from engine.rules.actions import BIDWHIST_MODES
from engine.rules.cards import BIT

DECLARATIONS: tuple[tuple[int | None, str], ...] = tuple(
    product((0, 1, 2, 3, None), BIDWHIST_MODES)
)
#: Books expected from the partner, the kitty and the kitty book, on top of the bidder's own.
HELP_BOOKS = 3.5
#: Books taken off the count before bidding; negative because the contract (trump, mode and
#: the kitty) is worth having, as duplicate self-play of rule bots showed.
BID_MARGIN = -1.5


def _suit_books(hand: int, order: Sequence[int], trump: bool, ruffs: bool) -> float:
    held = [i for i, c in enumerate(order) if hand & BIT[c]]
    length = len(held)
    books = 0.0
    run = 0
    while run < length and held[run] == run:
        run += 1
    books += run
    if run < length and length >= 2 and held[run] <= run + 1:
        books += 0.5
    if trump:
        books += max(0, length - 4) * 0.8
    elif not ruffs and run >= 2:
        books += max(0, length - 4) * 0.7
    return books


def count_books(hand: int, rank: Ranking) -> float:
    """Books a 12-card hand should take for its own side under this declaration."""
    has_trump = rank.trump is not None
    books = 0.0
    for suit in (TRUMP, 0, 1, 2, 3):
        order = rank.order[suit]
        if order:
            books += _suit_books(hand, order, suit == TRUMP, has_trump)
    if has_trump and (hand & rank.trump_mask).bit_count() >= 4:
        for suit in range(4):
            if suit != rank.trump and (hand & rank.suit_mask[suit]).bit_count() <= 1:
                books += 0.5
    return books


def declaration_books(seen: Seen, hand: int) -> dict[tuple[int | None, str], float]:
    """Books the hand should take under each declaration (for ranking the candidates)."""
    return {(t, m): count_books(hand, ranking(seen.game, t, m)) for t, m in DECLARATIONS}


def best_declaration(seen: Seen, hand: int) -> tuple[tuple[int | None, str], float]:
    scored = [(count_books(hand, ranking(seen.game, t, m)), (t, m)) for t, m in DECLARATIONS]
    best_books, best = scored[0]
    for books, decl in scored[1:]:
        if books > best_books:
            best_books, best = books, decl
    return best, best_books


def call(seen: Seen, legal: Sequence[Action]) -> Action:
    """Bid the books above six the hand and its helpers should take."""
    _, books = best_declaration(seen, seen.hand)
    wanted = int(books + HELP_BOOKS - 6 - BID_MARGIN)
    high, high_seat = auction_high(seen.calls)
    partner_high = high_seat is not None and seen.seat_side[high_seat] == seen.side
    if partner_high and wanted < high + 2:
        wanted = 0
    dealer = seen.seat == seen.dealer
    return choose_call(
        legal, wanted, hold_ok=not partner_high and wanted >= high > 0, jump=not dealer
    )


def declare(seen: Seen, legal: Sequence[Action]) -> Action:
    (trump, mode), _ = best_declaration(seen, seen.hand)
    for action in legal:
        if isinstance(action, Declare) and action.trump == trump and action.mode == mode:
            return action
    return legal[0]


def keep_value(card: int, hand: int, rank: Ranking) -> float:
    """Worth of keeping ``card``: trumps and sure winners first, short-suit cards last."""
    power = rank.power[card]
    if power > TRUMP_BASE:
        return 40.0 + power - TRUMP_BASE
    suit = rank.effective[card]
    order = rank.order[suit]
    place = order.index(card)
    if all(hand & BIT[c] for c in order[:place]):
        return 30.0 + power
    return power + 1.5 * (hand & rank.suit_mask[suit]).bit_count()


def _cards(action: Action) -> tuple[int, ...]:
    assert isinstance(action, KittyDiscard)
    return action.cards


def kitty_discard(seen: Seen, legal: Sequence[Action]) -> Action:
    """Lay away the four cards worth least (found directly: there are 1,820 choices)."""
    rank = ranking(seen.game, seen.trump, seen.mode)
    hand = seen.hand
    cards = mask_cards(hand)
    chosen = sorted(sorted(cards, key=lambda c: keep_value(c, hand, rank))[:4])
    found = subset_action(legal, cards, chosen)
    if found is not None:
        return found
    return best_subset_action(legal, _cards, lambda c: keep_value(c, hand, rank))


def play(spot: Spot) -> int:
    if not spot.trick_cards:
        return _lead(spot)
    return _follow(spot)


def _lead(spot: Spot) -> int:
    rank = spot.rank
    legal = spot.legal
    trumps = [c for c in legal if rank.effective[c] == TRUMP]
    if trumps and spot.bidding and spot.unseen & rank.trump_mask:
        top = max(trumps, key=rank.power.__getitem__)
        if spot.is_sure(top) or len(trumps) >= 4:
            return top
    plain = [c for c in legal if rank.effective[c] != TRUMP]
    sure = [c for c in plain if spot.is_sure(c)]
    if sure:
        return max(sure, key=rank.power.__getitem__)
    if plain:
        longest = max(
            range(4),
            key=lambda s: (spot.hand & rank.suit_mask[s]).bit_count() if s != rank.trump else -1,
        )
        in_suit = [c for c in plain if rank.effective[c] == longest]
        return cheapest(in_suit or plain, spot)
    return cheapest(legal, spot)


def _follow(spot: Spot) -> int:
    rank = spot.rank
    seat, _, _ = spot.winning()
    led = spot.led_suit
    following = any(rank.effective[c] == led for c in spot.legal)
    partner = spot.seat_side[seat] == spot.side
    wins = beaters(spot)
    if partner and (not spot.opponents_after() or not wins or _sure_in_trick(spot)):
        return _dump(spot)
    if not wins:
        return _dump(spot)
    if not spot.opponents_after():
        return cheapest(wins, spot)
    sure = [c for c in wins if spot.is_sure(c)]
    if sure:
        return cheapest(sure, spot)
    if following and len(spot.trick_cards) == 1:
        return _dump(spot)  # second hand low
    return cheapest(wins, spot)


def _sure_in_trick(spot: Spot) -> bool:
    _, card, _ = spot.winning()
    return spot.is_sure(card)


def _dump(spot: Spot) -> int:
    """Lowest card, from the shortest plain suit when not following."""
    rank = spot.rank
    plain = [c for c in spot.legal if rank.effective[c] != TRUMP]
    if not plain:
        return cheapest(spot.legal, spot)
    return min(
        plain,
        key=lambda c: (rank.power[c], (spot.hand & rank.suit_mask[rank.effective[c]]).bit_count()),
    )
