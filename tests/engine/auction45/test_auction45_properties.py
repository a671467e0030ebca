"""Random auction45 hands over random options: invariants that must hold at every step
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
    replay_hand,
)
from engine.rules.auction45 import Auction45, Auction45Hand
from engine.rules.cards import CARD_NAMES, cards_of

DECK = (1 << 52) - 1
CARD_TOKEN = re.compile(r"(?<![0-9A-Z])([2-9TJQKA][SHDC])(?![0-9A-Z])")
MAX_ACTIONS = 120


@st.composite
def option_sets(draw: st.DrawFn) -> dict[str, Any]:
    """Any valid option set of docs/rules.md#auction45-options (2, 3 and 5 players are
    cut-throat)."""
    options: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "kitty_size": st.sampled_from([4, 3, 0]),
                "kitty_taste": st.booleans(),
                "kitty_view_before_trump": st.booleans(),
                "kitty_rule": st.sampled_from(["free", "trumps_only"]),
                "go_on_kitty": st.booleans(),
                "min_bid": st.sampled_from([5, 10, 15, 20]),
                "thirty_for_sixty": st.booleans(),
                "sixty_for_120": st.sampled_from(["in_the_hole", "always", "never"]),
                "dealer_hold": st.booleans(),
                "auction_style": st.sampled_from(["duel", "open"]),
                "all_pass": st.sampled_from(["redeal", "dealer_stuck"]),
                "max_discard": st.sampled_from([5, 4]),
                "draw_packet_max": st.sampled_from([3, None]),
                "first_lead": st.sampled_from(["left_of_bidder", "bidder"]),
                "follow_nontrump": st.sampled_from(["free", "follow_or_trump"]),
                "renege": st.sampled_from(["five_jack", "five_jack_ah", "five_only", "none"]),
                "thirty_forces_trump_lead": st.booleans(),
                "nontrump_ace": st.sampled_from(["high", "low"]),
                "ten_as_face": st.booleans(),
                "target": st.sampled_from([120, 125]),
                "loss_line": st.sampled_from([-200, -120, None]),
                "set_limit": st.sampled_from([None, 3]),
                "consecutive_set_limit": st.sampled_from([None, 3]),
                "count_rule": st.sampled_from(["bidder_only", "made_a_bid", "bid_20", "none"]),
                "count_threshold": st.sampled_from([100, 90]),
                "count_hole_exception": st.booleans(),
            },
        )
    )
    players = draw(st.sampled_from([2, 3, 4, 4, 4, 5, 6, 6]))
    options["players"] = players
    if players in (4, 6):
        options["cutthroat"] = draw(st.booleans())
        if players == 6:
            options["six_player_teams"] = draw(st.sampled_from(["three_pairs", "two_trios"]))
    return options


def _new_hand(options: dict[str, Any], seed: int, dealer: int, scores: list[int]) -> Auction45Hand:
    game = get_game("auction45", options)
    assert isinstance(game, Auction45)
    tally = Tally.of(scores)
    if game.is_game_over(tally):
        tally = Tally.start(game.sides)
    hand = game.new_hand(dealer=dealer % game.seats, seed=seed, tally=tally)
    assert isinstance(hand, Auction45Hand)
    return hand


def _played(hand: Auction45Hand) -> int:
    mask = 0
    for _, cards, _ in hand.completed_tricks:
        for c in cards:
            mask |= 1 << c
    for c in hand.trick_cards:
        mask |= 1 << c
    return mask


def _kitty_taken(hand: Auction45Hand) -> bool:
    if hand.contract is None:
        return False
    if hand.phase != "declare":
        return True
    return hand.went_on_kitty or hand.game.options.kitty_view_before_trump


def _snapshot(hand: Auction45Hand) -> list[Any]:
    seats = hand.game.seats
    return [
        [hand.view(seat) for seat in (None, *range(seats))],
        [str(a) for a in hand.history],
        [hand.hand_mask(seat) for seat in range(seats)],
        hand.out_mask,
        hand.stock_left,
    ]


def _check_cards(hand: Auction45Hand) -> None:
    """Every card is in exactly one place: a hand, the kitty, the stock, out of play, or played."""
    places = [hand.hand_mask(seat) for seat in range(hand.game.seats)]
    places += [hand.out_mask, sum(1 << c for c in hand.stock_left), _played(hand)]
    if not _kitty_taken(hand):
        places.append(hand.kitty)
    union = 0
    for mask in places:
        assert not union & mask
        union |= mask
    assert union == DECK


def _check_views(hand: Auction45Hand) -> None:
    """A seat sees its own hand, the cards played and the taste card, nothing else
    (docs/rules.md#auction45-seen)."""
    visible_to_all = _played(hand)
    if hand.game.options.kitty_taste and hand.deal.kitty:
        visible_to_all |= 1 << hand.deal.kitty[-1]
    for seat in (None, *range(hand.game.seats)):
        allowed = visible_to_all | (hand.hand_mask(seat) if seat is not None else 0)
        shown = set(CARD_TOKEN.findall(json.dumps(hand.view(seat))))
        leaked = shown - {CARD_NAMES[c] for c in cards_of(allowed)}
        assert not leaked, f"seat {seat} sees {sorted(leaked)} in phase {hand.phase}"


def _check_result(hand: Auction45Hand) -> None:
    result = hand.result
    game = hand.game
    assert result is not None and hand.to_act is None and hand.legal_actions() == ()
    if result.outcome == "redeal":
        assert hand.contract is None and result.made is None
        assert result.delta == (0,) * game.sides
        assert game.options.all_pass == "redeal"
        return
    contract = hand.contract
    assert contract is not None and result.points is not None
    assert len(result.trick_winners) == 5 and all(hand.hand_mask(s) == 0 for s in range(game.seats))
    assert result.hands_after_draw is not None
    assert all(len(cards) == 5 for cards in result.hands_after_draw)
    tricks = [0] * game.sides
    for leader, cards, winner in hand.completed_tricks:
        assert len(cards) == game.seats
        assert winner == (leader + game.trick_winner(cards, hand.trump)) % game.seats
        tricks[game.seat_side[winner]] += 1
    no_trump = result.best_trump is None
    assert sum(result.points) == (25 if no_trump else 30)
    bonus = [0] * game.sides
    if not no_trump:
        assert hand.trump is not None
        order = game.rank_order(hand.trump, hand.trump)
        played = [c for _, cards, _ in hand.completed_tricks for c in cards]
        assert result.best_trump == min((c for c in played if c in order), key=order.index)
        bonus[result.extra["best_trump_side"]] = 5
    assert list(result.points) == [5 * t + b for t, b in zip(tricks, bonus, strict=True)]
    bidding_side = game.seat_side[contract.bidder]
    assert result.made == (result.points[bidding_side] >= min(contract.bid, 30))
    assert game.check_line(result.line, hand.tally) == result.score
    facts = {key: result.line[key] for key in ("bidder", "bid", "trump", "points")}
    facts["auction_max_bid"] = hand.auction.max_by_side
    assert game.score(facts, hand.tally) == result.score


@settings(derandomize=True, max_examples=90, deadline=None)
@given(
    options=option_sets(),
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 5),
    scores=st.lists(st.sampled_from([-190, -30, -5, 0, 40, 95, 100, 115]), min_size=6, max_size=6),
)
def test_random_hands_keep_every_invariant(
    options: dict[str, Any], seed: int, dealer: int, scores: list[int]
) -> None:
    rng = random.Random(seed)
    game = get_game("auction45", options)
    hand = _new_hand(options, seed, dealer, scores[: game.seating.sides])
    copy_at = rng.randrange(40)
    twin: Auction45Hand | None = None
    steps = 0
    while hand.result is None:
        assert steps < MAX_ACTIONS
        _check_cards(hand)
        _check_views(hand)
        legal = hand.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if steps == copy_at:
            twin = hand.copy()
        hand.apply(action)
        if twin is not None:
            twin.apply(action)
        steps += 1
    _check_views(hand)
    _check_result(hand)
    if twin is not None:
        assert _snapshot(twin) == _snapshot(hand)
    again = replay_hand(json.loads(json.dumps(hand.record())))
    assert isinstance(again, Auction45Hand)
    assert _snapshot(again) == _snapshot(hand)
    assert again.result == hand.result


@settings(derandomize=True, max_examples=60, deadline=None)
@given(options=option_sets(), seed=st.integers(0, 2**32))
def test_thousands_of_quick_hands_add_up(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    game = get_game("auction45", options)
    assert isinstance(game, Auction45)
    tally = Tally.start(game.sides)
    for index in range(60):
        if game.is_game_over(tally):
            tally = Tally.start(game.sides)
        hand = game.new_hand(dealer=index % game.seats, seed=rng, tally=tally)
        steps = 0
        while hand.result is None:
            legal = hand.legal_actions()
            assert len(legal) > 0 and steps < MAX_ACTIONS
            hand.apply(legal[int(rng.random() * len(legal))])
            steps += 1
        result = hand.result
        if result.outcome == "scored":
            assert result.points is not None
            assert sum(result.points) in (25, 30) and all(p % 5 == 0 for p in result.points)
            assert game.check_line(result.line, tally) == result.score
        else:
            assert game.check_line({"passed_out": True}, tally).delta == (0,) * game.sides
        assert [s + d for s, d in zip(tally.scores, result.delta, strict=True)] == list(
            result.scores_after
        )
        tally = result.score.tally_after
