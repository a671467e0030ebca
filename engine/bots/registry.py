"""Choosing a computer player by name: ``bot_for("club", game)``.

The web layer stores a bot's name with the seat it plays; this is where a name becomes a bot.
Members choose among the levels (``LEVELS``: beginner, club, expert); the older technical
names stay accepted so stored tables and earlier figures still run: ``random``, ``rule``, and
``search``, which plays at the strongest level (the expert's settings).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.bots.base import Bot
from engine.bots.beginner_bot import BeginnerBot
from engine.bots.levels import CLUB_SETTINGS, DEFAULT_LEVEL, EXPERT_SETTINGS, LEVELS
from engine.bots.random_bot import RandomBot
from engine.bots.rule_bot import RuleBot
from engine.bots.search_bot import SearchBot
from engine.rules import Game


def _random(game: Game | None, **settings: Any) -> Bot:
    return RandomBot(**settings)


def _rule(game: Game | None, **settings: Any) -> Bot:
    return RuleBot(game, **settings)


def _beginner(game: Game | None, **settings: Any) -> Bot:
    return BeginnerBot(game, **settings)


def _searcher(name: str, level: dict[str, Any]) -> Callable[..., Bot]:
    """A factory of search bots called ``name`` with ``level``'s settings (those given to the
    factory win)."""

    def factory(game: Game | None, **settings: Any) -> Bot:
        bot = SearchBot(game, **{**level, **settings})
        bot.name = name
        return bot

    return factory


#: Bot name -> factory taking the game (``None``: the view's game with default options):
#: the levels, then the older names.
BOTS: dict[str, Callable[..., Bot]] = {
    "beginner": _beginner,
    "club": _searcher("club", CLUB_SETTINGS),
    "expert": _searcher("expert", EXPERT_SETTINGS),
    "random": _random,
    "rule": _rule,
    "search": _searcher("search", EXPERT_SETTINGS),
}

#: Every accepted name -> its label (the levels first, easiest first; then the older names).
BOT_NAMES: dict[str, str] = {
    **LEVELS,
    "random": "Random",
    "rule": "Rule-based",
    "search": "Search (expert)",
}
#: The bot that takes a seat when nobody chose one (a table's empty seats, an away player).
DEFAULT_BOT = DEFAULT_LEVEL


def bot_for(name: str, game: Game | None = None, **settings: Any) -> Bot:
    """A new bot called ``name`` for ``game``; ``settings`` go to its constructor
    (for instance ``samples`` for the search bot).

    Raises:
        ValueError: unknown name (the message lists the names).
    """
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return factory(game, **settings)
