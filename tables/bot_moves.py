"""The one door from online tables to computer players (``engine.bots``).

Tables ask ``bot_action`` for a seat's move. The choice is made from the seat's own view and
the legal actions only, never from the full state, and the random generator is seeded by the
caller so a table's games replay the same. ``BOT_NAMES`` (every accepted name -> label),
``LEVELS`` (the levels members choose from) and ``DEFAULT_BOT`` are the bots' own lists, for
the table's forms and pages.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.bots import BOT_NAMES, DEFAULT_BOT, LEVELS, bot_for

if TYPE_CHECKING:
    from engine.rules import Action, Hand

__all__ = ["BOT_NAMES", "DEFAULT_BOT", "LEVELS", "bot_action"]


def bot_action(hand: Hand, seat: int, bot_name: str, rng: random.Random) -> Action:
    """The action the computer player ``bot_name`` chooses for ``seat``, who is to act.

    Raises:
        ValueError: ``seat`` is not the seat to act, or there is no bot called ``bot_name``.
    """
    if hand.to_act != seat:
        raise ValueError(f"seat {seat} is not to act (seat {hand.to_act} is)")
    return bot_for(bot_name).choose(hand.view(seat), hand.legal_actions(), rng)
