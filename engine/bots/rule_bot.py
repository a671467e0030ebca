"""The rule-based player: each game's card sense (``rules45``, ``ruleswhist``, ``rulespitch``)
applied to what the seat sees.

It draws nothing from the generator it is given: the same view always gets the same action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots import rules45, rulespitch, ruleswhist
from engine.bots.base import View, game_of
from engine.bots.ranking import ranking
from engine.bots.seen import Seen, mask_of_names, read_view
from engine.bots.spot import Spot
from engine.rules import Action, Game, Phase, Play
from engine.rules.cards import DECK_52, DECK_54


class RuleBot:
    """Plays every phase of the three games by their heuristics (see the game modules)."""

    name = "rule"

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        seen = read_view(game_of(view, self.game), view)
        return decide(seen, legal_actions)


def decide(seen: Seen, legal: Sequence[Action]) -> Action:
    """The rule bot's action for ``seen`` (the seat to act) among ``legal``."""
    if len(legal) == 1:
        return legal[0]
    game_id = seen.game.id
    phase = seen.phase
    if phase == Phase.PLAY:
        return play_action(seen, legal)
    if phase == Phase.AUCTION:
        if game_id == "auction45":
            return rules45.call(seen, legal)
        if game_id == "bidwhist":
            return ruleswhist.call(seen, legal)
        return rulespitch.call(seen, legal)
    if game_id == "auction45":
        if phase == Phase.DECLARE:
            return rules45.declare(seen, legal)
        if phase == Phase.KITTY_DISCARD:
            return rules45.kitty_discard(seen, legal)
        return rules45.draw_discard(seen, legal)
    if game_id == "bidwhist":
        if phase == Phase.DECLARE:
            return ruleswhist.declare(seen, legal)
        return ruleswhist.kitty_discard(seen, legal)
    if phase == Phase.TRUMP:
        return rulespitch.declare(seen, legal)
    return rulespitch.excess_discard(seen, legal)


def unseen_mask(seen: Seen) -> int:
    """Cards the seat has not held nor seen played or shown (see ``engine.bots.spot``)."""
    view = seen.view
    game_id = seen.game.id
    known = seen.hand | seen.played
    if game_id == "pitch52":
        for shown in view.get("excess_discards") or ():
            known |= mask_of_names(shown["cards"])
        return DECK_54 & ~known
    if game_id == "bidwhist":
        known |= mask_of_names(view.get("kitty")) | mask_of_names(view.get("discards"))
    return DECK_52 & ~known


def seats_after(seen: Seen) -> tuple[int, ...]:
    """Seats still to play to the current trick after this one, in turn."""
    n = seen.seats
    out: set[int] = set(seen.view.get("out") or ())
    played = set(seen.trick[1])
    return tuple(
        s for s in ((seen.seat + k) % n for k in range(1, n)) if s not in played and s not in out
    )


def make_spot(seen: Seen, legal: Sequence[Action]) -> Spot:
    assert seen.bidder is not None and seen.bid is not None
    cards = [a.card for a in legal if isinstance(a, Play)]
    return Spot(
        seat=seen.seat,
        hand=seen.hand,
        legal=cards,
        trick_seats=seen.trick[1],
        trick_cards=seen.trick[2],
        played=seen.played,
        unseen=unseen_mask(seen),
        rank=ranking(seen.game, seen.trump, seen.mode),
        seat_side=seen.seat_side,
        bidder=seen.bidder,
        bid=seen.bid,
        after=seats_after(seen),
    )


def play_card(seen: Seen, spot: Spot) -> int:
    game_id = seen.game.id
    if game_id == "auction45":
        return rules45.play(spot)
    if game_id == "bidwhist":
        return ruleswhist.play(spot)
    assert seen.trump is not None
    return rulespitch.play(spot, rulespitch.capture_values(seen.game, seen.trump))


def play_action(seen: Seen, legal: Sequence[Action]) -> Action:
    card = play_card(seen, make_spot(seen, legal))
    for action in legal:
        if isinstance(action, Play) and action.card == card:
            return action
    return legal[0]
