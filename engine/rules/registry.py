"""Choosing a game by id: ``get_game("auction45", {"renege": "five_jack_ah"})``."""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.rules.base import Game
from engine.rules.errors import OptionError, shown

#: game id -> "module:class"; imported on first use so each game loads only when asked for.
GAMES: dict[str, str] = {
    "auction45": "engine.rules.auction45:Auction45",
    "bidwhist": "engine.rules.bidwhist:BidWhist",
    "pitch52": "engine.rules.pitch52:Pitch52",
}

GAME_NAMES: dict[str, str] = {
    "auction45": "120s / Auction Forty-Fives",
    "bidwhist": "Bid Whist",
    "pitch52": "Pitch to 52",
}


def game_class(game_id: str) -> type[Game]:
    """The class of a game id.

    Raises:
        OptionError: code ``unknown_game``.
    """
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise OptionError(
            "unknown_game", f"unknown game {shown(game_id)}; games: {', '.join(GAMES)}"
        )
    module_name, class_name = GAMES[game_id].split(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    return cls


@lru_cache(maxsize=256)
def _cached_game(game_id: str, options_json: str) -> Game:
    return game_class(game_id)(json.loads(options_json))  # type: ignore[call-arg]


def get_game(game_id: str, options: Mapping[str, Any] | None = None) -> Game:
    """The game ``game_id`` with ``options`` validated (defaults for what is not given).

    Games are immutable, so equal requests share one instance and its precomputed tables.

    Raises:
        OptionError: unknown game, unknown option id, or a value the option does not allow;
            the message names it and lists what is allowed.
    """
    if options is not None and not isinstance(options, Mapping):
        raise OptionError(
            "bad_options", f"options must be an object of option ids, not {shown(options)}"
        )
    try:
        key = json.dumps(dict(options or {}), sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        raise OptionError(
            "bad_options", f"options must be JSON values, not {shown(options)}"
        ) from None
    return _cached_game(game_id, key)
