"""The computer-player contract and the helpers every bot shares.

Vocabulary: a *bot* picks one action for the seat to act. It is given that seat's *view* (the
JSON-ready dict of ``Hand.view(seat)``), the hand's ``legal_actions()`` and a random generator,
and nothing else: a bot cannot cheat because it never holds the state, only what the seat may
see. The *objective* of a bot is its side's score change for the hand minus the mean change of
the other sides, which is what a duplicate match measures.

Bots know the rules (a ``Game``, with its options) because options are public: a table shows
them to everybody. When no game is given, the view's game id with default options is used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from engine.rules import Action, Game, get_game

View = Mapping[str, Any]
T = TypeVar("T")


class Bot(Protocol):
    """A computer player: ``choose`` returns one of ``legal_actions``.

    Contract: the result depends only on ``view``, ``legal_actions`` and the draws made from
    ``rng`` (same inputs and same generator state give the same action); ``legal_actions`` is
    not empty.
    """

    name: str

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """The action to play now for ``view["seat"]``."""
        ...


def game_of(view: View, game: Game | None) -> Game:
    """The rules a bot plays by: ``game`` if given (it must match the view), else defaults.

    Raises:
        ValueError: ``game`` is for another game than the view.
    """
    if game is None:
        return get_game(str(view["game"]))
    if game.id != view["game"]:
        raise ValueError(f"a bot for {game.id} cannot play a hand of {view['game']}")
    return game


def objective(delta: Sequence[int], side: int) -> float:
    """What a bot maximises: its side's score change minus the others' mean change."""
    others = len(delta) - 1
    if others <= 0:
        return float(delta[side])
    return delta[side] - (sum(delta) - delta[side]) / others


def best_by(items: Sequence[T], key: Callable[[T], float]) -> T:
    """The first item with the highest ``key`` (first wins ties, so choices are stable)."""
    best = items[0]
    best_key = key(best)
    for item in items[1:]:
        k = key(item)
        if k > best_key:
            best, best_key = item, k
    return best


def first_legal(legal: Sequence[Action], wanted: Action) -> Action:
    """``wanted`` if it is among ``legal`` (compared by value), else the first legal action."""
    for action in legal:
        if action == wanted:
            return action
    return legal[0]
