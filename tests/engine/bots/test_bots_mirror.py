"""``Before45`` follows auction45's cards before play: after the draw it knows every seat's
five cards without reading a view."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.bots import bot_for
from engine.bots.mirror45 import Before45
from engine.bots.seen import mask_of_names
from engine.rules import Game, Hand
from engine.rules.cards import BIT


def to_the_contract(game: Game, seed: int) -> Hand | None:
    """A hand played by the rule bot until the auction is over (``None``: thrown in)."""
    rule = bot_for("rule", game)
    rng = random.Random(seed)
    hand = game.new_hand(dealer=seed % game.seating.seats, seed=seed)
    while hand.result is None and hand.contract is None:
        seat = hand.to_act
        assert seat is not None
        hand.apply(rule.choose(hand.view(seat), hand.legal_actions(), rng))
    return None if hand.result is not None else hand


def test_after_draw_matches_every_seats_view(
    random_game: Callable[[str, random.Random], Game],
) -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        game = random_game("auction45", rng)
        hand = to_the_contract(game, seed)
        if hand is None:
            continue
        n = game.seating.seats
        holdings = [mask_of_names(hand.view(s)["hand"]) for s in range(n)]
        kitty = 0
        for c in hand.deal.kitty:
            kitty |= BIT[c]
        before = Before45(game, holdings, kitty, None, hand.phase)
        rule = bot_for("rule", game)
        while hand.phase != "play" and hand.result is None:
            seat = hand.to_act
            assert seat is not None
            legal = hand.legal_actions()
            action = before.decide(hand, seat, legal) or rule.choose(hand.view(seat), legal, rng)
            hand.apply(action)
            before.observe(hand, action)
        if hand.phase != "play":
            continue
        found = before.after_draw(hand)
        assert found is not None
        assert found == [mask_of_names(hand.view(s)["hand"]) for s in range(n)]
        checked += 1
    assert checked >= 20
