"""What the computer would do for a seat, and what each choice is worth: hints and reviews.

``appraise`` values a seat's choices from that seat's view alone, the way the search player
decides: deals the seat cannot rule out are sampled, each choice is played in every one of
them and finished by rule-bot playouts (exact search near the end), and a choice is worth its
mean objective over those deals (its side's points for the hand minus the others' mean, as
``base.objective`` says). Every phase is valued, the auction included, whatever the search
player's own settings leave to the rules. The hidden cards are never read: the function is
given the view and the legal actions, as a bot is.

The first appraisal is the computer's choice: the rule bot's unless another beats it by the
search player's margin (``search_bot.leader``); the rest follow, best first.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.bots.base import View, game_of
from engine.bots.rule_bot import decide
from engine.bots.search_bot import SearchBot, leader
from engine.bots.seen import read_view
from engine.rules import Action, Game, Phase

#: Deals sampled for an appraisal: enough that two choices' means rarely swap by luck.
DEALS = 48
#: Every phase is valued (the search player's own ``SEARCHED`` leaves some to the rules).
ALL_PHASES = frozenset(Phase)
#: The margin, in standard errors, by which a choice must beat the rule bot's to be the
#: computer's choice (as the search player keeps its rule bot's choice in auction45).
KEEP_MARGIN = 1.0


@dataclass(frozen=True, slots=True)
class Appraisal:
    """One choice and what it is worth: ``points``, the expected objective per hand over
    ``deals`` sampled deals (``None`` when no deal could be sampled)."""

    action: Action
    points: float | None
    deals: int


def appraise(
    view: View,
    legal_actions: Sequence[Action],
    rng: random.Random,
    *,
    game: Game | None = None,
    include: Iterable[Action] = (),
    deals: int = DEALS,
) -> list[Appraisal]:
    """The seat's choices with their worth, the computer's choice first, then best first.

    The choices are the search player's candidates (every legal action, one card of each
    class of cards that play alike in auction45, the few likeliest discards) and every action
    of ``include`` (the one a member took, for a review). Deterministic for a given ``rng``.
    """
    rules = game_of(view, game)
    bot = SearchBot(
        rules,
        samples=deals,
        budget=deals * 10_000,
        settle_after=deals,
        phases={rules.id: ALL_PHASES},
    )
    seen = read_view(rules, view)
    fallback = decide(seen, legal_actions)
    options = bot.options_for(seen, legal_actions, fallback)
    for action in include:
        if action not in options and action in legal_actions:
            options.append(action)
    rows = bot.rows(rules, seen, options, rng)
    if not rows:
        return [Appraisal(action, None, 0) for action in options]
    means = [sum(row[i] for row in rows) / len(rows) for i in range(len(options))]
    chosen = leader(rows, KEEP_MARGIN)
    order = [
        chosen,
        *sorted((i for i in range(len(options)) if i != chosen), key=lambda i: -means[i]),
    ]
    return [Appraisal(options[i], means[i], len(rows)) for i in order]
