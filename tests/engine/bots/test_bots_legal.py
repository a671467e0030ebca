"""Every bot returns a legal action, in every phase of every game, whatever the options."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.bots import bot_for
from engine.rules import Game, get_game

GAMES = ("auction45", "bidwhist", "pitch52")


def play_out(game: Game, seed: int, bots: dict[int, str], **settings: object) -> int:
    """Play a hand with ``bots`` (seat -> name; the rule bot elsewhere); return decisions."""
    rng = random.Random(seed)
    players = {
        s: bot_for(name, game, **(settings if name == "search" else {}))
        for s, name in ((s, bots.get(s, "rule")) for s in range(game.seating.seats))
    }
    hand = game.new_hand(dealer=seed % game.seating.seats, seed=seed)
    checked = 0
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        action = players[seat].choose(hand.view(seat), legal, rng)
        assert hand.is_legal(action), f"{players[seat].name} chose {action} in {hand.phase}"
        if len(legal) < 200:
            assert action in legal
        hand.apply(action)
        checked += 1
    return checked


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("name", ["random", "rule"])
def test_random_and_rule_bots_play_legal_actions(
    game_id: str, name: str, random_game: Callable[[str, random.Random], Game]
) -> None:
    rng = random.Random(f"{game_id}-{name}")
    checked = 0
    for i in range(24):
        game = random_game(game_id, rng) if i % 3 else get_game(game_id)
        checked += play_out(game, i, dict.fromkeys(range(game.seating.seats), name))
    assert checked > 24 * 10


@pytest.mark.parametrize("game_id", GAMES)
def test_search_bot_plays_legal_actions(
    game_id: str, random_game: Callable[[str, random.Random], Game]
) -> None:
    rng = random.Random(f"{game_id}-search")
    for i in range(3):
        game = random_game(game_id, rng) if i else get_game(game_id)
        seats = range(0, game.seating.seats, 2)
        assert play_out(game, 100 + i, dict.fromkeys(seats, "search"), samples=3, budget=400) > 0
