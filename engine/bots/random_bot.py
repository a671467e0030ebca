"""A player that picks uniformly among the legal actions: the baseline of tests and benches."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots.base import View
from engine.rules import Action


class RandomBot:
    """Uniform over ``legal_actions``; reads nothing of the view, so it cannot cheat."""

    name = "random"

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return legal_actions[rng.randrange(len(legal_actions))]
