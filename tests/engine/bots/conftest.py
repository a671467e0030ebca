"""Shared helpers of the bot tests: games with random options and hands played at random."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator

import pytest

from engine.rules import Call, Deal, Game, Hand, OptionError, get_game, parse_cards

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


def strong_pass() -> Hand:
    """auction45: seat 0 holds the five best trumps in hearts and passed."""
    game = get_game("auction45")
    deal = game.new_hand(dealer=3, seed=1).deal
    strong = parse_cards("5H JH AH KH QH")
    rest = [c for h in deal.hands for c in h if c not in strong]
    rest += [c for c in (*deal.kitty, *deal.stock) if c not in strong]
    hands = (strong, tuple(rest[0:5]), tuple(rest[5:10]), tuple(rest[10:15]))
    hand = game.new_hand(dealer=3, deal=Deal(hands, tuple(rest[15:19]), tuple(rest[19:])))
    hand.apply(Call(0, "pass"))
    return hand


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
