"""The search bot's pieces: exact search agrees with plain minimax, playouts finish hands,
and the bot really searches the phases it is set to."""

from __future__ import annotations

import random

import pytest

from engine.bots import SearchBot, bot_for
from engine.bots.base import objective
from engine.bots.inference import calls_agree
from engine.bots.playout import exact_value, playout
from engine.bots.search_bot import leader, standing
from engine.bots.seen import read_view
from engine.bots.worlds import World, sample_world
from engine.rules import Hand, Phase, get_game
from tests.engine.bots.reference_play import engine_playout

from .conftest import strong_pass

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
def test_playout_scores_the_hand_as_the_engine_plays_it(game_id: str) -> None:
    game = get_game(game_id)
    hand = game.new_hand(seed=3)
    reference = hand.copy()
    assert playout(game, hand) == engine_playout(game, reference)
    assert reference.result is not None and hand.phase in (Phase.PLAY, Phase.OVER)


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


@pytest.mark.parametrize("game_id", GAMES)
def test_the_real_deal_agrees_with_rule_bot_calls(game_id: str) -> None:
    game = get_game(game_id)
    rule = bot_for("rule", game)
    for seed in range(4):
        rng = random.Random(seed)
        hand = game.new_hand(dealer=seed % 4, seed=seed)
        while hand.result is None and hand.phase != "play":
            seat = hand.to_act
            assert seat is not None
            hand.apply(rule.choose(hand.view(seat), hand.legal_actions(), rng))
        if hand.result is not None:
            continue
        seen = read_view(game, hand.view(hand.to_act or 0))
        assert calls_agree(World(hand, []), seen)


def test_a_pass_on_a_strong_hand_disagrees() -> None:
    hand = strong_pass()
    seen = read_view(hand.game, hand.view(1))
    assert not calls_agree(World(hand, []), seen)


@pytest.mark.parametrize(
    ("rows", "keep_z", "chosen"),
    [
        ([[0.0, 1.0], [0.0, 1.0]], 0.0, 1),  # the best total wins
        ([[0.0, 0.0], [0.0, 0.0]], 0.0, 0),  # ties go to the first (the rule bot's choice)
        ([[0.0, 5.0], [0.0, -3.0], [0.0, 4.0]], 0.0, 1),  # ahead on the total only...
        ([[0.0, 5.0], [0.0, -3.0], [0.0, 4.0]], 1.0, 0),  # ...is not enough with keep_z
        ([[0.0, 2.0], [0.0, 3.0], [0.0, 2.5]], 1.0, 1),  # ahead on every deal
        ([[1.0, 0.0, 3.0], [1.0, 0.0, 2.0], [1.0, 0.0, 2.5]], 2.0, 2),
    ],
)
def test_leader_keeps_the_first_option_without_evidence(
    rows: list[list[float]], keep_z: float, chosen: int
) -> None:
    assert leader(rows, keep_z) == chosen


@pytest.mark.parametrize(
    ("rows", "stands"),
    [
        ([[1.0, 0.0], [1.0, 0.0]], True),  # never beaten
        ([[0.0, 0.0], [0.0, 0.0]], True),  # tied on every deal
        ([[0.0, 5.0], [4.0, 0.0], [4.0, 0.0]], False),  # beaten once, ahead by less than z
        ([[0.0, 1.0]] + [[6.0, 0.0]] * 8, True),  # beaten once, far behind on the rest
        ([[1.0, 0.0, 2.0], [1.0, 0.0, 0.0]], False),  # a third option still in the running
    ],
)
def test_standing_tells_when_the_rule_bots_choice_will_be_kept(
    rows: list[list[float]], stands: bool
) -> None:
    assert standing(rows, 1.0) == stands
