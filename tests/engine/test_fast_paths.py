"""Every game's fast listing of legal actions held to the plain rule, in one harness.

Each game lists the actions open to the seat to act by a fast path of its own (bit tricks,
tables built once, plays kept per seat). Random hands of every game, over a few variants and
many seeds, check at every decision that:

- every action listed passes ``Hand.check``, and in play the cards listed are exactly
  ``Game.legal_plays`` (the rule as a pure function) and exactly the cards ``check`` accepts;
- actions not listed (random ones of every kind, any seat, any card, and the cards of the seat
  to act that are not listed) are refused by ``check`` with a code of docs/rules.md#action-codes,
  and by ``apply`` with the same code, leaving the hand as it was.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import fields as dataclass_fields
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import (
    Action,
    Call,
    Declare,
    Discard,
    ExcessDiscard,
    GoKitty,
    Hand,
    IllegalActionError,
    KittyDiscard,
    NameTrump,
    Play,
    get_game,
)
from engine.rules.auction45 import Auction45Hand
from engine.rules.bidwhist import BidWhistHand
from engine.rules.cards import cards_of
from engine.rules.pitch52 import Pitch52Hand

#: The codes of docs/rules.md#action-codes every game can refuse an action with: the turn, the
#: phase, the cards held, the auction and trump.
COMMON_CODES = frozenset(
    {
        "out_of_turn",
        "wrong_phase",
        "not_in_hand",
        "bad_bid",
        "bid_too_low",
        "hold_not_allowed",
        "dealer_must_bid",
        "auction_over",
        "bad_trump",
        "bad_discard_count",
    }
)

#: Each game's own codes beside them.
CODES: dict[str, frozenset[str]] = {
    "auction45": COMMON_CODES
    | {
        "sixty_not_allowed",
        "go_kitty_not_allowed",
        "discard_limit",
        "stock_exhausted",
        "must_discard_lowest",
        "must_lead_trump",
        "must_play_trump",
        "must_follow_suit",
    },
    "bidwhist": COMMON_CODES | {"bad_mode", "must_follow_suit"},
    "pitch52": COMMON_CODES | {"cannot_discard_point", "trump_only", "first_lead_restricted"},
}

#: (game, options): the default table of each game and variants whose listing differs.
CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("auction45", {}),
    (
        "auction45",
        {"follow_nontrump": "follow_or_trump", "renege": "five_only", "nontrump_ace": "low"},
    ),
    (
        "auction45",
        {"players": 6, "thirty_forces_trump_lead": True, "kitty_rule": "trumps_only"},
    ),
    ("bidwhist", {}),
    ("bidwhist", {"min_bid": 1, "kitty_book": "bidder"}),
    ("pitch52", {}),
    ("pitch52", {"players": 6, "six_player_teams": "two_trios"}),
    (
        "pitch52",
        {
            "players": 3,
            "rob": "bidder_all",
            "excess_trump_discard": "non_point",
            "first_lead_restricted": False,
        },
    ),
)

CALL_WORDS = ("pass", "hold", "0", "1", "3", "4", "5", "7", "10", "11", "20", "30", "60", "x", "")
MODES = ("uptown", "downtown_aces_good", "downtown_aces_bad", "sideways", "nonsense")


# -- what each game exposes of a hand -----------------------------------------------------------
def held(hand: Hand, seat: int) -> int:
    """The mask of the cards ``seat`` holds now."""
    if isinstance(hand, Pitch52Hand):
        return hand.held(seat)
    assert isinstance(hand, Auction45Hand | BidWhistHand)
    return hand.hand_mask(seat)


def reference_plays(hand: Hand, seat: int) -> list[int]:
    """``Game.legal_plays`` for the seat to act: the rule, without the hand's fast path."""
    cards = cards_of(held(hand, seat))
    opening = not any(isinstance(a, Play) for a in hand.history)
    if isinstance(hand, Auction45Hand):
        game = hand.game
        bidder = hand.bidder
        assert hand.contract is not None and bidder is not None
        context = {
            "bid": hand.contract.bid,
            "opening_lead": opening,
            "bidding_side": game.seat_side[seat] == game.seat_side[bidder],
        }
        return game.legal_plays(cards, hand.trick_cards, hand.trump, None, context)
    if isinstance(hand, BidWhistHand):
        return hand.game.legal_plays(cards, hand.trick, hand.trump, hand.mode)
    assert isinstance(hand, Pitch52Hand)
    trick = hand.trick_cards
    return hand.game.legal_plays(cards, trick, hand.trump, None, {"opening_lead": opening})


# -- probes -------------------------------------------------------------------------------------
def random_action(rng: random.Random, hand: Hand) -> Action:
    """Any action of any game, mostly by the seat to act and of the kind it is offered."""
    seats = hand.game.seating.seats
    to_act = hand.to_act
    seat = to_act if to_act is not None and rng.random() < 0.7 else rng.randrange(-1, seats + 1)
    own = cards_of(held(hand, seat)) if 0 <= seat < seats else []
    pool = [*own, rng.randrange(-1, 56), rng.randrange(54)]
    cards = tuple(rng.choice(pool) for _ in range(rng.randrange(7)))
    makers: dict[type[Action], Callable[[], Action]] = {
        Call: lambda: Call(seat, rng.choice(CALL_WORDS)),
        GoKitty: lambda: GoKitty(seat),
        NameTrump: lambda: NameTrump(seat, rng.choice([0, 1, 2, 3, 4, -1, None])),
        Declare: lambda: Declare(seat, rng.choice([0, 1, 2, 3, 4, None]), rng.choice(MODES)),
        KittyDiscard: lambda: KittyDiscard(seat, cards),
        Discard: lambda: Discard(seat, cards),
        ExcessDiscard: lambda: ExcessDiscard(seat, cards),
        Play: lambda: Play(seat, rng.choice(pool)),
    }
    legal = hand.legal_actions()
    kind = type(legal[0]) if legal and rng.random() < 0.6 else rng.choice(list(makers))
    return makers.get(kind, makers[Play])()


def unlisted_plays(rng: random.Random, hand: Hand) -> Iterator[Action]:
    """A few plays by the seat to act of cards it holds but is not offered, and its offered
    actions made by the wrong seat."""
    seat = hand.to_act
    if seat is None:
        return
    legal = hand.legal_actions()
    listed = {a.card for a in legal if isinstance(a, Play)}
    others = [c for c in cards_of(held(hand, seat)) if c not in listed]
    for c in rng.sample(others, min(2, len(others))):
        yield Play(seat, c)
    if len(legal) > 0:
        offered = legal[rng.randrange(len(legal))]
        seats = hand.game.seating.seats
        yield replace(offered, seat=(seat + rng.randrange(1, seats)) % seats)


def _key(action: Action) -> tuple[Any, ...]:
    """An action whatever the order its cards are given in."""
    fields = {f.name: getattr(action, f.name) for f in dataclass_fields(action)}
    if "cards" in fields:
        fields["cards"] = tuple(sorted(fields["cards"]))
    return (type(action), *fields.items())


def _snapshot(hand: Hand) -> str:
    seats = (None, *range(hand.game.seating.seats))
    return json.dumps([[hand.view(s) for s in seats], [str(a) for a in hand.history]])


def _refusal(step: Callable[[Action], None], action: Action) -> str:
    try:
        step(action)
    except IllegalActionError as refused:
        return refused.code
    raise AssertionError(f"{action} was accepted")


# -- the checks ---------------------------------------------------------------------------------
def check_listing(rng: random.Random, hand: Hand) -> None:
    """What is listed is legal; in play, it is the rule's list of cards."""
    legal = hand.legal_actions()
    assert len(legal) > 0, f"nothing to do in phase {hand.phase}"
    sample = legal if len(legal) < 40 else [legal[rng.randrange(len(legal))] for _ in range(25)]
    for action in sample:
        assert action.seat == hand.to_act
        hand.check(action)
    if hand.phase == "play":
        seat = hand.to_act
        assert seat is not None and all(isinstance(a, Play) for a in legal)
        listed = [a.card for a in legal if isinstance(a, Play)]
        assert listed == reference_plays(hand, seat)
        assert listed == [c for c in range(54) if hand.is_legal(Play(seat, c))]


def check_unlisted_refused(rng: random.Random, hand: Hand) -> None:
    """What is not listed is refused, by ``check`` and ``apply`` alike, with a documented code;
    a refusal changes nothing."""
    before = _snapshot(hand)
    listed: set[tuple[Any, ...]] | None = None
    codes = CODES[hand.game.id]
    probes = [random_action(rng, hand) for _ in range(5)] + list(unlisted_plays(rng, hand))
    for action in probes:
        if hand.is_legal(action):
            if listed is None:
                listed = {_key(a) for a in hand.legal_actions()}
            assert _key(action) in listed, f"{action} is accepted but not listed"
            continue
        code = _refusal(hand.check, action)
        assert code in codes, f"{action}: {code}"
        assert _refusal(hand.apply, action) == code
    assert _snapshot(hand) == before


def _case_id(case: tuple[str, dict[str, Any]]) -> str:
    game, options = case
    return "-".join([game, *(f"{k}={v}" for k, v in options.items())])


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
@settings(derandomize=True, max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_fast_listing_is_the_rule(case: tuple[str, dict[str, Any]], seed: int) -> None:
    game_id, options = case
    game = get_game(game_id, options)
    rng = random.Random(seed)
    hand = game.new_hand(dealer=seed % game.seating.seats, seed=seed)
    steps = 0
    while hand.result is None:
        assert steps < 200, "the hand does not end"
        check_listing(rng, hand)
        check_unlisted_refused(rng, hand)
        legal: Sequence[Action] = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
        steps += 1
    assert hand.legal_actions() == () and hand.to_act is None
    check_unlisted_refused(rng, hand)
