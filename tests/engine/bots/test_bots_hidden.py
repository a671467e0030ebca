"""Bots decide from what their seat may see: the same view gives the same action, whatever
the cards hidden from the seat are."""

from __future__ import annotations

import random

import pytest

from engine.bots import Bot, bot_for
from engine.bots.seen import read_view
from engine.bots.worlds import sample_world
from engine.rules import Call, Deal, Game, Hand, get_game

GAMES = ("auction45", "bidwhist", "pitch52")


def other_deal(game: Game, hand: Hand, seat: int) -> Deal:
    """The same deal with every hidden card moved: the other seats' hands passed round one
    seat, and the kitty and stock cards exchanged as far as they go."""
    deal = hand.deal
    others = [s for s in range(game.seating.seats) if s != seat]
    hands = list(deal.hands)
    for s, t in zip(others, others[1:] + others[:1], strict=True):
        hands[t] = deal.hands[s]
    kitty, stock = list(deal.kitty), list(deal.stock)
    swap = min(len(kitty), len(stock))
    kitty[:swap], stock[:swap] = stock[:swap], kitty[:swap]
    return Deal(tuple(hands), tuple(kitty), tuple(stock))


def bots(game: Game) -> list[Bot]:
    return [bot_for("rule", game), bot_for("search", game, samples=4, budget=300)]


@pytest.mark.parametrize("game_id", GAMES)
def test_auction_decisions_ignore_the_other_hands(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(6):
        real = game.new_hand(dealer=seed % 4, seed=seed)
        seat = real.to_act
        assert seat is not None
        moved = game.new_hand(dealer=real.dealer, deal=other_deal(game, real, seat))
        for call in real.history:
            moved.apply(call)
        assert moved.deal.hands != real.deal.hands
        assert moved.view(seat) == real.view(seat)
        for bot in bots(game):
            chosen = [
                bot.choose(h.view(seat), h.legal_actions(), random.Random(seed))
                for h in (real, moved)
            ]
            assert chosen[0] == chosen[1]
            assert isinstance(chosen[0], Call)


@pytest.mark.parametrize("game_id", GAMES)
def test_play_decisions_ignore_the_other_hands(game_id: str) -> None:
    """Mid-play, a second deal the seat cannot tell from the real one (a sampled world,
    checked to look the same to the seat) gets the same decisions."""
    game = get_game(game_id)
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        hand = game.new_hand(dealer=seed % 4, seed=seed)
        rule = bot_for("rule", game)
        stop = rng.randrange(2, 20)
        while hand.result is None and not (hand.phase == "play" and stop <= 0):
            seat = hand.to_act
            assert seat is not None
            stop -= hand.phase == "play"
            hand.apply(rule.choose(hand.view(seat), hand.legal_actions(), rng))
        if hand.result is not None:
            continue
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        world = sample_world(read_view(game, view), random.Random(seed))
        if world is None or world.hand.deal == hand.deal:
            continue
        assert world.hand.view(seat) == view
        assert [str(a) for a in world.hand.legal_actions()] == [
            str(a) for a in hand.legal_actions()
        ]
        for bot in bots(game):
            chosen = [
                bot.choose(h.view(seat), h.legal_actions(), random.Random(7))
                for h in (hand, world.hand)
            ]
            assert chosen[0] == chosen[1]
        compared += 1
    assert compared >= 6
