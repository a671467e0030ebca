"""Random bid whist hands over random options: invariants that must hold at every step."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import (
    Action,
    Call,
    Declare,
    Discard,
    ExcessDiscard,
    GoKitty,
    IllegalActionError,
    KittyDiscard,
    NameTrump,
    Play,
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
CODES = {
    "out_of_turn",
    "wrong_phase",
    "not_in_hand",
    "bad_bid",
    "bid_too_low",
    "hold_not_allowed",
    "dealer_must_bid",
    "auction_over",
    "bad_trump",
    "bad_mode",
    "bad_discard_count",
    "must_follow_suit",
}
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


def _random_action(rng: random.Random, hand: BidWhistHand) -> Action:
    seat = hand.to_act if hand.to_act is not None and rng.random() < 0.6 else rng.randrange(-1, 6)
    kind = rng.randrange(8)
    if kind == 0:
        return Call(seat, rng.choice(["pass", "hold", "0", "1", "4", "7", "8", "x", ""]))
    if kind == 1:
        mode = rng.choice(["uptown", "downtown_aces_good", "downtown_aces_bad", "sideways"])
        return Declare(seat, rng.choice([0, 1, 2, 3, None, 4, -1]), mode)
    if kind == 2:
        return KittyDiscard(seat, tuple(rng.randrange(54) for _ in range(rng.randrange(7))))
    if kind == 3:
        return GoKitty(seat)
    if kind == 4:
        return NameTrump(seat, rng.randrange(4))
    if kind == 5:
        return rng.choice([Discard(seat, ()), ExcessDiscard(seat, (rng.randrange(52),))])
    return Play(seat, rng.randrange(-1, 55))


def _is_listed(hand: BidWhistHand, action: Action) -> bool:
    legal = hand.legal_actions()
    if isinstance(action, KittyDiscard):
        # Membership in 1,820 lazy choices: a subset of four of the bidder's sixteen cards.
        mask = sum(1 << c for c in set(action.cards))
        return (
            action.seat == hand.to_act
            and hand.phase == "discard"
            and len(action.cards) == len(set(action.cards)) == 4
            and mask & hand.hand_mask(action.seat) == mask
        )
    return action in legal


def _probe_illegal(rng: random.Random, hand: BidWhistHand) -> None:
    before = _snapshot(hand)
    for _ in range(4):
        action = _random_action(rng, hand)
        if hand.is_legal(action):
            assert _is_listed(hand, action), f"{action} is accepted but not listed"
            continue
        try:
            hand.check(action)
        except IllegalActionError as refused:
            code = refused.code
        assert code in CODES
        try:
            hand.apply(action)
        except IllegalActionError as refused:
            assert refused.code == code
        else:
            raise AssertionError(f"{action} was applied after check refused it")
    assert _snapshot(hand) == before


def _check_listed_actions_are_legal(rng: random.Random, hand: BidWhistHand) -> None:
    legal = hand.legal_actions()
    assert len(legal) > 0
    sample = legal if len(legal) < 40 else [legal[rng.randrange(len(legal))] for _ in range(25)]
    for action in sample:
        hand.check(action)
    if hand.phase == "play":
        seat = hand.to_act
        assert seat is not None
        listed = {a.card for a in legal if isinstance(a, Play)}
        assert listed == {c for c in range(52) if hand.is_legal(Play(seat, c))}


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
        _check_listed_actions_are_legal(rng, hand)
        _probe_illegal(rng, hand)
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
    _probe_illegal(rng, hand)
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
