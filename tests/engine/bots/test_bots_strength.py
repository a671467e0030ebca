"""The rule bot beats the random bot: duplicate deals, each played twice with the sides
swapped, so the margin measures the players and not the cards."""

from __future__ import annotations

import random
import statistics

import pytest

from engine.bots import Bot, bot_for
from engine.rules import Game, get_game

# Per game: (deal pairs, least mean margin per hand). Measured margins are about 45 points
# (auction45), 5 books (bidwhist) and 13 points (pitch52) per hand.
MARGINS = {"auction45": (12, 20.0), "bidwhist": (12, 2.5), "pitch52": (12, 5.0)}


def duplicate_margin(game: Game, a: Bot, b: Bot, seed: int) -> float:
    """A's side score minus B's, per hand, over the deal ``seed`` played both ways."""
    total = 0.0
    for a_side in (0, 1):
        players = [a if side == a_side else b for side in game.seating.seat_side]
        hand = game.new_hand(dealer=seed % 4, seed=seed)
        rng = random.Random(seed)
        while hand.result is None:
            seat = hand.to_act
            assert seat is not None
            hand.apply(players[seat].choose(hand.view(seat), hand.legal_actions(), rng))
        delta = hand.result.score.delta
        total += delta[a_side] - delta[1 - a_side]
    return total / 2


@pytest.mark.parametrize("game_id", sorted(MARGINS))
def test_rule_bot_beats_random_bot(game_id: str) -> None:
    pairs, least = MARGINS[game_id]
    game = get_game(game_id)
    rule, rnd = bot_for("rule", game), bot_for("random", game)
    margins = [duplicate_margin(game, rule, rnd, seed) for seed in range(pairs)]
    mean = statistics.fmean(margins)
    assert mean > least
    assert mean - 3 * statistics.stdev(margins) / pairs**0.5 > 0
