"""Appraisals (hints and reviews) come from the seat's view alone, and rank what they value."""

from __future__ import annotations

import random

import pytest

from engine.bots import bot_for
from engine.bots.advice import appraise
from engine.bots.seen import read_view
from engine.bots.worlds import sample_world
from engine.rules import get_game
from tests.engine.bots.test_bots_hidden import GAMES, other_deal

DEALS = 6


@pytest.mark.parametrize("game_id", GAMES)
def test_an_auction_appraisal_ignores_the_other_hands(game_id: str) -> None:
    game = get_game(game_id)
    real = game.new_hand(dealer=1, seed=11)
    seat = real.to_act
    assert seat is not None
    moved = game.new_hand(dealer=real.dealer, deal=other_deal(game, real, seat))
    assert moved.view(seat) == real.view(seat)
    found = [
        appraise(h.view(seat), h.legal_actions(), random.Random(5), deals=DEALS)
        for h in (real, moved)
    ]
    assert found[0] == found[1]
    assert {a.action for a in found[0]} <= set(real.legal_actions())


@pytest.mark.parametrize("game_id", GAMES)
def test_a_play_appraisal_ignores_the_other_hands(game_id: str) -> None:
    game = get_game(game_id)
    hand = game.new_hand(dealer=2, seed=4)
    rule = bot_for("rule", game)
    rng = random.Random(4)
    while hand.phase != "play":
        to_act = hand.to_act
        assert to_act is not None
        hand.apply(rule.choose(hand.view(to_act), hand.legal_actions(), rng))
    hand.apply(hand.legal_actions()[0])  # a card is out: the others' hands are partly read
    seat = hand.to_act
    assert seat is not None
    view = hand.view(seat)
    world = sample_world(read_view(game, view), random.Random(8))
    assert world is not None and world.hand.view(seat) == view
    found = [
        appraise(h.view(seat), h.legal_actions(), random.Random(3), deals=DEALS)
        for h in (hand, world.hand)
    ]
    assert found[0] == found[1]


def test_the_computers_choice_comes_first_then_best_first_and_a_taken_action_is_valued() -> None:
    game = get_game("auction45")
    hand = game.new_hand(dealer=0, seed=3)
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal_actions()
    found = appraise(hand.view(seat), legal, random.Random(1), deals=DEALS)
    rest = [a.points or 0.0 for a in found[1:]]
    assert None not in [a.points for a in found]
    assert rest == sorted(rest, reverse=True)
    assert all(a.deals == found[0].deals > 0 for a in found)
    taken = legal[-1]
    valued = appraise(hand.view(seat), legal, random.Random(1), deals=DEALS, include=[taken])
    assert taken in [a.action for a in valued]
