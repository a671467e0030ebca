"""Bots by name, as the web layer asks for them."""

from __future__ import annotations

import random

import pytest

from engine.bots import BOT_NAMES, BOTS, RandomBot, RuleBot, SearchBot, bot_for
from engine.rules import get_game


@pytest.mark.parametrize(
    ("name", "cls"), [("random", RandomBot), ("rule", RuleBot), ("search", SearchBot)]
)
def test_bot_for_builds_each_bot(name: str, cls: type) -> None:
    bot = bot_for(name, get_game("pitch52"))
    assert isinstance(bot, cls)
    assert bot.name == name
    assert name in BOT_NAMES


def test_settings_reach_the_search_bot() -> None:
    bot = bot_for("search", samples=7)
    assert isinstance(bot, SearchBot)
    assert bot.samples == 7


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        bot_for("clever")
    assert set(BOTS) == {"beginner", "club", "expert", "random", "rule", "search"}


def test_a_bot_refuses_another_games_view() -> None:
    bot = bot_for("rule", get_game("bidwhist"))
    hand = get_game("auction45").new_hand(seed=1)
    with pytest.raises(ValueError, match="cannot play a hand of auction45"):
        bot.choose(hand.view(hand.to_act), hand.legal_actions(), random.Random(1))
