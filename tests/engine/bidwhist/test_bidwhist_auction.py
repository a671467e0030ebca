"""The bid whist auction (docs/rules.md#bidwhist-bidding) and the action check order of
docs/rules.md#action-codes."""

from __future__ import annotations

import pytest

from engine.rules import Call, Declare, IllegalActionError, KittyDiscard, Play, get_game
from engine.rules.bidwhist import BidWhistHand
from engine.rules.errors import OptionError

GAME = get_game("bidwhist")


def _auction(
    calls: list[str], dealer: int = 3, options: dict[str, int] | None = None
) -> BidWhistHand:
    hand = get_game("bidwhist", options).new_hand(dealer=dealer, seed=11)
    assert isinstance(hand, BidWhistHand)
    for call in calls:
        assert hand.to_act is not None
        hand.apply(Call(hand.to_act, call))
    return hand


def _refusal(hand: BidWhistHand, call: str, seat: int | None = None) -> str:
    seat = hand.to_act if seat is None else seat
    assert seat is not None
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(Call(seat, call))
    assert refused.value.message
    return refused.value.code


@pytest.mark.parametrize(
    ("dealer", "calls", "bidder", "bid"),
    [
        (3, ["1", "2", "3", "4"], 3, 4),
        (3, ["3", "pass", "pass", "hold"], 3, 3),
        (1, ["pass", "4", "pass", "hold"], 1, 4),
        (0, ["pass", "pass", "pass", "1"], 0, 1),
        (0, ["7", "pass", "pass", "pass"], 1, 7),
        (0, ["2", "5", "pass", "pass"], 2, 5),
        (2, ["pass", "pass", "6", "7"], 2, 7),
        (2, [" 3 ", "PASS", "Pass", "Hold"], 2, 3),
        (2, ["03", "pass", "pass", "pass"], 3, 3),
    ],
)
def test_auctions_that_end_in_a_contract(
    dealer: int, calls: list[str], bidder: int, bid: int
) -> None:
    hand = _auction(calls, dealer)
    assert hand.contract is not None
    assert (hand.contract.bidder, hand.contract.bid) == (bidder, bid)
    assert hand.phase == "declare" and hand.to_act == bidder
    assert [seat for seat, _ in hand.calls] == [(dealer + 1 + i) % 4 for i in range(4)]
    assert hand.legal_actions()[0] == Declare(bidder, 0, "uptown")
    assert len(hand.legal_actions()) == 15


def test_calls_are_recorded_in_normal_form() -> None:
    hand = _auction([" 3 ", "PASS", "Pass", "Hold"], 2)
    assert [call for _, call in hand.calls] == ["3", "pass", "pass", "hold"]


@pytest.mark.parametrize(
    ("options", "calls", "bad", "code"),
    [
        ({}, [], "8", "bad_bid"),
        ({}, [], "0", "bad_bid"),
        ({}, [], "-1", "bad_bid"),
        ({}, [], "3.5", "bad_bid"),
        ({}, [], "", "bad_bid"),
        ({}, [], "three", "bad_bid"),
        ({}, [], "\u0663", "bad_bid"),
        ({}, ["2"], "2", "bid_too_low"),
        ({}, ["2"], "1", "bid_too_low"),
        ({}, ["5", "pass", "pass"], "5", "bid_too_low"),
        ({}, ["5", "pass", "pass"], "4", "bid_too_low"),
        ({}, [], "hold", "hold_not_allowed"),
        ({}, ["3", "pass"], "hold", "hold_not_allowed"),
        ({}, ["pass", "pass", "pass"], "hold", "hold_not_allowed"),
        ({}, ["pass", "pass", "pass"], "pass", "dealer_must_bid"),
        ({"min_bid": 3}, [], "2", "bid_too_low"),
        ({"min_bid": 4}, ["pass", "pass", "pass"], "3", "bid_too_low"),
        ({"min_bid": 4}, [], "9", "bad_bid"),
    ],
)
def test_refused_calls(options: dict[str, int], calls: list[str], bad: str, code: str) -> None:
    hand = _auction(calls, options=options)
    before = (list(hand.calls), hand.to_act, hand.high, list(hand.history))
    assert _refusal(hand, bad) == code
    assert (list(hand.calls), hand.to_act, hand.high, list(hand.history)) == before


def test_the_dealer_may_pass_only_when_somebody_bid() -> None:
    hand = _auction(["pass", "pass", "pass"])
    assert [c.call for c in hand.legal_actions() if isinstance(c, Call)] == [
        "1", "2", "3", "4", "5", "6", "7"
    ]  # fmt: skip
    hand = _auction(["pass", "4", "pass"])
    assert [c.call for c in hand.legal_actions() if isinstance(c, Call)] == [
        "pass", "hold", "5", "6", "7"
    ]  # fmt: skip
    hand.apply(Call(3, "pass"))
    assert hand.contract is not None and hand.contract.bidder == 1


@pytest.mark.parametrize(
    ("options", "calls", "legal"),
    [
        ({}, [], "pass 1 2 3 4 5 6 7"),
        ({"min_bid": 3}, [], "pass 3 4 5 6 7"),
        ({"min_bid": 2}, ["pass", "pass", "pass"], "2 3 4 5 6 7"),
        ({}, ["6"], "pass 7"),
        ({}, ["7"], "pass"),
        ({}, ["7", "pass", "pass"], "pass hold"),
    ],
)
def test_legal_calls(options: dict[str, int], calls: list[str], legal: str) -> None:
    hand = _auction(calls, options=options)
    actions = hand.legal_actions()
    assert [a.call for a in actions if isinstance(a, Call)] == legal.split()
    assert all(a.seat == hand.to_act for a in actions)
    assert all(hand.is_legal(a) for a in actions)


def test_every_call_outside_the_legal_list_is_refused() -> None:
    for calls in ([], ["4"], ["pass", "pass", "pass"], ["2", "pass", "pass"]):
        hand = _auction(calls)
        legal = {a.call for a in hand.legal_actions() if isinstance(a, Call)}
        assert hand.to_act is not None
        for call in ["pass", "hold", *map(str, range(0, 9))]:
            assert hand.is_legal(Call(hand.to_act, call)) == (call in legal)


def test_a_call_that_is_not_text_is_a_bad_bid() -> None:
    hand = _auction([])
    for call in (3, None, ["3"]):
        with pytest.raises(IllegalActionError) as refused:
            hand.apply(Call(0, call))  # type: ignore[arg-type]
        assert refused.value.code == "bad_bid"


def test_a_call_out_of_turn() -> None:
    hand = _auction(["3"])
    assert _refusal(hand, "4", seat=0) == "out_of_turn"
    assert _refusal(hand, "4", seat=7) == "out_of_turn"


def test_a_call_after_the_auction_is_auction_over_whatever_the_seat() -> None:
    hand = _auction(["3", "pass", "pass", "pass"])
    for seat in range(4):
        assert _refusal(hand, "4", seat=seat) == "auction_over"
        assert _refusal(hand, "bogus", seat=seat) == "auction_over"


def test_other_actions_during_the_auction() -> None:
    hand = _auction(["3"])
    assert hand.to_act == 1
    for action, code in [
        (Play(0, 0), "out_of_turn"),
        (Play(1, 0), "wrong_phase"),
        (Declare(1, 0, "uptown"), "wrong_phase"),
        (Declare(2, 0, "uptown"), "out_of_turn"),
        (KittyDiscard(1, (0, 1, 2, 3)), "wrong_phase"),
    ]:
        with pytest.raises(IllegalActionError) as refused:
            hand.check(action)
        assert refused.value.code == code


def test_min_bid_is_validated() -> None:
    with pytest.raises(OptionError):
        get_game("bidwhist", {"min_bid": 7})
