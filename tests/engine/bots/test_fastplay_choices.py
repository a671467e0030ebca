"""The search player decides as it did before the fast play path: the same choices, with the
same random generator, as a search whose playouts and exact search go through the engine
(``reference_play``, the path it replaced)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bots.base import objective
from engine.bots.mirror45 import Before45
from engine.bots.playout import Tracker
from engine.bots.search_bot import SearchBot
from engine.bots.seen import Seen
from engine.bots.worlds import World
from engine.rules import Action, Game, Phase, get_game
from tests.engine.bots.reference_play import engine_exact_value, engine_playout


class EngineSearchBot(SearchBot):
    """The search player with every playout and exact search on the engine's hands."""

    def _values(self, game: Game, seen: Seen, world: World, options: list[Action]) -> list[float]:
        side = seen.side
        cards_left = sum(h.bit_count() for h in world.holdings)
        exact = seen.phase == Phase.PLAY and cards_left <= self.exact_cards
        tracker = Tracker(seen, world.holdings) if seen.phase == Phase.PLAY and not exact else None
        values = []
        for action in options:
            hand = world.hand.copy()
            hand.apply(action)
            if exact:
                values.append(engine_exact_value(hand, seen.seat_side, side))
                continue
            follow = before = None
            if tracker is not None:
                follow = tracker.copy()
                follow.update(seen.seat, action.card)  # type: ignore[attr-defined]
            elif game.id == "auction45":
                before = Before45(game, world.holdings, world.kitty, seen.trump, seen.phase)
                before.observe(hand, action)
            values.append(objective(engine_playout(game, hand, follow, before), side))
        return values


CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("auction45", {}),
    ("auction45", {"players": 3}),
    ("bidwhist", {}),
    ("pitch52", {}),
    ("pitch52", {"players": 5}),
)


@pytest.mark.parametrize("game_id, options", CASES)
def test_the_search_chooses_as_with_the_engine_playouts(
    game_id: str, options: dict[str, Any]
) -> None:
    game = get_game(game_id, options)
    fast, engine = SearchBot(game, samples=24), EngineSearchBot(game, samples=24)
    compared = 0
    for seed in (11, 12):
        hand = game.new_hand(dealer=seed % game.seating.seats, seed=seed)
        step = 0
        while hand.result is None:
            seat = hand.to_act
            assert seat is not None
            view, legal = hand.view(seat), hand.legal_actions()
            choice = fast.choose(view, legal, random.Random(seed * 1000 + step))
            if len(legal) > 1 and hand.phase in fast.phases[game_id]:
                assert engine.choose(view, legal, random.Random(seed * 1000 + step)) == choice
                compared += 1
            hand.apply(choice)
            step += 1
    assert compared >= 10
