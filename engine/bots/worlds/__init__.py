"""Deals a seat cannot tell from the real one, for the search bot.

Each game has its own module (``auction45``, ``bidwhist``, ``pitch52``), since what a seat has
seen and how a deal is rebuilt from it differ; ``world`` holds what they share.
"""

from __future__ import annotations

from engine.bots.worlds.sample import sample_world
from engine.bots.worlds.world import World

__all__ = ["World", "sample_world"]
