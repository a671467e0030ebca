"""The fast play path (``engine.bots.fastplay``) against the engine, its reference: on random
deals, options and lines of play, the same legal cards at every step, the same score change
at the end, and the same exact value on small endings."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots.fastplay import FastPlay, fast_play
from engine.bots.fastplay.solver import exact_value
from engine.rules import Game, Hand, Phase, get_game
from engine.rules.cards import cards_of, mask_of
from tests.engine.bots.conftest import GAMES, game_with_random_options
from tests.engine.bots.reference_play import engine_exact_value

#: Every option that changes the play or its score, one variant each beside the defaults.
VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("auction45", {}),
    ("auction45", {"players": 2}),
    ("auction45", {"players": 3, "kitty_size": 3}),
    ("auction45", {"players": 5, "kitty_size": 0}),
    ("auction45", {"players": 6, "six_player_teams": "two_trios", "kitty_size": 0}),
    ("auction45", {"players": 6, "cutthroat": True, "kitty_size": 0}),
    ("auction45", {"players": 4, "cutthroat": True, "first_lead": "bidder"}),
    ("auction45", {"follow_nontrump": "follow_or_trump", "renege": "five_jack_ah"}),
    ("auction45", {"renege": "none", "nontrump_ace": "low", "ten_as_face": True}),
    ("auction45", {"renege": "five_only", "thirty_forces_trump_lead": False}),
    ("auction45", {"count_rule": "made_a_bid", "thirty_for_sixty": False, "min_bid": 5}),
    ("bidwhist", {}),
    ("bidwhist", {"kitty_book": "bidder", "scoring": "contract"}),
    ("bidwhist", {"no_trump_multiplier": 2, "boston_multiplier": 4, "min_bid": 1}),
    ("pitch52", {}),
    ("pitch52", {"players": 2}),
    ("pitch52", {"players": 3, "first_lead_restricted": False}),
    ("pitch52", {"players": 5, "point_scheme": "card"}),
    ("pitch52", {"players": 6, "six_player_teams": "two_trios", "low_to": "captor"}),
    ("pitch52", {"players": 4, "cutthroat": True, "count_three": False}),
)


def to_play(game: Game, rng: random.Random, seed: int) -> Hand | None:
    """A hand played by random legal actions up to its play phase (``None``: it ended
    before, thrown in)."""
    hand = game.new_hand(dealer=seed % game.seating.seats, seed=seed)
    while hand.result is None and hand.phase != Phase.PLAY:
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    return hand if hand.result is None else None


def engine_legal(hand: Hand) -> int:
    return mask_of(a.card for a in hand.legal_actions())  # type: ignore[attr-defined]


def check_play_through(hand: Hand, rng: random.Random) -> int:
    """Play ``hand`` to its end by random cards, a fast state alongside from the first card and
    one read afresh at every step; return the cards checked."""
    state: FastPlay = fast_play(hand)
    steps = 0
    while hand.result is None:
        legal = engine_legal(hand)
        assert state.to_act == hand.to_act
        assert state.legal() == legal
        assert fast_play(hand).legal() == legal
        assert state.cards_left() == fast_play(hand).cards_left()
        card = rng.choice(cards_of(legal))
        hand.apply(next(a for a in hand.legal_actions() if a.card == card))  # type: ignore[attr-defined]
        state.play(card)
        steps += 1
    assert state.to_act == -1
    assert state.delta() == hand.result.score.delta
    return steps


def check_deals(game: Game, seed: int, deals: int) -> int:
    rng = random.Random(seed)
    checked = 0
    for k in range(deals):
        hand = to_play(game, rng, seed + k)
        if hand is not None:
            checked += check_play_through(hand, rng)
    return checked


@pytest.mark.parametrize("game_id, options", VARIANTS)
def test_fast_play_follows_the_engine_in_every_variant(
    game_id: str, options: dict[str, Any]
) -> None:
    game = get_game(game_id, options)
    assert check_deals(game, 1000, 16) > 0


@pytest.mark.parametrize("game_id", GAMES)
@settings(derandomize=True, max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_fast_play_follows_the_engine_with_random_options(game_id: str, seed: int) -> None:
    game = game_with_random_options(game_id, random.Random(seed))
    check_deals(game, seed, 2)


def ending(hand: Hand, rng: random.Random, cards: int) -> Hand | None:
    """``hand`` played on by random cards until at most ``cards`` are left (``None``: over)."""
    while hand.result is None and fast_play(hand).cards_left() > cards:
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    return hand if hand.result is None else None


@pytest.mark.parametrize("game_id, options", VARIANTS)
def test_the_fast_exact_value_is_the_engines(game_id: str, options: dict[str, Any]) -> None:
    game = get_game(game_id, options)
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        start = to_play(game, rng, seed)
        hand = ending(start, rng, rng.randint(2, 8)) if start is not None else None
        if hand is None:
            continue
        seat_side = game.seating.seat_side
        for side in range(max(seat_side) + 1):
            fast = exact_value(fast_play(hand), side)
            assert fast == engine_exact_value(hand, seat_side, side)
        checked += 1
        if checked == 4:
            break
    assert checked >= 2
