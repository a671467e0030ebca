"""A bot's choices depend only on the view and the generator: a seeded hand replays exactly."""

from __future__ import annotations

import random

import pytest

from engine.bots import bot_for
from engine.rules import get_game

GAMES = ("auction45", "bidwhist", "pitch52")


def seeded_hand(game_id: str, names: list[str], seed: int) -> list[str]:
    game = get_game(game_id)
    players = [
        bot_for(name, game, **({"samples": 3, "budget": 200} if name == "search" else {}))
        for name in names
    ]
    rng = random.Random(seed)
    hand = game.new_hand(dealer=seed % 4, seed=seed)
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        hand.apply(players[seat].choose(hand.view(seat), hand.legal_actions(), rng))
    return [str(action) for action in hand.history]


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_hand(game_id: str) -> None:
    names = ["search", "rule", "search", "random"]
    first = seeded_hand(game_id, names, 11)
    assert seeded_hand(game_id, names, 11) == first
    assert len(first) > 8


def test_the_generator_is_what_varies_the_random_bot() -> None:
    hands = {tuple(seeded_hand("auction45", ["random"] * 4, seed)) for seed in (1, 1, 2)}
    assert len(hands) == 2
