"""What one seat of a bid whist hand may see (docs/rules.md#bidwhist-seen), as a JSON-ready dict.

Everybody sees: the calls, the contract, trump and mode, every card played, how many cards each
seat holds, who owns the kitty book once that is known, and the result. A seat sees its own
hand. The bidder alone sees the kitty cards he took (from the declaration on) and his four
discards (once laid away); nobody else ever sees them, not even after the hand. A spectator
(``seat=None``) sees the public facts only.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine.rules.cards import CARD_NAMES, card_names, cards_of, suit_str
from engine.rules.errors import NotationError, shown

if TYPE_CHECKING:
    from engine.rules.bidwhist.hand import BidWhistHand

SEATS = 4


def _legal_strings(hand: BidWhistHand, seat: int) -> list[str]:
    if hand.phase == "discard":
        # The 1,820 discard choices, in the order of ``legal_actions()`` (``CardSubsets``:
        # canonical order, lexicographic), spelled without building the actions.
        names = [CARD_NAMES[c] for c in cards_of(hand.hand_mask(seat))]
        return [f"{seat} kitty_discard {' '.join(combo)}" for combo in combinations(names, 4)]
    return [str(action) for action in hand.legal_actions()]


def hand_view(hand: BidWhistHand, seat: int | None) -> dict[str, Any]:
    """The state of ``hand`` as ``seat`` may see it.

    Raises:
        NotationError: ``bad_seat`` when ``seat`` is neither ``None`` nor a seat 0..3.
    """
    if seat is not None and not (type(seat) is int and 0 <= seat < SEATS):
        raise NotationError(
            "bad_seat", f"seat must be 0 to 3 or None (a spectator), not {shown(seat)}"
        )
    contract = hand.contract
    bidder = contract.bidder if contract is not None else None
    is_bidder = seat is not None and seat == bidder
    leader = hand.leader
    view: dict[str, Any] = {
        "game": "bidwhist",
        "seat": seat,
        "phase": hand.phase,
        "to_act": hand.to_act,
        "dealer": hand.dealer,
        "scores_before": list(hand.tally.scores),
        "hand": None if seat is None else card_names(cards_of(hand.hand_mask(seat))),
        "hand_counts": [hand.hand_mask(s).bit_count() for s in range(SEATS)],
        "calls": [{"seat": s, "call": call} for s, call in hand.calls],
        "contract": None if contract is None else {"bidder": contract.bidder, "bid": contract.bid},
        "trump": suit_str(hand.trump) if hand.declared else None,
        "mode": hand.mode,
        "trick": [
            {"seat": (leader + i) % SEATS, "card": CARD_NAMES[c]} for i, c in enumerate(hand.trick)
        ],
        "tricks": [
            {
                "leader": first,
                "plays": [
                    {"seat": (first + i) % SEATS, "card": CARD_NAMES[c]}
                    for i, c in enumerate(cards)
                ],
                "winner": winner,
            }
            for first, cards, winner in hand.tricks
        ],
        "tricks_won": list(hand.tricks_won),
        "kitty_book_side": hand.kitty_book_side,
        "kitty": card_names(cards_of(hand.kitty_mask)) if is_bidder and hand.declared else None,
        "discards": (
            card_names(cards_of(hand.discard_mask)) if is_bidder and hand.discard_mask else None
        ),
        "legal": _legal_strings(hand, seat) if seat is not None and seat == hand.to_act else [],
        "result": hand.result.to_dict() if hand.result is not None else None,
    }
    return view
