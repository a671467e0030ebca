"""What one seat of an auction45 hand may see (docs/rules.md#auction45-seen), as JSON-ready data.

A seat sees its own hand, every call, the contract and trump, the taste card (option
``kitty_taste``), how many cards each player discarded and drew, whether the bidder went on the
kitty, and every card played. It never sees another hand, the kitty (but the taste card), the
stock or any discard. A spectator (``seat=None``) sees only the public facts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.cards import CARD_NAMES, SUITS, card_names, cards_of

if TYPE_CHECKING:
    from engine.rules.auction45.state import Auction45State


def hand_view(hand: Auction45State, seat: int | None) -> dict[str, Any]:
    """The view of ``hand`` for ``seat`` (``None``: a spectator)."""
    game = hand.game
    n = game.seats
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat must be a seat from 0 to {n - 1} or None, not {seat!r}")
    trick_leader = hand.trick_leader
    trick_cards = hand.trick_cards
    contract = hand.contract
    taste = None
    if game.options.kitty_taste and hand.deal.kitty:
        taste = CARD_NAMES[hand.deal.kitty[-1]]
    counts = [hand.hand_mask(s).bit_count() for s in range(n)]
    view: dict[str, Any] = {
        "game": game.id,
        "seat": seat,
        "phase": hand.phase.value,
        "to_act": hand.to_act,
        "dealer": hand.dealer,
        "scores_before": list(hand.tally.scores),
        "hand": None if seat is None else card_names(cards_of(hand.hand_mask(seat))),
        "hand_counts": counts,
        "calls": [{"seat": s, "call": c} for s, c in hand.auction.calls],
        "contract": None if contract is None else {"bidder": contract.bidder, "bid": contract.bid},
        "trump": None if hand.trump is None else SUITS[hand.trump],
        "went_on_kitty": hand.went_on_kitty if contract is not None else None,
        "taste": taste,
        "discard_counts": list(hand.discard_counts) or None,
        "draw_counts": None if hand.draw_counts is None else list(hand.draw_counts),
        "trick": [
            {"seat": (trick_leader + i) % n, "card": CARD_NAMES[c]}
            for i, c in enumerate(trick_cards)
        ],
        "tricks": [
            {
                "leader": leader,
                "plays": [
                    {"seat": (leader + i) % n, "card": CARD_NAMES[c]} for i, c in enumerate(cards)
                ],
                "winner": winner,
            }
            for leader, cards, winner in hand.completed_tricks
        ],
        "points": list(hand.points) if hand.trump is not None else None,
        "legal": [str(a) for a in hand.legal_actions()]
        if seat is not None and seat == hand.to_act
        else [],
        "result": None,
    }
    if hand.result is not None:
        result = hand.result.to_dict()
        # Hands after the draw are private until the end; at the end every card of them has
        # been played, so they are public then.
        view["result"] = result
    return view
