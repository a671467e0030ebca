"""Shared helpers of the bot tests: games with random options and hands played at random."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator

import pytest

from engine.rules import Game, Hand, OptionError, get_game

GAMES = ("auction45", "bidwhist", "pitch52")


def game_with_random_options(game_id: str, rng: random.Random) -> Game:
    """``game_id`` with each option set, one time in two, to a random allowed value."""
    specs = importlib.import_module(f"engine.rules.{game_id}.options").OPTION_SPECS
    while True:
        options = {
            spec.id: rng.choice(spec.allowed or (spec.default,))
            for spec in specs
            if rng.random() < 0.5
        }
        try:
            return get_game(game_id, options)
        except OptionError:
            continue  # a refused combination (cut-throat switched off with 3 players...)


def random_decisions(game: Game, seed: int) -> Iterator[Hand]:
    """Every decision of one hand played by uniformly random legal actions (the hand is
    yielded before each action; the caller must not change it)."""
    rng = random.Random(seed)
    hand = game.new_hand(dealer=seed % game.seating.seats, seed=seed)
    while hand.result is None:
        yield hand
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])


@pytest.fixture
def random_game() -> Callable[[str, random.Random], Game]:
    return game_with_random_options


@pytest.fixture
def decisions() -> Callable[[Game, int], Iterator[Hand]]:
    return random_decisions
