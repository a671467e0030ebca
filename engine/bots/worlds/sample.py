"""Sampling a deal consistent with a seat's knowledge, for any of the three games."""

from __future__ import annotations

import random

from engine.bots.seen import Seen
from engine.bots.worlds import auction45, bidwhist, pitch52
from engine.bots.worlds.world import World


def sample_world(seen: Seen, rng: random.Random) -> World | None:
    """A sampled hand at the seat's decision, or ``None`` if this attempt did not fit (or the
    game's module offers no world for this phase and these options)."""
    if seen.game.id == "auction45":
        return auction45.sample_world(seen, rng)
    if seen.game.id == "bidwhist":
        return bidwhist.sample_world(seen, rng)
    return pitch52.sample_world(seen, rng)
