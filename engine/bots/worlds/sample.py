"""Sampling a deal consistent with a seat's knowledge, for any of the three games."""

from __future__ import annotations

import random

from engine.bots.seen import Seen
from engine.bots.worlds import auction45, bidwhist, pitch52
from engine.bots.worlds.world import Keep, World


def sample_world(
    seen: Seen, rng: random.Random, read_discards: bool = False, keep: Keep | None = None
) -> World | None:
    """A sampled hand at the seat's decision, or ``None`` if this attempt did not fit (or the
    game's module offers no world for this phase and these options, or ``keep`` refused the
    deal); ``read_discards``: an auction45 deal in which the others discarded as the rule bot
    would."""
    if seen.game.id == "auction45":
        return auction45.sample_world(seen, rng, read_discards, keep)
    if seen.game.id == "bidwhist":
        return bidwhist.sample_world(seen, rng, keep)
    return pitch52.sample_world(seen, rng, keep)
