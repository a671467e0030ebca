"""The one door from online tables to computer players (``engine.bots``).

Tables ask ``bot_action`` for a seat's move. The choice is made from the seat's own view and
the legal actions only, never from the full state, and the random generator is seeded by the
caller so a table's games replay the same. ``BOT_NAMES`` (every accepted name -> label),
``LEVELS`` (the levels members choose from) and ``DEFAULT_BOT`` are the bots' own lists, for
the table's forms and pages.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

from engine.bots import BOT_NAMES, DEFAULT_BOT, LEVELS, bot_for

if TYPE_CHECKING:
    from engine.rules import Action, Hand

__all__ = ["BOT_NAMES", "DEFAULT_BOT", "LEVELS", "bot_action"]

logger = logging.getLogger(__name__)
#: The player that moves when a seat's own computer fails: the simplest, so the table plays on.
FALLBACK_BOT = "rule"


def bot_action(hand: Hand, seat: int, bot_name: str, rng: random.Random) -> Action:
    """The action the computer player ``bot_name`` chooses for ``seat``, who is to act.

    The bot is given the table's game with its options (public: the table shows them), since
    a view names its game but not, say, a three-player Pitch's seats. A computer that fails
    (a fault in its search) is replaced for this move by ``FALLBACK_BOT``, and the fault logged.

    Raises:
        ValueError: ``seat`` is not the seat to act, or there is no bot called ``bot_name``.
    """
    if hand.to_act != seat:
        raise ValueError(f"seat {seat} is not to act (seat {hand.to_act} is)")
    bot = bot_for(bot_name, hand.game)
    view, legal = hand.view(seat), hand.legal_actions()
    try:
        return bot.choose(view, legal, rng)
    except Exception:  # a fault in one player's thinking must not stop the table
        logger.exception(
            "computer %r failed for seat %d; %r moves instead", bot_name, seat, FALLBACK_BOT
        )
        return bot_for(FALLBACK_BOT, hand.game).choose(view, legal, rng)
