"""The engine-based playout and exact search the fast play path replaced, kept as the
reference it is tested against: every card through ``Hand.legal_actions()`` and
``Hand.apply()``, every line of the exact search on ``Hand.copy()``."""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.base import objective
from engine.bots.mirror45 import Before45
from engine.bots.playout import Tracker, tracker_from_hand
from engine.bots.rule_bot import decide
from engine.bots.seen import read_view
from engine.rules import Game, Hand, Phase, Play


def engine_tracker(game: Game, hand: Hand, before: Before45 | None) -> Tracker:
    """The tracker at the first card of the play, as the playout builds it."""
    holdings = before.after_draw(hand) if before is not None else None
    if before is None or holdings is None:
        return tracker_from_hand(game, hand)
    contract = hand.contract
    assert contract is not None
    return Tracker.at_first_lead(game, contract.bidder, contract.bid, before.trump, holdings)


def engine_playout(
    game: Game, hand: Hand, tracker: Tracker | None = None, before: Before45 | None = None
) -> tuple[int, ...]:
    """Finish ``hand`` (changed in place) with rule-bot play; return the score change."""
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if hand.phase == Phase.PLAY:
            if tracker is None:
                tracker = engine_tracker(game, hand, before)
            if len(legal) == 1:
                action = legal[0]
            else:
                cards = [a.card for a in legal]  # type: ignore[attr-defined]
                action = legal[cards.index(tracker.choose(seat, cards))]
            hand.apply(action)
            assert isinstance(action, Play)
            tracker.update(seat, action.card)
            continue
        if len(legal) == 1:
            action = legal[0]
        else:
            fast = before.decide(hand, seat, legal) if before is not None else None
            action = fast or decide(read_view(game, hand.view(seat)), legal)
        hand.apply(action)
        if before is not None:
            before.observe(hand, action)
    return hand.result.score.delta


def engine_exact_value(hand: Hand, seat_side: Sequence[int], side: int) -> float:
    """The objective of ``side`` under best play by everybody from ``hand`` (not changed)."""
    return _search(hand, seat_side, side, float("-inf"), float("inf"))


def _search(hand: Hand, seat_side: Sequence[int], side: int, alpha: float, beta: float) -> float:
    result = hand.result
    if result is not None:
        return objective(result.score.delta, side)
    seat = hand.to_act
    assert seat is not None
    maximising = seat_side[seat] == side
    best = float("-inf") if maximising else float("inf")
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply(action)
        value = _search(child, seat_side, side, alpha, beta)
        if maximising:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
