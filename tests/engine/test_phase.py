"""Phases are a ``StrEnum``: compared by value, and plain strings in views and JSON."""

from __future__ import annotations

import json
import random

import pytest

from engine.rules import Phase, get_game


def test_a_phase_is_its_name() -> None:
    name: str = "kitty_discard"
    assert name == Phase.KITTY_DISCARD and Phase(name) is Phase.KITTY_DISCARD
    assert f"phase {Phase.PLAY}" == "phase play"
    assert json.dumps({"phase": Phase.AUCTION}) == '{"phase": "auction"}'
    assert {"over": 1}[Phase.OVER] == 1


@pytest.mark.parametrize("game_id", ["auction45", "bidwhist", "pitch52"])
def test_every_phase_a_hand_reaches_is_a_phase_and_reads_back_from_its_view(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(11)
    reached: set[str] = set()
    for number in range(40):
        hand = game.new_hand(dealer=number % game.seating.seats, seed=rng)
        while True:
            view = json.loads(json.dumps(hand.view(hand.to_act)))
            assert view["phase"] == hand.phase and type(view["phase"]) is str
            assert hand.copy().phase == hand.phase
            assert isinstance(hand.phase, Phase)
            reached.add(hand.phase)
            if hand.result is not None:
                break
            actions = hand.legal_actions()
            hand.apply(actions[rng.randrange(len(actions))])
    assert {Phase.AUCTION, Phase.PLAY, Phase.OVER} <= reached


def test_auction45_views_carry_the_plain_string() -> None:
    hand = get_game("auction45").new_hand(dealer=0, seed=1)
    assert type(hand.view(None)["phase"]) is str
