"""The levels members choose from: their names, the default, the older names, and the
beginner's place between the random player and the rule bot."""

from __future__ import annotations

import random
import statistics

import pytest

from engine.bots import BOT_NAMES, BOTS, DEFAULT_BOT, LEVELS, BeginnerBot, SearchBot, bot_for
from engine.bots.beginner_bot import careless_card, overbid
from engine.bots.levels import CLUB_SETTINGS, EXPERT_SETTINGS
from engine.rules import Call, Play, get_game
from tests.engine.bots.test_bots_strength import duplicate_margin


def test_the_levels_are_offered_easiest_first_and_club_is_the_default() -> None:
    assert list(LEVELS) == ["beginner", "club", "expert"]
    assert DEFAULT_BOT == "club"
    assert set(BOTS) == set(BOT_NAMES) == {*LEVELS, "random", "rule", "search"}


@pytest.mark.parametrize(("name", "level"), [("club", CLUB_SETTINGS), ("expert", EXPERT_SETTINGS)])
def test_club_and_expert_are_the_search_with_their_settings(
    name: str, level: dict[str, object]
) -> None:
    bot = bot_for(name, get_game("bidwhist"))
    assert isinstance(bot, SearchBot)
    assert bot.name == name
    assert all(getattr(bot, key) == value for key, value in level.items())


def test_search_is_the_expert_and_settings_given_win() -> None:
    search = bot_for("search")
    assert isinstance(search, SearchBot) and search.name == "search"
    assert search.budget == EXPERT_SETTINGS["budget"]
    club = bot_for("club", samples=3)
    assert isinstance(club, SearchBot) and club.samples == 3
    assert club.exact_cards == CLUB_SETTINGS["exact_cards"]


def test_the_club_level_thinks_less_than_the_expert() -> None:
    club, expert = bot_for("club"), bot_for("expert")
    assert isinstance(club, SearchBot) and isinstance(expert, SearchBot)
    assert min(club.samples, club.budget) < min(expert.samples, expert.budget)


def test_the_beginner_is_the_rule_bot_with_slips() -> None:
    bot = bot_for("beginner", get_game("pitch52"), play_slip=0.5)
    assert isinstance(bot, BeginnerBot) and bot.name == "beginner"
    assert bot.play_slip == 0.5


def test_a_careless_card_is_another_legal_card_or_the_sensible_one() -> None:
    legal = [Play(seat=0, card=c) for c in (3, 7, 9)]
    assert careless_card(legal[0], legal, random.Random(1), 0.0) == legal[0]
    slips = {careless_card(legal[0], legal, random.Random(s), 1.0) for s in range(40)}
    assert slips == {legal[1], legal[2]}
    only = [legal[0]]
    assert careless_card(legal[0], only, random.Random(1), 1.0) == legal[0]


def test_an_overbid_is_one_step_above_the_sensible_call() -> None:
    legal = [Call(seat=1, call=c) for c in ("pass", "15", "20", "25")]
    assert overbid(legal[0], legal, random.Random(1), 1.0) == legal[1]
    assert overbid(legal[1], legal, random.Random(1), 1.0) == legal[2]
    assert overbid(legal[3], legal, random.Random(1), 1.0) == legal[3]
    assert overbid(legal[1], legal, random.Random(1), 0.0) == legal[1]
    hold = Call(seat=1, call="hold")
    assert overbid(hold, [hold, *legal], random.Random(1), 1.0) == hold


def test_the_beginner_chooses_the_same_for_the_same_generator_state() -> None:
    game = get_game("bidwhist")
    bot = bot_for("beginner", game)
    hand = game.new_hand(dealer=0, seed=11)
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        view, legal = hand.view(seat), hand.legal_actions()
        first = bot.choose(view, legal, random.Random(len(legal)))
        assert bot.choose(view, legal, random.Random(len(legal))) == first
        assert first in legal
        hand.apply(first)


#: Deal pairs per game, enough for the sign of each margin (about 5 s in all): the beginner's
#: loss to the rule bot is smallest in pitch52 (about 4 points per hand, standard error 0.9).
PAIRS = {"auction45": 10, "bidwhist": 10, "pitch52": 40}


@pytest.mark.parametrize("game_id", ["auction45", "bidwhist", "pitch52"])
def test_the_beginner_beats_random_and_loses_to_the_rule_bot(game_id: str) -> None:
    game = get_game(game_id)
    beginner, rule, rnd = (bot_for(name, game) for name in ("beginner", "rule", "random"))
    seeds = range(PAIRS[game_id])
    over_random = [duplicate_margin(game, beginner, rnd, seed) for seed in seeds]
    over_rule = [duplicate_margin(game, beginner, rule, seed) for seed in seeds]
    assert statistics.fmean(over_random) > 0
    assert statistics.fmean(over_rule) < 0
