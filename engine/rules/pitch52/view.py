"""What one seat may see of a pitch52 hand (docs/rules.md#pitch52-seen).

Public: calls, the contract and trump, how many cards each player received from the stock,
excess trumps discarded face up, every card played, and which seats are visibly out (a seat
shows as out only once its turn has been skipped). Private: a seat's own hand. Never shown:
other hands, the stock, the non-trumps thrown away face down, and (after trump is named) how
many cards another seat holds, since that would show who is out of trumps before his turn is
skipped; those counts are ``None``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.cards import CARD_NAMES, SUITS, cards_of

if TYPE_CHECKING:
    from engine.rules.pitch52.state import Pitch52State


def _plays(
    seats: tuple[int, ...] | list[int], cards: tuple[int, ...] | list[int]
) -> list[dict[str, Any]]:
    return [{"seat": s, "card": CARD_NAMES[c]} for s, c in zip(seats, cards, strict=False)]


def hand_view(hand: Pitch52State, seat: int | None) -> dict[str, Any]:
    """JSON-ready state of ``hand`` as ``seat`` sees it (``None``: a spectator)."""
    game = hand.game
    n = game.seating.seats
    hands = hand._hands
    trump = hand._trump
    over = hand.result is not None
    out_mask = hand.out_mask()
    if trump < 0:
        counts: list[int | None] = [h.bit_count() for h in hands]
    else:
        counts = [
            hands[s].bit_count() if s == seat or over or out_mask >> s & 1 else None
            for s in range(n)
        ]
    contract = hand.contract
    play = hand._play
    trick = _plays(play.trick_seats, play.trick_cards) if play and hand.phase == "play" else []
    return {
        "game": game.id,
        "seat": seat,
        "phase": hand.phase,
        "to_act": hand.to_act,
        "dealer": hand.dealer,
        "scores_before": list(hand.tally.scores),
        "hand": [CARD_NAMES[c] for c in cards_of(hands[seat])] if seat is not None else None,
        "hand_counts": counts,
        "calls": [{"seat": s, "call": call} for s, call in hand.calls],
        "contract": {"bidder": contract.bidder, "bid": contract.bid} if contract else None,
        "trump": SUITS[trump] if trump >= 0 else None,
        "received_counts": list(hand._received) if hand._received else [0] * n,
        "excess_discards": [
            {"seat": s, "cards": [CARD_NAMES[c] for c in cards]}
            for s, cards in hand.excess_discards
        ],
        "out": [s for s in range(n) if out_mask >> s & 1],
        "trick": trick,
        "tricks": [
            {"leader": leader, "plays": _plays(seats, cards), "winner": winner}
            for leader, seats, cards, winner, _ in (play.tricks if play else ())
        ],
        "legal": [str(a) for a in hand.legal_actions()]
        if seat is not None and seat == hand.to_act
        else [],
        "result": hand.result.to_dict() if hand.result is not None else None,
    }
