"""What auction45 play and the draw tell about hidden cards.

Play reveals voids: a player who did not play a trump on a trump lead holds no trump but the
five or jack (or whatever the renege option privileges) ranking above the card led; with
``follow_or_trump``, a player who played neither the suit led nor a trump holds none of it; a
defender opening a 30 with a plain card holds no trump. The draw puts each player's new cards
at known places of the stock: the dealer's delivery of docs/rules.md#auction45-draw, mirrored here
because rebuilding a deal needs it.

The discards tell more if the players discard as the rule bot does (``rules45.draw_discard``:
every card but the trumps goes back, since a card from the stock is worth more than any plain
card): a player who gave back ``d`` cards kept ``5 - d`` cards, all of them trumps, and gave
back plain cards only; a bidder who gave back a card at the draw had kept every trump of the
kitty, so his kitty discard was plain too. ``discard_clues`` reads that, for the search bot to
prefer deals that agree (it is a model of the others, not a rule of the game).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots.dealing import cards_in
from engine.bots.ranking import TRUMP, Ranking
from engine.bots.seen import Seen
from engine.rules.cards import ACE, BIT, DECK_52, FIVE, HEARTS, JACK, card

KEEP = 5  # cards in a hand after the draw

RENEGE: dict[str, tuple[str, ...]] = {
    "five_jack": ("five", "jack"),
    "five_jack_ah": ("five", "jack", "ah"),
    "five_only": ("five",),
    "none": (),
}


def renege_mask(trump: int, renege: str) -> int:
    named = {"five": card(FIVE, trump), "jack": card(JACK, trump), "ah": card(ACE, HEARTS)}
    mask = 0
    for name in RENEGE[renege]:
        mask |= BIT[named[name]]
    return mask


def allowed_cards(seen: Seen, rank: Ranking, opts: dict[str, Any]) -> list[int]:
    """Per seat, the cards its hidden hand may still hold given the voids play has shown."""
    allowed = [DECK_52] * seen.seats
    if seen.trump is None or seen.bidder is None:
        return allowed
    renege = renege_mask(seen.trump, opts["renege"])
    follow = opts["follow_nontrump"] == "follow_or_trump"
    bidding_side = seen.seat_side[seen.bidder]
    first = True
    for leader, seats, cards, _ in (*seen.tricks, seen.trick):
        if not cards:
            continue
        if first and _plain_lead_on_thirty(seen, rank, opts, bidding_side, leader, cards[0]):
            allowed[leader] &= ~rank.trump_mask
        first = False
        for s, c in zip(seats[1:], cards[1:], strict=True):
            allowed[s] &= ~_void_shown(rank, renege, follow, cards[0], c)
    return allowed


def _plain_lead_on_thirty(
    seen: Seen, rank: Ranking, opts: dict[str, Any], bidding_side: int, leader: int, led: int
) -> bool:
    """A defender who opens a bid of 30 or more with a plain card, where such a bid forces a
    trump lead, holds no trump."""
    return bool(
        opts["thirty_forces_trump_lead"]
        and (seen.bid or 0) >= 30
        and seen.seat_side[leader] != bidding_side
        and rank.effective[led] != TRUMP
    )


def _void_shown(rank: Ranking, renege: int, follow: bool, led: int, played: int) -> int:
    """The cards a player shows he lacks by playing ``played`` on ``led``: no trump but the
    privileged ones above the card led, when he did not follow a trump lead; with
    ``follow``, none of a plain suit led that he neither followed nor trumped."""
    led_suit = rank.effective[led]
    suit = rank.effective[played]
    if led_suit == TRUMP and suit != TRUMP:
        privileged = 0
        for x in cards_in(renege):
            if rank.power[x] > rank.power[led]:
                privileged |= BIT[x]
        return rank.trump_mask & ~privileged
    if follow and led_suit != TRUMP and suit not in (led_suit, TRUMP):
        return rank.suit_mask[led_suit]
    return 0


def discard_clues(
    seen: Seen, opts: dict[str, Any], discards: Sequence[int | None], stock_size: int
) -> dict[int, int]:
    """Per other seat whose draw discard the rule-bot model explains, the trumps he kept from
    his hand before the draw (his discards were all plain cards).

    A seat is left out when the model says nothing sure: a taste card or ``trumps_only``
    (the bidder's hand is not rebuilt that way), a bidder who went on the kitty, a discard of
    ``max_discard`` cards below five (he may have kept a plain card), or a discard that the
    stock may have cut short.
    """
    if seen.bidder is None or seen.view.get("taste") or opts["kitty_rule"] != "free":
        return {}
    most = int(opts["max_discard"])
    n = seen.seats
    order = [(seen.dealer + 1 + i) % n for i in range(n)]
    clues: dict[int, int] = {}
    given = 0
    for s in order:
        d = discards[s]
        if d is None:
            break
        given += d
        if s == seen.seat or given >= stock_size or (d == most and most < KEEP):
            continue
        if s == seen.bidder and seen.view.get("went_on_kitty"):
            continue
        clues[s] = KEEP - d
    return clues


def delivery_positions(
    needs: Sequence[int], order: Sequence[int], packet: int | None
) -> list[list[int]]:
    """Stock positions (top = 0) each seat receives when the dealer restores the hands."""
    got: list[list[int]] = [[] for _ in needs]
    left = list(needs)
    pos = 0
    if packet is not None:
        for seat in order:
            give = min(left[seat], packet)
            got[seat].extend(range(pos, pos + give))
            pos += give
            left[seat] -= give
    for seat in order:
        got[seat].extend(range(pos, pos + left[seat]))
        pos += left[seat]
    return got
