"""Random auction45 hands over random options: invariants that must hold at every step."""

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
    Discard,
    GoKitty,
    IllegalActionError,
    KittyDiscard,
    NameTrump,
    Play,
    Tally,
    get_game,
    replay_hand,
)
from engine.rules.auction45 import Auction45, Auction45Hand
from engine.rules.cards import CARD_NAMES, cards_of

DECK = (1 << 52) - 1
CODES = {
    "out_of_turn",
    "wrong_phase",
    "not_in_hand",
    "bad_bid",
    "bid_too_low",
    "hold_not_allowed",
    "sixty_not_allowed",
    "dealer_must_bid",
    "auction_over",
    "bad_trump",
    "go_kitty_not_allowed",
    "bad_discard_count",
    "discard_limit",
    "stock_exhausted",
    "must_discard_lowest",
    "must_lead_trump",
    "must_play_trump",
    "must_follow_suit",
}
CARD_TOKEN = re.compile(r"(?<![0-9A-Z])([2-9TJQKA][SHDC])(?![0-9A-Z])")
MAX_ACTIONS = 120
#: The kind of random action that fits each phase (see ``_random_action``).
PHASE_KIND = {"auction": 0, "declare": 2, "kitty_discard": 3, "draw": 4, "play": 5}


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


def _random_action(rng: random.Random, hand: Auction45Hand) -> Action:
    seats = hand.game.seats
    seat = (
        hand.to_act
        if hand.to_act is not None and rng.random() < 0.7
        else rng.randrange(-1, seats + 1)
    )
    kind = rng.randrange(7)
    if rng.random() < 0.6:
        kind = PHASE_KIND.get(hand.phase, kind)
    if kind == 0:
        words = ["pass", "hold", "0", "5", "15", "20", "25", "30", "35", "60", "x", ""]
        return Call(seat, rng.choice(words))
    if kind == 1:
        return GoKitty(seat)
    if kind == 2:
        return NameTrump(seat, rng.choice([0, 1, 2, 3, 4, -1]))
    own = cards_of(hand.hand_mask(seat)) if 0 <= seat < seats else []
    pool = own + [rng.randrange(52) for _ in range(3)]
    cards = tuple(rng.choice(pool) for _ in range(rng.randrange(6)))
    if kind == 3:
        return KittyDiscard(seat, cards)
    if kind == 4:
        return Discard(seat, cards)
    return Play(seat, rng.choice([*own, rng.randrange(-1, 54)]))


def _probe_illegal(rng: random.Random, hand: Auction45Hand) -> None:
    before = _snapshot(hand)
    legal = list(hand.legal_actions())
    for _ in range(5):
        action = _random_action(rng, hand)
        if hand.is_legal(action):
            assert action in legal, f"{action} is accepted but not listed"
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


def _check_listed(rng: random.Random, hand: Auction45Hand) -> None:
    legal = hand.legal_actions()
    assert len(legal) > 0
    sample = legal if len(legal) < 40 else [legal[rng.randrange(len(legal))] for _ in range(25)]
    for action in sample:
        hand.check(action)
    if hand.phase == "play":
        seat = hand.to_act
        assert seat is not None
        listed = [a.card for a in legal if isinstance(a, Play)]
        assert listed == [c for c in range(52) if hand.is_legal(Play(seat, c))]
        assert listed == hand.game.legal_plays(
            cards_of(hand.hand_mask(seat)),
            hand.trick_cards,
            hand.trump,
            None,
            {
                "bid": hand.contract.bid if hand.contract else 0,
                "opening_lead": not hand.history or not isinstance(hand.history[-1], Play),
                "bidding_side": hand.game.seat_side[seat] == hand.game.seat_side[hand.bidder or 0],
            },
        )


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
        _check_listed(rng, hand)
        _probe_illegal(rng, hand)
        legal = hand.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if steps == copy_at:
            twin = hand.copy()
        hand.apply(action)
        if twin is not None:
            twin.apply(action)
        steps += 1
    _check_views(hand)
    _probe_illegal(rng, hand)
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
