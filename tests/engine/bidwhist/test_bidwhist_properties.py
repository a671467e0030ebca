"""Random bid whist hands over random options: invariants that must hold at every step
(the legal actions listed and the actions refused: ``tests/engine/test_fast_paths.py``)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import (
    Tally,
    get_game,
)
from engine.rules.bidwhist import BidWhist, BidWhistHand
from engine.rules.cards import CARD_NAMES, cards_of

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "min_bid": st.sampled_from([1, 2, 3, 4]),
        "scoring": st.sampled_from(["books_over_six", "contract"]),
        "no_trump_multiplier": st.sampled_from([1, 2]),
        "boston_multiplier": st.sampled_from([1, 4]),
        "target": st.sampled_from([7, 21, 60]),
        "kitty_book": st.sampled_from(["first_trick_winner", "bidder"]),
    },
)
CARD_TOKEN = re.compile(r"(?<![0-9A-Z])([2-9TJQKA][SHDC])(?![0-9A-Z])")
MAX_ACTIONS = 4 + 1 + 1 + 48


def _new_hand(
    seed: int, options: dict[str, Any], dealer: int, lead: int, trail: int
) -> BidWhistHand:
    game = get_game("bidwhist", options)
    hand = game.new_hand(dealer=dealer, seed=seed, scores=[lead, trail])
    assert isinstance(hand, BidWhistHand)
    assert not game.is_game_over(hand.tally)
    return hand


def _snapshot(hand: BidWhistHand) -> list[Any]:
    return [hand.view(seat) for seat in (None, 0, 1, 2, 3)] + [list(hand.history)]


def _hidden_from(hand: BidWhistHand, seat: int | None) -> int:
    """Cards ``seat`` may not see now (docs/rules.md#bidwhist-seen)."""
    hidden = 0
    for other in range(4):
        if other != seat:
            hidden |= hand.hand_mask(other)
    bidder = hand.contract.bidder if hand.contract else None
    if seat is None or seat != bidder or not hand.declared:
        played = 0
        for _, cards, _ in hand.tricks:
            for c in cards:
                played |= 1 << c
        for c in hand.trick:
            played |= 1 << c
        hidden |= (hand.kitty_mask | hand.discard_mask) & ~played
    return hidden


def _check_views(hand: BidWhistHand) -> None:
    for seat in (None, 0, 1, 2, 3):
        text = json.dumps(hand.view(seat))
        shown = set(CARD_TOKEN.findall(text))
        leaked = shown & {CARD_NAMES[c] for c in cards_of(_hidden_from(hand, seat))}
        assert not leaked, f"seat {seat} sees {sorted(leaked)} in phase {hand.phase}"


@settings(derandomize=True, max_examples=70, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    options=OPTIONS,
    dealer=st.integers(0, 3),
    scores=st.tuples(st.integers(0, 6), st.integers(0, 6)),
)
def test_random_hands_keep_every_invariant(
    seed: int, options: dict[str, Any], dealer: int, scores: tuple[int, int]
) -> None:
    rng = random.Random(seed)
    hand = _new_hand(seed, options, dealer, *scores)
    copy_at = rng.randrange(MAX_ACTIONS)
    twin: BidWhistHand | None = None
    steps = 0
    while hand.result is None:
        assert steps < MAX_ACTIONS
        _check_views(hand)
        legal = hand.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if steps == copy_at:
            twin = hand.copy()
        hand.apply(action)
        if twin is not None:
            twin.apply(action)
        steps += 1
    assert steps == MAX_ACTIONS
    _check_views(hand)
    assert hand.legal_actions() == ()
    if twin is not None:
        assert _snapshot(twin) == _snapshot(hand)

    # replaying the history from the deal rebuilds the same state
    again = hand.game.new_hand(dealer=hand.dealer, deal=hand.deal, tally=hand.tally)
    assert isinstance(again, BidWhistHand)
    for action in hand.history:
        again.apply(action)
    assert _snapshot(again) == _snapshot(hand)

    result = hand.result
    game = hand.game
    assert isinstance(game, BidWhist)
    assert result.outcome == "scored" and result.books is not None
    assert sum(result.books) == 13 and len(result.trick_winners) == 12
    assert hand.contract is not None
    bidding_side = hand.contract.bidder % 2
    if game.options.kitty_book == "bidder":
        assert result.kitty_book_side == bidding_side
    else:
        assert result.kitty_book_side == result.trick_winners[0] % 2
    for leader, cards, winner in hand.tricks:
        assert winner == (leader + game.trick_winner(cards, hand.trump, hand.mode)) % 4
    assert result.made == (result.books[bidding_side] >= 6 + hand.contract.bid)
    assert game.check_line(result.line, hand.tally) == result.score
    facts = {key: result.line[key] for key in ("bidder", "bid", "trump", "books")}
    assert game.score(facts, hand.tally) == result.score
    discards = hand.view(hand.contract.bidder)["discards"]
    assert discards is not None and len(discards) == 4


def test_many_quick_hands_add_up() -> None:
    rng = random.Random(2024)
    for index in range(1500):
        options = {
            "scoring": rng.choice(["books_over_six", "contract"]),
            "kitty_book": rng.choice(["first_trick_winner", "bidder"]),
            "min_bid": rng.choice([1, 2, 3, 4]),
        }
        game = get_game("bidwhist", options)
        assert isinstance(game, BidWhist)
        hand = game.new_hand(dealer=index % 4, seed=rng)
        assert isinstance(hand, BidWhistHand)
        steps = 0
        while hand.result is None:
            legal = hand.legal_actions()
            hand.apply(legal[int(rng.random() * len(legal))])
            steps += 1
        assert steps == MAX_ACTIONS
        books = hand.result.books
        assert books is not None and sum(books) == 13
        assert sum(hand.tricks_won) == 12
        assert hand.contract is not None and hand.contract.bid >= game.options.min_bid
        assert game.check_line(hand.result.line, Tally.start(2)).delta == hand.result.delta
        assert all(hand.hand_mask(seat) == 0 for seat in range(4))
