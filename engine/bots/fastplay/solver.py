"""Exact search of the end of a hand on a fast play state: every line of play, minimax with
alpha-beta, the searching side's seats maximising its objective and every other seat
minimising it.

The value is the same as the engine's search over ``Hand.legal_actions()`` (alpha-beta with a
full window gives the minimax value whatever order the cards are tried in); the state is
copied per card tried instead of the whole hand.
"""

from __future__ import annotations

from engine.bots.base import objective
from engine.bots.fastplay.core import FastPlay
from engine.rules.cards import cards_of


def exact_value(state: FastPlay, side: int) -> float:
    """The objective of ``side`` under best play by everybody from ``state`` (not changed)."""
    return _search(state, side, float("-inf"), float("inf"))


def _search(state: FastPlay, side: int, alpha: float, beta: float) -> float:
    seat = state.to_act
    if seat < 0:
        return objective(state.delta(), side)
    maximising = state.seat_side[seat] == side
    best = float("-inf") if maximising else float("inf")
    for card in cards_of(state.legal()):
        child = state.copy()
        child.play(card)
        value = _search(child, side, alpha, beta)
        if maximising:
            if value > best:
                best = value
            if best > alpha:
                alpha = best
        else:
            if value < best:
                best = value
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best
