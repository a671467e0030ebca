"""The auction45 auction (docs/rules.md#auction45-bidding): round 1, duel, open style, all-pass,
error codes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.rules import Call, IllegalActionError, get_game
from engine.rules.auction45 import Auction45Hand


def _hand(
    dealer: int = 3, options: dict[str, Any] | None = None, scores: Sequence[int] | None = None
) -> Auction45Hand:
    hand = get_game("auction45", options).new_hand(dealer=dealer, seed=11, scores=scores)
    assert isinstance(hand, Auction45Hand)
    return hand


def _call(hand: Auction45Hand, *calls: str) -> None:
    for call in calls:
        assert hand.to_act is not None
        hand.apply(Call(hand.to_act, call))


def _refused(hand: Auction45Hand, call: str, seat: int | None = None) -> IllegalActionError:
    before = (hand.phase, hand.to_act, list(hand.history), list(hand.auction.calls))
    who = hand.to_act if seat is None else seat
    assert who is not None
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(Call(who, call))
    assert (hand.phase, hand.to_act, list(hand.history), list(hand.auction.calls)) == before
    return refused.value


def _legal(hand: Auction45Hand) -> list[str]:
    return [a.call for a in hand.legal_actions() if isinstance(a, Call)]


# -- round 1 -------------------------------------------------------------------------------------
def test_round_one_starts_left_of_the_dealer_and_goes_clockwise() -> None:
    hand = _hand(dealer=1)
    seen = []
    for _ in range(3):
        seen.append(hand.to_act)
        _call(hand, "pass")
    assert seen == [2, 3, 0]
    assert hand.to_act == 1 and hand.phase == "auction"


def test_legal_calls_of_a_first_speaker() -> None:
    assert _legal(_hand()) == ["pass", "15", "20", "25", "30"]
    assert _legal(_hand(options={"min_bid": 5})) == ["pass", "5", "10", "15", "20", "25", "30"]
    assert _legal(_hand(options={"sixty_for_120": "always"}))[-1] == "60"
    assert "60" in _legal(_hand(scores=[-5, 0]))
    assert "60" not in _legal(_hand(scores=[0, -5]))


def test_the_dealer_may_hold_or_outbid_but_a_non_dealer_may_not_hold() -> None:
    hand = _hand()
    _call(hand, "20")
    assert _legal(hand) == ["pass", "25", "30"]
    _call(hand, "pass", "pass")
    assert _legal(hand) == ["pass", "hold", "25", "30"]
    assert _refused(hand, "20").code == "bid_too_low"


def test_each_listed_call_is_accepted_and_others_refused() -> None:
    hand = _hand(scores=[-10, -10])
    _call(hand, "20", "pass", "pass")
    listed = set(_legal(hand))
    for call in ["pass", "hold", "5", "15", "20", "25", "30", "35", "60", "65", "x"]:
        assert hand.is_legal(Call(3, call)) == (call in listed), call


def test_a_dealer_who_passes_gives_the_contract_to_the_high_bidder() -> None:
    hand = _hand()
    _call(hand, "15", "20", "pass", "pass")
    assert hand.phase == "declare"
    assert hand.contract is not None
    assert (hand.contract.bidder, hand.contract.bid) == (1, 20)
    assert hand.to_act == 1


def test_a_dealer_who_bids_over_nobody_wins_at_once() -> None:
    hand = _hand()
    _call(hand, "pass", "pass", "pass", "25")
    assert hand.contract is not None and (hand.contract.bidder, hand.contract.bid) == (3, 25)


# -- the duel ------------------------------------------------------------------------------------
def test_seed_003_example() -> None:
    hand = _hand()
    _call(hand, "15", "pass", "20", "hold")
    assert hand.to_act == 2
    assert hand.auction.challenger == 2
    assert _legal(hand) == ["pass", "25", "30"]
    _call(hand, "25")
    assert hand.to_act == 3 and _legal(hand) == ["pass", "hold", "30"]
    _call(hand, "pass")
    assert hand.contract is not None and (hand.contract.bidder, hand.contract.bid) == (2, 25)


def test_in_the_duel_the_other_seats_are_out() -> None:
    hand = _hand()
    _call(hand, "15", "pass", "20", "hold")
    refused = _refused(hand, "25", seat=0)
    assert refused.code == "out_of_turn"
    # seat 2 is to act; people count seats from 1
    assert refused.message == "seat 1 called but it is seat 3's turn to call"


def test_the_challenger_may_not_hold() -> None:
    hand = _hand()
    _call(hand, "15", "pass", "20", "hold")
    refused = _refused(hand, "hold")
    assert refused.code == "hold_not_allowed" and "only the dealer" in refused.message


def test_the_duel_goes_on_until_a_pass() -> None:
    hand = _hand(dealer=0)
    _call(hand, "15", "pass", "20", "25", "30", "hold")
    assert hand.phase == "auction" and hand.to_act == 3
    assert _legal(hand) == ["pass"]
    _call(hand, "pass")
    assert hand.contract is not None and (hand.contract.bidder, hand.contract.bid) == (0, 30)


def test_the_dealer_may_hold_his_partners_bid() -> None:
    hand = _hand()
    _call(hand, "pass", "20", "pass", "hold", "pass")
    assert hand.contract is not None and hand.contract.bidder == 3


def test_a_60_bid_from_the_hole_can_be_held_only_by_a_dealer_in_the_hole() -> None:
    hand = _hand(scores=[-30, 50])
    _call(hand, "60", "pass", "pass")
    refused = _refused(hand, "hold")
    assert refused.code == "sixty_not_allowed" and "sixty_for_120" in refused.message
    assert _legal(hand) == ["pass"]
    both = _hand(scores=[-30, -5])
    _call(both, "60", "pass", "pass", "hold", "pass")
    assert both.contract is not None and (both.contract.bidder, both.contract.bid) == (3, 60)


# -- the open style ------------------------------------------------------------------------------
def test_open_style_goes_round_the_seats_that_have_not_passed() -> None:
    hand = _hand(options={"auction_style": "open"})
    _call(hand, "15", "20", "pass", "hold")
    assert hand.to_act == 0
    _call(hand, "25")
    assert hand.to_act == 1
    _call(hand, "pass")
    assert hand.to_act == 3 and "hold" in _legal(hand)
    _call(hand, "hold")
    assert hand.to_act == 0
    _call(hand, "pass")
    assert hand.contract is not None and (hand.contract.bidder, hand.contract.bid) == (3, 25)


def test_open_style_ends_when_all_but_the_high_bidder_passed_in_round_one() -> None:
    hand = _hand(options={"auction_style": "open"})
    _call(hand, "pass", "20", "pass", "pass")
    assert hand.contract is not None and (hand.contract.bidder, hand.contract.bid) == (1, 20)


# -- everybody passes ----------------------------------------------------------------------------
def test_all_pass_throws_the_hand_in() -> None:
    hand = _hand()
    _call(hand, "pass", "pass", "pass", "pass")
    assert hand.phase == "over" and hand.to_act is None and hand.contract is None
    assert hand.result is not None and hand.result.outcome == "redeal"
    assert hand.result.made is None and hand.result.delta == (0, 0)
    assert hand.result.line == {"dealer": 3, "passed_out": True}
    assert hand.legal_actions() == ()
    assert hand.result.score.scores_after == hand.tally.scores


def test_dealer_stuck_must_bid() -> None:
    hand = _hand(options={"all_pass": "dealer_stuck"})
    _call(hand, "pass", "pass", "pass")
    assert _legal(hand) == ["15", "20", "25", "30"]
    refused = _refused(hand, "pass")
    assert refused.code == "dealer_must_bid" and "dealer_stuck" in refused.message
    _call(hand, "15")
    assert hand.contract is not None and hand.contract.bidder == 3


def test_under_dealer_stuck_the_dealer_may_still_pass_over_a_bid() -> None:
    hand = _hand(options={"all_pass": "dealer_stuck"})
    _call(hand, "pass", "15", "pass", "pass")
    assert hand.contract is not None and hand.contract.bidder == 1


# -- the codes and their order -------------------------------------------------------------------
@pytest.mark.parametrize("call", ["17", "35", "0", "65", "twenty", "", "+20", "20.0", "-5", "²"])
def test_bad_bids(call: str) -> None:
    refused = _refused(_hand(), call)
    assert refused.code == "bad_bid" and "(rules of the 45s auction)" in refused.message


def test_sixty_under_never_is_a_bad_bid_even_in_the_hole() -> None:
    assert (
        _refused(_hand(options={"sixty_for_120": "never"}, scores=[-50, 0]), "60").code == "bad_bid"
    )


@pytest.mark.parametrize(
    ("options", "before", "call"),
    [({}, (), "10"), ({"min_bid": 20}, (), "15"), ({}, ("25",), "20"), ({}, ("25",), "25")],
)
def test_bids_too_low(options: dict[str, Any], before: tuple[str, ...], call: str) -> None:
    hand = _hand(options=options)
    _call(hand, *before)
    assert _refused(hand, call).code == "bid_too_low"


def test_sixty_needs_the_callers_side_in_the_hole() -> None:
    refused = _refused(_hand(scores=[0, -20]), "60")
    assert refused.code == "sixty_not_allowed" and "in_the_hole" in refused.message
    hand = _hand(scores=[0, -20])
    _call(hand, "pass", "60")
    assert hand.auction.high == 60


def test_sixty_is_checked_after_bid_too_low() -> None:
    hand = _hand(scores=[-10, 0])
    _call(hand, "60")
    assert _refused(hand, "60").code == "bid_too_low"


@pytest.mark.parametrize(
    ("options", "before", "words"),
    [
        ({}, ("15",), "only the dealer"),
        ({}, ("pass", "pass", "pass"), "no bid"),
        ({"dealer_hold": False}, ("15", "pass", "pass"), "dealer_hold"),
    ],
)
def test_hold_not_allowed(options: dict[str, Any], before: tuple[str, ...], words: str) -> None:
    hand = _hand(options=options)
    _call(hand, *before)
    refused = _refused(hand, "hold")
    assert refused.code == "hold_not_allowed" and words in refused.message


def test_calls_after_the_auction_are_auction_over() -> None:
    hand = _hand()
    _call(hand, "15", "pass", "pass", "pass")
    for seat in range(4):
        assert _refused(hand, "20", seat=seat).code == "auction_over"


def test_a_call_out_of_turn() -> None:
    hand = _hand()
    assert _refused(hand, "15", seat=2).code == "out_of_turn"
    assert _refused(hand, "pass", seat=9).code == "out_of_turn"


def test_calls_are_read_case_insensitively() -> None:
    hand = _hand()
    _call(hand, "PASS", " 20 ", "Pass", "HOLD")
    assert hand.to_act == 1
    assert hand.auction.high == 20 and hand.auction.high_seat == 3


def test_the_highest_call_of_each_side_is_kept_for_the_count_rule() -> None:
    hand = _hand()
    _call(hand, "15", "20", "pass", "hold", "25", "pass")
    assert hand.auction.max_by_side == [15, 25]
    assert hand.auction.calls == [
        (0, "15"),
        (1, "20"),
        (2, "pass"),
        (3, "hold"),
        (1, "25"),
        (3, "pass"),
    ]


def test_cutthroat_three_players() -> None:
    hand = _hand(dealer=2, options={"players": 3})
    _call(hand, "15", "20", "hold", "25", "hold", "30", "pass")
    assert hand.contract is not None and (hand.contract.bidder, hand.contract.bid) == (1, 30)
    assert hand.auction.max_by_side == [15, 30, 25]
