"""The cheaper deal sampling produces the very worlds it did before: with the same random
generator, the same deals, holdings and kitty, and the generator left in the same state, for
every decision of seeded hands of the three games; so the search player chooses as before.

The path before is the worlds' modules with their per-decision memo turned off (``once``
works everything out again for each deal) and the reference ``fill`` (``reference_sampling``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.bots import dealing
from engine.bots.rule_bot import RuleBot
from engine.bots.search_bot import SearchBot
from engine.bots.seen import Seen, read_view
from engine.bots.worlds import World, auction45, bidwhist, pitch52, sample_world
from engine.rules import Game, Hand, get_game
from engine.rules.cards import cards_of
from tests.engine.bots.conftest import game_with_random_options, random_decisions
from tests.engine.bots.reference_sampling import reference_fill

WORLD_MODULES = (auction45, bidwhist, pitch52)

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("auction45", {}),
    ("auction45", {"players": 3}),
    ("auction45", {"players": 6}),
    ("auction45", {"kitty_rule": "trumps_only"}),
    ("bidwhist", {}),
    ("pitch52", {}),
    ("pitch52", {"players": 5}),
    ("pitch52", {"players": 6}),
)


def no_memo(seen: Seen, key: str, make: Callable[[], Any]) -> Any:
    """``once`` without the memo: everything worked out again for each deal."""
    return make()


@pytest.fixture
def before(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Call it to put the sampling path back as it was (no memo, the reference ``fill``)."""

    def switch() -> None:
        for module in WORLD_MODULES:
            monkeypatch.setattr(module, "once", no_memo)
            monkeypatch.setattr(module, "fill", reference_fill)

    return switch


def rule_decisions(game: Game, seed: int) -> Iterator[Hand]:
    """Every decision of one hand played by the rule bot (hands that reach the draw and the
    play as members' hands do)."""
    bot = RuleBot(game)
    rng = random.Random(seed)
    hand = game.new_hand(dealer=seed % game.seating.seats, seed=seed)
    while hand.result is None:
        yield hand
        seat = hand.to_act
        assert seat is not None
        hand.apply(bot.choose(hand.view(seat), hand.legal_actions(), rng))


def fingerprint(world: World | None) -> object:
    if world is None:
        return None
    return (world.hand.deal, world.holdings, world.kitty, world.hand.phase, world.hand.to_act)


def worlds_of(game: Game, views: list[dict[str, Any]], deals: int) -> list[object]:
    """For each view, ``deals`` worlds sampled on one ``Seen`` (per ``read_discards`` in
    auction45), and the generator's state after them."""
    out: list[object] = []
    for i, view in enumerate(views):
        seen = read_view(game, view)
        for read_discards in (False, True) if game.id == "auction45" else (False,):
            rng = random.Random(i)
            out.extend(fingerprint(sample_world(seen, rng, read_discards)) for _ in range(deals))
            out.append(rng.getstate())
    return out


def views_of(game: Game, seeds: range, decisions: Callable[[Game, int], Iterator[Hand]]) -> list:
    views = []
    for seed in seeds:
        for hand in decisions(game, seed):
            assert hand.to_act is not None
            views.append(hand.view(hand.to_act))
    return views


@pytest.mark.parametrize("game_id, options", CASES)
def test_the_worlds_are_the_same_as_before(
    game_id: str, options: dict[str, Any], before: Callable[[], None]
) -> None:
    game = get_game(game_id, options)
    views = views_of(game, range(3), rule_decisions) + views_of(game, range(2), random_decisions)
    now = worlds_of(game, views, 4)
    before()
    then = worlds_of(game, views, 4)
    assert now == then
    found = [w for w in now if isinstance(w, tuple) and len(w) == 5]
    assert len(found) >= len(views)  # worlds were found, not only refusals compared


@pytest.mark.parametrize("game_id", ("auction45", "bidwhist", "pitch52"))
def test_the_worlds_are_the_same_with_random_options(
    game_id: str, before: Callable[[], None]
) -> None:
    rng = random.Random(f"{game_id} sampling")
    games = [game_with_random_options(game_id, rng) for _ in range(4)]
    views = [views_of(g, range(2), rule_decisions) for g in games]
    now = [worlds_of(g, v, 3) for g, v in zip(games, views, strict=True)]
    before()
    assert now == [worlds_of(g, v, 3) for g, v in zip(games, views, strict=True)]


@pytest.mark.parametrize("game_id, options", CASES[::2])
def test_the_search_chooses_as_before(
    game_id: str, options: dict[str, Any], before: Callable[[], None]
) -> None:
    """The expert search (it reads the calls: a ``keep`` refuses deals) with the same
    generator makes the same choices."""
    game = get_game(game_id, options)
    bot = SearchBot(game, samples=12, budget=1500)
    decided = [
        (hand.view(hand.to_act), hand.legal_actions())
        for hand in rule_decisions(game, 5)
        if hand.to_act is not None and len(hand.legal_actions()) > 1
    ]

    def choices() -> list[object]:
        return [bot.choose(v, legal, random.Random(i)) for i, (v, legal) in enumerate(decided)]

    now = choices()
    before()
    assert now == choices()
    assert len(decided) >= 5


def test_cards_in_reads_masks_as_the_bit_loop() -> None:
    rng = random.Random(7)
    masks = [0, 1, 1 << 53, (1 << 54) - 1, 1 << 60 | 5]
    masks += [rng.getrandbits(rng.choice((8, 20, 54))) for _ in range(2000)]
    for mask in masks:
        assert dealing.cards_in(mask) == cards_of(mask)


def test_fill_deals_as_the_reference() -> None:
    """Random pools and constrained slots: the same masks and the generator in the same
    state, including when no deal is found."""
    rng = random.Random(3)
    empty = 0
    for trial in range(400):
        pool = sorted(rng.sample(range(52), rng.randint(4, 40)))
        slots = []
        left = len(pool)
        while left:
            cap = min(left, rng.randint(1, 10))
            mask = rng.getrandbits(52) if rng.random() < 0.6 else (1 << 52) - 1
            slots.append((cap, mask))
            left -= cap
        a, b = random.Random(trial), random.Random(trial)
        got = dealing.fill(pool, slots, a)
        assert got == reference_fill(pool, slots, b)
        assert a.getstate() == b.getstate()
        empty += got is None
    assert 0 < empty < 400


def test_the_memo_is_per_decision() -> None:
    """Each view read gives a fresh memo, and the memo plays no part in equality."""
    game = get_game("pitch52")
    hand = game.new_hand(dealer=0, seed=1)
    assert hand.to_act is not None
    view = hand.view(hand.to_act)
    first, second = read_view(game, view), read_view(game, view)
    first.memo["x"] = 1
    assert second.memo == {}
    assert first == second
