"""Random pitch52 hands over random options and tables: invariants that must hold at every step
and at the end of every hand (docs/rules.md#pitch52). The legal actions listed and the actions
refused (#action-codes) are checked for every game in ``tests/engine/test_fast_paths.py``."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import (
    Call,
    get_game,
    replay_hand,
)
from engine.rules.cards import CARD_NAMES, parse_card, parse_cards
from engine.rules.pitch52 import Pitch52, Pitch52Hand
from engine.rules.pitch52.ranks import TRUMP_ORDER

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][SHDC]|BJ|LJ)(?![0-9A-Za-z])")
ALL_CARDS = (1 << 54) - 1
GAME_VALUE = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """A random valid option set: any table, any variant."""
    options: dict[str, Any] = {}
    players = draw(st.sampled_from([2, 3, 4, 4, 4, 5, 6]))
    if players != 4 or draw(st.booleans()):
        options["players"] = players
    if players == 4 and draw(st.booleans()):
        options["cutthroat"] = True
    if players == 6:
        options["six_player_teams"] = draw(st.sampled_from(["three_pairs", "two_trios"]))
    optional = {
        "min_bid": st.sampled_from([4, 5]),
        "dealer_hold": st.booleans(),
        "all_pass": st.sampled_from(["dealer_stuck", "redeal"]),
        "point_scheme": st.sampled_from(["high_low", "card"]),
        "count_three": st.booleans(),
        "low_to": st.sampled_from(["player", "captor"]),
        "rob": st.sampled_from(["bidder_then_partner", "bidder_all"]),
        "excess_trump_discard": st.sampled_from(["any", "non_point"]),
        "first_lead_restricted": st.booleans(),
        "target": st.sampled_from([11, 21, 52]),
    }
    for option, values in optional.items():
        if draw(st.booleans()):
            options[option] = draw(values)
    return options


def _game(options: dict[str, Any]) -> Pitch52:
    game = get_game("pitch52", options)
    assert isinstance(game, Pitch52)
    return game


def _snapshot(hand: Pitch52Hand) -> str:
    seats = [None, *range(hand.game.seating.seats)]
    return json.dumps([[hand.view(seat) for seat in seats], [str(a) for a in hand.history]])


def _public_cards(hand: Pitch52Hand) -> int:
    """Cards everybody may see: cards played and excess trumps laid face up."""
    view = hand.view(None)
    names = [play["card"] for trick in view["tricks"] for play in trick["plays"]]
    names += [play["card"] for play in view["trick"]]
    names += [c for discard in view["excess_discards"] for c in discard["cards"]]
    mask = 0
    for c in parse_cards(names):
        mask |= 1 << c
    return mask


def _check_views(hand: Pitch52Hand) -> None:
    public = _public_cards(hand)
    for seat in (None, *range(hand.game.seating.seats)):
        known = public
        if seat is not None:
            known |= hand.held(seat)
            for c in hand.deal.hands[seat]:
                known |= 1 << c
        text = json.dumps(hand.view(seat))
        shown = {parse_card(name) for name in CARD_TOKEN.findall(text)}
        leaked = [CARD_NAMES[c] for c in shown if not known >> c & 1]
        assert not leaked, f"seat {seat} sees {sorted(leaked)} in phase {hand.phase}"


def _expected_categories(hand: Pitch52Hand) -> dict[str, int | None]:
    """docs/rules.md#pitch52-points computed afresh from the public tricks."""
    game = hand.game
    side = game.seating.seat_side
    trump = hand.trump
    assert trump is not None
    suit = "SHDC"[trump]
    off_suit = {"S": "C", "C": "S", "H": "D", "D": "H"}[suit]
    played_by: dict[str, int] = {}
    captured_by: dict[str, int] = {}
    for trick in hand.view(None)["tricks"]:
        for play in trick["plays"]:
            played_by[play["card"]] = play["seat"]
            captured_by[play["card"]] = trick["winner"]
    order = [CARD_NAMES[c] for c in TRUMP_ORDER[trump] if CARD_NAMES[c] in played_by]
    low_to = captured_by if game.options.low_to == "captor" else played_by

    def won(name: str) -> int | None:
        return side[captured_by[name]] if name in captured_by else None

    cats: dict[str, int | None] = {}
    if game.options.point_scheme == "high_low":
        cats["high"] = side[played_by[order[0]]]
        cats["low"] = side[low_to[order[-1]]]
    else:
        cats["ace"] = won("A" + suit)
        cats["ten"] = won("T" + suit)
        two = "2" + suit
        cats["two"] = side[low_to[two]] if two in played_by else None
    cats["jack"] = won("J" + suit)
    cats["off_jack"] = won("J" + off_suit)
    cats["big_joker"] = won("BJ")
    cats["little_joker"] = won("LJ")
    if game.options.count_three:
        cats["three"] = won("3" + suit)
    if game.options.point_scheme == "high_low":
        totals = [0] * game.seating.sides
        for name, seat in captured_by.items():
            totals[side[seat]] += GAME_VALUE.get(name[0], 0) if name not in ("BJ", "LJ") else 0
        best = max(totals)
        cats["game"] = totals.index(best) if totals.count(best) == 1 else None
    return cats


def _check_result(hand: Pitch52Hand) -> None:
    game = hand.game
    result = hand.result
    assert result is not None
    if result.outcome == "redeal":
        assert game.options.all_pass == "redeal"
        assert all(a.call == "pass" for a in hand.history if isinstance(a, Call))
        assert result.made is None and set(result.delta) == {0}
        return
    assert result.outcome == "scored"
    contract = hand.contract
    assert contract is not None
    view = hand.view(None)
    seats = game.seating.seats
    # Every trump held when play began was played exactly once, and nothing else.
    assert result.hands_after_draw is not None
    start = [set(cards) for cards in result.hands_after_draw]
    assert all(len(cards) <= 6 for cards in start)
    played = [parse_card(p["card"]) for trick in view["tricks"] for p in trick["plays"]]
    assert len(played) == len(set(played)) == sum(len(cards) for cards in start)
    assert all(hand.held(seat) == 0 for seat in range(seats))
    discarded = [c for d in view["excess_discards"] for c in d["cards"]]
    assert len(played) + len(discarded) <= 16
    for trick in view["tricks"]:
        trick_seats = [p["seat"] for p in trick["plays"]]
        cards = parse_cards([p["card"] for p in trick["plays"]])
        assert trick_seats[0] == trick["leader"]
        clockwise = [(s - trick["leader"]) % seats for s in trick_seats]
        assert clockwise == sorted(set(clockwise))
        assert trick["winner"] == trick_seats[game.trick_winner(cards, hand.trump)]
        assert all(c in start[s] for s, c in zip(trick_seats, cards, strict=True))
    assert list(result.trick_winners) == [t["winner"] for t in view["tricks"]]
    # Points add up (docs/rules.md#pitch52-points) and score as docs/rules.md#pitch52-scoring says.
    categories = result.categories
    assert categories is not None and dict(categories) == _expected_categories(hand)
    values = game.scorer.values
    points = [0] * game.seating.sides
    for name, side in categories.items():
        if side is not None:
            points[side] += values[name]
    assert result.points is not None and list(result.points) == points
    assert sum(points) <= game.max_bid
    if game.options.point_scheme == "high_low":
        assert categories["high"] is not None and categories["low"] is not None
    bidding_side = game.seating.seat_side[contract.bidder]
    made = points[bidding_side] >= contract.bid
    assert result.made is made
    delta = list(points)
    if not made:
        delta[bidding_side] = -contract.bid
    assert list(result.delta) == delta
    assert list(result.scores_after) == [
        a + b for a, b in zip(hand.tally.scores, delta, strict=True)
    ]
    assert game.check_line(result.line, hand.tally) == result.score


@settings(derandomize=True, max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32), options=tables(), dealer=st.integers(0, 5), lead=st.integers(-20, 9)
)
def test_random_hands_keep_every_invariant(
    seed: int, options: dict[str, Any], dealer: int, lead: int
) -> None:
    rng = random.Random(seed)
    game = _game(options)
    seats = game.seating.seats
    scores = [lead] + [
        rng.randrange(0, min(game.target, 40)) for _ in range(game.seating.sides - 1)
    ]
    scores = [min(s, game.target - 1) for s in scores]
    hand = game.new_hand(dealer=dealer % seats, seed=seed, scores=scores)
    assert isinstance(hand, Pitch52Hand)
    limit = seats + 1 + (seats + 1) + 16
    copy_at = rng.randrange(limit)
    twin: Pitch52Hand | None = None
    steps = 0
    while hand.result is None:
        assert steps < limit, "the hand does not end"
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
    assert hand.legal_actions() == () and hand.to_act is None and hand.phase == "over"
    if twin is not None:
        assert _snapshot(twin) == _snapshot(hand)
    _check_result(hand)

    # Replaying the actions from the deal, or the JSON record, rebuilds the same hand.
    again = game.new_hand(dealer=hand.dealer, deal=hand.deal, tally=hand.tally)
    assert isinstance(again, Pitch52Hand)
    for action in hand.history:
        again.apply(action)
    assert _snapshot(again) == _snapshot(hand)
    rebuilt = replay_hand(json.loads(json.dumps(hand.record())))
    assert isinstance(rebuilt, Pitch52Hand)
    assert _snapshot(rebuilt) == _snapshot(hand)


@settings(derandomize=True, max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), options=tables())
def test_thousands_of_quick_hands_add_up(seed: int, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game = _game(options)
    seats = game.seating.seats
    for index in range(60):
        hand = game.new_hand(dealer=index % seats, seed=rng)
        assert isinstance(hand, Pitch52Hand)
        steps = 0
        while hand.result is None:
            legal = hand.legal_actions()
            assert len(legal) > 0
            hand.apply(legal[int(rng.random() * len(legal))])
            steps += 1
            assert steps <= seats + 1 + (seats + 1) + 16
        _check_result(hand)
