"""The one door from online tables to computer players.

Tables ask ``bot_action`` for a seat's move; it uses ``engine.bots.bot_for`` when that exists
and otherwise a stand-in that picks a random legal action. Either way the choice is made from
the seat's own view and the legal actions only, never from the full state, and the random
generator is seeded by the caller so a table's games replay the same.
"""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules import Action, Hand

#: Computer players a host may seat, by name; the first is the default.
BOT_NAMES: dict[str, str] = {
    "rule": "Rule-based",
    "search": "Search",
    "random": "Random",
}
DEFAULT_BOT = "rule"


def bot_action(hand: Hand, seat: int, bot_name: str, rng: random.Random) -> Action:
    """The action the computer player ``bot_name`` chooses for ``seat``, who is to act.

    Raises:
        ValueError: ``seat`` is not the seat to act.
    """
    if hand.to_act != seat:
        raise ValueError(f"seat {seat} is not to act (seat {hand.to_act} is)")
    legal = hand.legal_actions()
    bot_for = getattr(importlib.import_module("engine.bots"), "bot_for", None)
    if bot_for is None:
        return legal[rng.randrange(len(legal))]
    action: Action = bot_for(bot_name).choose(hand.view(seat), legal, rng)
    return action
