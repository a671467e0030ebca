"""Kitty's computer players: pure Python, acting through a seat's view and the legal actions.

A bot is given ``hand.view(seat)``, ``hand.legal_actions()`` and a random generator, and
returns one of the legal actions (``Bot`` in ``engine.bots.base``); it never sees the hand
itself, so it cannot know a card its seat may not see. Three kinds of players::

    >>> import random
    >>> from engine.rules import get_game
    >>> from engine.bots import bot_for
    >>> hand = get_game("auction45").new_hand(dealer=3, seed=7)
    >>> bot = bot_for("rule")
    >>> action = bot.choose(hand.view(hand.to_act), hand.legal_actions(), random.Random(1))
    >>> action in hand.legal_actions()
    True

- ``random``: uniform over the legal actions (tests, benchmarks);
- ``rule``: bids, declares, discards and plays by each game's card sense (``rules45``,
  ``ruleswhist``, ``rulespitch``);
- ``search``: samples deals consistent with what the seat has seen and scores each candidate
  action by rule-bot playouts, or exact search near the end (``search_bot``).

Members choose among levels named for people (``levels``): ``beginner`` (the rule bot with a
newcomer's slips, ``beginner_bot``), ``club`` (the default: a search within a small budget)
and ``expert`` (the search's strongest settings, also called ``search``).
"""

from __future__ import annotations

from engine.bots.base import Bot
from engine.bots.beginner_bot import BeginnerBot
from engine.bots.levels import LEVELS
from engine.bots.random_bot import RandomBot
from engine.bots.registry import BOT_NAMES, BOTS, DEFAULT_BOT, bot_for
from engine.bots.rule_bot import RuleBot
from engine.bots.search_bot import SearchBot

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "DEFAULT_BOT",
    "LEVELS",
    "BeginnerBot",
    "Bot",
    "RandomBot",
    "RuleBot",
    "SearchBot",
    "bot_for",
]
