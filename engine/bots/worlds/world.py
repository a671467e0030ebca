"""A sampled world and the replay that checks it.

A *world* is a full hand (``Hand``) that a seat cannot tell from the real one: its own cards,
every public fact and every card played are the same; the cards hidden from it are guessed. It
is built the way a record is replayed (``engine.rules.records``): an explicit ``Deal`` and the
actions, applied through ``Game.new_hand(deal=...)`` and ``Hand.apply``, so the engine itself
checks the guess; a guess is kept only if the seat's view of it is the real view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.bots.dealing import cards_in
from engine.bots.seen import Seen
from engine.rules import Action, Deal, Hand, Play, RulesError, Tally


@dataclass(slots=True)
class World:
    """A sampled hand at the seat's decision, every seat's cards in it and its kitty."""

    hand: Hand
    holdings: list[int]
    kitty: int = 0


#: A test a sampled deal must pass before it is replayed: ``keep(deal, holdings)``, with every
#: seat's cards at the decision (the search bot's reading of the others' calls and cards).
Keep = Callable[[Deal, list[int]], bool]

T = TypeVar("T")


def replay(
    seen: Seen,
    deal: Deal,
    actions: Sequence[Action],
    holdings: list[int],
    kitty: int = 0,
    keep: Keep | None = None,
) -> World | None:
    """The world of ``deal`` after ``actions``, or ``None`` if ``keep`` refuses the deal, the
    engine refuses an action or the seat would see anything different from its real view."""
    if keep is not None and not keep(deal, holdings):
        return None
    try:
        hand = seen.game.new_hand(dealer=seen.dealer, deal=deal, tally=Tally.of(seen.scores))
        for action in actions:
            hand.apply(action)
    except (RulesError, ValueError):
        return None
    if hand.phase != seen.phase or hand.to_act != seen.to_act:
        return None
    if hand.view(seen.seat) != seen.view:
        return None
    return World(hand, holdings, kitty)


def once(seen: Seen, key: str, make: Callable[[], T]) -> T:
    """``make()``, worked out once per decision: what depends only on ``seen`` is the same for
    every deal sampled at it, so it is kept in ``seen.memo`` under ``key``."""
    memo = seen.memo
    if key not in memo:
        memo[key] = make()
    return memo[key]  # type: ignore[no-any-return]


def plays(seen: Seen) -> list[Action]:
    """Every card played so far, in order, as actions."""
    return [
        Play(s, c)
        for _, seats, cards, _ in (*seen.tricks, seen.trick)
        for s, c in zip(seats, cards, strict=True)
    ]


def shuffled(mask: int, rng: random.Random) -> list[int]:
    cards = cards_in(mask)
    rng.shuffle(cards)
    return cards
