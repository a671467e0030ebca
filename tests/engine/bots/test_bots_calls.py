"""Calls in order of strength: the calls the search tries, how far two calls are apart, and
the soft reading of the others' calls built on it."""

from __future__ import annotations

import random

import pytest

from engine.bots import SearchBot, bot_for
from engine.bots.calls import call_order, call_steps, near_calls
from engine.bots.inference import CallReader, soft_agree
from engine.bots.rule_bot import decide
from engine.bots.seen import read_view
from engine.bots.worlds import sample_world
from engine.rules import Action, Call, Hand, Phase, get_game

from .conftest import strong_pass


def calls(*said: str) -> list[Call]:
    return [Call(1, c) for c in said]


def said(actions: list[Action]) -> list[str]:
    return [str(getattr(a, "call", "")) for a in actions]


def test_calls_run_from_pass_through_hold_to_the_highest_bid() -> None:
    legal = calls("6", "pass", "8", "hold", "7")
    assert said(call_order(legal)) == ["pass", "hold", "6", "7", "8"]


def test_near_calls_are_the_chosen_call_pass_and_its_neighbours() -> None:
    legal = calls("pass", "4", "5", "6", "7", "8", "9", "10")
    assert said(near_calls(legal, Call(1, "6"))) == ["6", "pass", "5", "7"]
    assert said(near_calls(legal, Call(1, "pass"))) == ["pass", "4"]
    assert said(near_calls(legal, Call(1, "10"), 2)) == ["10", "pass", "8", "9"]


def test_call_steps_count_the_places_between_two_calls() -> None:
    order = call_order(calls("pass", "4", "5", "6"))
    assert call_steps(order, Call(1, "6"), Call(1, "4")) == 2
    assert call_steps(order, Call(1, "pass"), Call(1, "pass")) == 0
    assert call_steps(order, Call(1, "9"), Call(1, "4")) == len(order)


def test_a_pass_on_a_strong_hand_is_some_steps_away() -> None:
    hand = strong_pass()
    reader = CallReader(read_view(hand.game, hand.view(1)))
    far = reader.distance(hand.deal)
    assert far >= 1
    assert 1 <= reader.distance(hand.deal, 1) <= far  # counting stops at the limit
    assert not reader.agree(hand.deal)


def test_soft_reading_keeps_a_deal_as_often_as_its_distance_says() -> None:
    hand = strong_pass()
    reader = CallReader(read_view(hand.game, hand.view(1)))
    far = reader.distance(hand.deal)
    rng = random.Random(5)
    kept = sum(soft_agree(reader, hand.deal, 0.5, rng) for _ in range(4000))
    assert abs(kept / 4000 - 0.5**far) < 0.03
    assert not soft_agree(reader, hand.deal, 0.0, rng)
    assert soft_agree(reader, hand.deal, 1.0, rng)


def test_the_real_calls_are_no_step_away() -> None:
    game = get_game("pitch52")
    rule = bot_for("rule", game)
    hand = game.new_hand(dealer=0, seed=3)
    rng = random.Random(3)
    while hand.phase == Phase.AUCTION:
        seat = hand.to_act
        assert seat is not None
        hand.apply(rule.choose(hand.view(seat), hand.legal_actions(), rng))
    seat = hand.to_act
    assert seat is not None
    assert CallReader(read_view(game, hand.view(seat))).distance(hand.deal) == 0


def to_phase(game_id: str, phase: str, seed: int) -> Hand:
    game = get_game(game_id)
    rule = bot_for("rule", game)
    rng = random.Random(seed)
    hand = game.new_hand(dealer=seed % 4, seed=seed)
    while hand.phase != phase:
        seat = hand.to_act
        assert seat is not None and hand.result is None
        hand.apply(rule.choose(hand.view(seat), hand.legal_actions(), rng))
    return hand


def test_bid_whist_declarations_and_discards_have_ranked_candidates() -> None:
    bot = SearchBot(get_game("bidwhist"), candidates=3)
    for phase, wanted in ((Phase.DECLARE, 4), (Phase.DISCARD, 3)):
        hand = to_phase("bidwhist", phase, 0)
        seat = hand.to_act
        assert seat is not None
        seen = read_view(hand.game, hand.view(seat))
        legal = hand.legal_actions()
        fallback = decide(seen, legal)
        options = bot._narrowed(seen, bot.options_for(seen, legal, fallback))
        assert options[0] == fallback
        assert len(set(options)) == len(options) == wanted
        assert all(a in legal for a in options)


def test_the_search_bot_searches_the_auction_among_near_calls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls_sampled = {"n": 0}
    real = sample_world

    def counting(*args: object) -> object:
        calls_sampled["n"] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr("engine.bots.search_bot.sample_world", counting)
    for game_id in ("bidwhist", "pitch52"):
        game = get_game(game_id)
        hand = game.new_hand(dealer=0, seed=4)
        seat = hand.to_act
        assert seat is not None and hand.phase == Phase.AUCTION
        legal = hand.legal_actions()
        seen = read_view(game, hand.view(seat))
        before = calls_sampled["n"]
        action = SearchBot(game, samples=8, budget=100).choose(
            hand.view(seat), legal, random.Random(1)
        )
        assert action in near_calls(legal, decide(seen, legal))
        assert calls_sampled["n"] - before >= 8
