"""The search bot's pieces: exact search agrees with plain minimax, playouts finish hands,
and the bot really searches the phases it is set to."""

from __future__ import annotations

import random

import pytest

from engine.bots import SearchBot, bot_for
from engine.bots.base import objective
from engine.bots.playout import exact_value, playout
from engine.bots.worlds import sample_world
from engine.rules import Hand, get_game

GAMES = ("auction45", "bidwhist", "pitch52")


def minimax(hand: Hand, seat_side: tuple[int, ...], side: int) -> float:
    if hand.result is not None:
        return objective(hand.result.score.delta, side)
    seat = hand.to_act
    assert seat is not None
    values = []
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply(action)
        values.append(minimax(child, seat_side, side))
    return max(values) if seat_side[seat] == side else min(values)


def near_the_end(game_id: str, seed: int, cards_left: int) -> Hand:
    game = get_game(game_id)
    rule = bot_for("rule", game)
    rng = random.Random(seed)
    hand = game.new_hand(dealer=seed % 4, seed=seed)
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        if hand.phase == "play":
            left = sum(len(hand.view(s)["hand"]) for s in range(game.seating.seats))
            if left <= cards_left:
                break
        hand.apply(rule.choose(hand.view(seat), hand.legal_actions(), rng))
    return hand


@pytest.mark.parametrize("game_id", GAMES)
def test_exact_search_matches_minimax(game_id: str) -> None:
    checked = 0
    for seed in range(6):
        hand = near_the_end(game_id, seed, 7)
        if hand.result is not None:
            continue
        seat_side = hand.game.seating.seat_side
        for side in (0, 1):
            assert exact_value(hand, seat_side, side) == minimax(hand, seat_side, side)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game_id", GAMES)
def test_playout_finishes_the_hand(game_id: str) -> None:
    game = get_game(game_id)
    hand = game.new_hand(seed=3)
    delta = playout(game, hand)
    assert hand.result is not None
    assert delta == hand.result.score.delta


def test_the_search_bot_samples_worlds_in_searched_phases(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}
    real = sample_world

    def counting(*args: object) -> object:
        calls["n"] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr("engine.bots.search_bot.sample_world", counting)
    game = get_game("bidwhist")
    hand = next(
        h
        for h in (near_the_end("bidwhist", seed, 24) for seed in range(20))
        if h.phase == "play" and len(h.legal_actions()) > 1
    )
    seat = hand.to_act
    assert seat is not None
    bot = SearchBot(game, samples=5, budget=100)
    action = bot.choose(hand.view(seat), hand.legal_actions(), random.Random(2))
    assert hand.is_legal(action)
    assert calls["n"] >= 5
