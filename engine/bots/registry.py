"""Choosing a computer player by name: ``bot_for("search", game)``.

The web layer stores a bot's name with the seat it plays; this is where a name becomes a bot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.bots.base import Bot
from engine.bots.random_bot import RandomBot
from engine.bots.rule_bot import RuleBot
from engine.bots.search_bot import SearchBot
from engine.rules import Game


def _random(game: Game | None, **settings: Any) -> Bot:
    return RandomBot(**settings)


def _rule(game: Game | None, **settings: Any) -> Bot:
    return RuleBot(game, **settings)


def _search(game: Game | None, **settings: Any) -> Bot:
    return SearchBot(game, **settings)


#: Bot name -> factory taking the game (``None``: the view's game with default options).
BOTS: dict[str, Callable[..., Bot]] = {"random": _random, "rule": _rule, "search": _search}

#: Bot name -> the label people read ("Computer (Rule-based)"), the default first.
BOT_NAMES: dict[str, str] = {"rule": "Rule-based", "search": "Search", "random": "Random"}
#: The bot that takes a seat when nobody chose one (a table's empty seats, an away player).
DEFAULT_BOT = "rule"


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
