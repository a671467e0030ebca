"""Sampled deals look exactly like the real hand to the seat they are sampled for."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from engine.bots.dealing import fill
from engine.bots.seen import mask_of_names, read_view
from engine.bots.worlds import sample_world
from engine.rules import Game, Hand, get_game
from engine.rules.cards import BIT, SUIT_MASK

GAMES = ("auction45", "bidwhist", "pitch52")


def check_worlds(
    game: Game, seed: int, decisions: Callable[[Game, int], Iterator[Hand]]
) -> tuple[int, int]:
    """(decisions, worlds found) over one random hand; every world found is checked."""
    tried = found = 0
    for hand in decisions(game, seed):
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        world = sample_world(read_view(game, view), random.Random(seed))
        tried += 1
        if world is None:
            continue
        found += 1
        assert world.hand.view(seat) == view
        assert world.holdings[seat] == mask_of_names(view["hand"])
        for other in range(game.seating.seats):
            shown = world.hand.view(other)["hand"]
            assert world.holdings[other] == mask_of_names(shown)
    return tried, found


@pytest.mark.parametrize("game_id", GAMES)
def test_worlds_with_default_options(
    game_id: str, decisions: Callable[[Game, int], Iterator[Hand]]
) -> None:
    game = get_game(game_id)
    tried = found = 0
    for seed in range(8):
        t, f = check_worlds(game, seed, decisions)
        tried, found = tried + t, f + found
    assert found >= 0.95 * tried


@pytest.mark.parametrize("game_id", GAMES)
def test_worlds_with_random_options(
    game_id: str,
    random_game: Callable[[str, random.Random], Game],
    decisions: Callable[[Game, int], Iterator[Hand]],
) -> None:
    rng = random.Random(game_id)
    found = 0
    for seed in range(8):
        found += check_worlds(random_game(game_id, rng), seed, decisions)[1]
    assert found > 0


def test_fill_respects_room_and_places() -> None:
    spades, hearts = SUIT_MASK[0], SUIT_MASK[1]
    pool = list(range(0, 6)) + list(range(13, 19))  # six spades, six hearts
    slots = [(4, hearts), (2, spades | hearts), (6, spades | hearts)]
    for seed in range(20):
        dealt = fill(pool, slots, random.Random(seed))
        assert dealt is not None
        assert [m.bit_count() for m in dealt] == [4, 2, 6]
        assert dealt[0] & ~hearts == 0
        assert dealt[0] | dealt[1] | dealt[2] == sum(BIT[c] for c in pool)


def test_fill_gives_up_on_an_impossible_deal() -> None:
    pool = [0, 1, 2]  # three spades
    assert fill(pool, [(2, SUIT_MASK[1]), (1, SUIT_MASK[0])], random.Random(1)) is None
    assert fill(pool, [(2, SUIT_MASK[0])], random.Random(1)) is None  # room for two only
