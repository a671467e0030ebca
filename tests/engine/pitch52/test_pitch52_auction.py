"""The pitch52 auction (docs/rules.md#pitch52-bidding): one round from the dealer's left, dealer
last; hold; dealer stuck or redeal; the error codes of docs/rules.md#action-codes in their check
order."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import Call, IllegalActionError, NameTrump, Play, get_game
from engine.rules.pitch52 import Pitch52Hand


def _hand(options: dict[str, Any] | None = None, dealer: int = 0, seed: int = 5) -> Pitch52Hand:
    hand = get_game("pitch52", options or {}).new_hand(dealer=dealer, seed=seed)
    assert isinstance(hand, Pitch52Hand)
    return hand


def _calls(hand: Pitch52Hand, *texts: str) -> None:
    for text in texts:
        assert hand.to_act is not None
        hand.apply(Call(hand.to_act, text))


def _listed(hand: Pitch52Hand) -> list[str]:
    seat = hand.to_act
    listed = []
    for action in hand.legal_actions():
        assert isinstance(action, Call) and action.seat == seat
        listed.append(action.call)
    return listed


def _refusal(hand: Pitch52Hand, action: Any) -> str:
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(action)
    return refused.value.code


def test_the_auction_goes_round_once_from_the_dealers_left() -> None:
    hand = _hand(dealer=2)
    order = []
    while hand.phase == "auction":
        assert hand.to_act is not None
        order.append(hand.to_act)
        hand.apply(Call(hand.to_act, "pass" if len(order) < 4 else "4"))
    assert order == [3, 0, 1, 2]
    assert hand.contract is not None
    assert (hand.contract.bidder, hand.contract.bid) == (2, 4)
    assert hand.phase == "trump" and hand.to_act == 2


def test_calls_offered_before_and_after_a_bid() -> None:
    hand = _hand()
    assert _listed(hand) == ["pass", "4", "5", "6", "7", "8", "9", "10"]
    _calls(hand, "6")
    assert _listed(hand) == ["pass", "7", "8", "9", "10"]
    _calls(hand, "pass", "10")
    assert hand.to_act == 0
    assert _listed(hand) == ["pass", "hold"], "the dealer may hold a bid of 10"


def test_the_stuck_dealer_has_no_pass() -> None:
    hand = _hand()
    _calls(hand, "pass", "pass", "pass")
    assert _listed(hand) == ["4", "5", "6", "7", "8", "9", "10"]
    before = hand.view(None)
    assert _refusal(hand, Call(0, "pass")) == "dealer_must_bid"
    assert _refusal(hand, Call(0, "hold")) == "hold_not_allowed"
    assert hand.view(None) == before


def test_variants_change_what_is_offered() -> None:
    hand = _hand({"min_bid": 5, "count_three": False, "dealer_hold": False})
    assert _listed(hand) == ["pass", "5", "6", "7"]
    _calls(hand, "5", "pass", "pass")
    assert _listed(hand) == ["pass", "6", "7"], "no hold when dealer_hold is false"
    redeal = _hand({"all_pass": "redeal"})
    _calls(redeal, "pass", "pass", "pass")
    assert _listed(redeal)[0] == "pass"


def test_every_listed_call_is_legal_and_every_other_number_is_not() -> None:
    hand = _hand()
    _calls(hand, "7", "pass", "pass")
    listed = set(_listed(hand))
    for amount in range(0, 13):
        assert hand.is_legal(Call(0, str(amount))) == (str(amount) in listed), amount
    assert hand.is_legal(Call(0, "hold")) and hand.is_legal(Call(0, "pass"))


def test_hold_gives_the_dealer_the_bid_at_the_same_number() -> None:
    hand = _hand(dealer=1)
    _calls(hand, "5", "pass", "pass", "hold")
    assert hand.contract is not None
    assert (hand.contract.bidder, hand.contract.bid) == (1, 5)
    assert hand.view(3)["calls"] == [
        {"seat": 2, "call": "5"},
        {"seat": 3, "call": "pass"},
        {"seat": 0, "call": "pass"},
        {"seat": 1, "call": "hold"},
    ]
    assert hand.view(3)["contract"] == {"bidder": 1, "bid": 5}


def test_the_dealer_may_outbid_instead_of_holding() -> None:
    hand = _hand()
    _calls(hand, "5", "pass", "pass", "6")
    assert hand.contract is not None
    assert (hand.contract.bidder, hand.contract.bid) == (0, 6)


def test_the_high_bidder_wins_when_the_dealer_passes() -> None:
    hand = _hand()
    _calls(hand, "4", "6", "pass", "pass")
    assert hand.contract is not None
    assert (hand.contract.bidder, hand.contract.bid) == (2, 6)
    assert hand.legal_actions() == tuple(NameTrump(2, suit) for suit in range(4))


def test_everybody_passing_throws_the_hand_in_under_redeal() -> None:
    hand = _hand({"all_pass": "redeal"}, dealer=3)
    _calls(hand, "pass", "pass", "pass", "pass")
    assert hand.phase == "over" and hand.to_act is None and hand.contract is None
    assert hand.legal_actions() == ()
    result = hand.result
    assert result is not None and result.outcome == "redeal"
    assert result.made is None and result.delta == (0, 0)
    assert dict(result.line) == {"dealer": 3, "passed_out": True}
    assert _refusal(hand, Call(0, "4")) == "auction_over"


@pytest.mark.parametrize(
    ("calls", "bad", "code"),
    [
        ((), "11", "bad_bid"),
        ((), "0", "bad_bid"),
        ((), "four", "bad_bid"),
        ((), "", "bad_bid"),
        ((), "4.5", "bad_bid"),
        ((), "3", "bid_too_low"),
        (("6",), "6", "bid_too_low"),
        (("6",), "5", "bid_too_low"),
        ((), "hold", "hold_not_allowed"),
        (("pass", "pass", "pass"), "hold", "hold_not_allowed"),
        (("pass", "pass", "pass"), "pass", "dealer_must_bid"),
    ],
)
def test_refused_calls_change_nothing(calls: tuple[str, ...], bad: str, code: str) -> None:
    hand = _hand()
    _calls(hand, *calls)
    seat = hand.to_act
    assert seat is not None
    before = (hand.view(None), list(hand.history))
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(Call(seat, bad))
    assert refused.value.code == code
    assert "rules of the pitch auction)" in refused.value.message
    assert (hand.view(None), list(hand.history)) == before


def test_check_order_out_of_turn_then_wrong_phase() -> None:
    hand = _hand()
    assert _refusal(hand, Call(2, "11")) == "out_of_turn", "the seat is checked before the bid"
    assert _refusal(hand, Play(2, 0)) == "out_of_turn"
    assert _refusal(hand, Play(1, 0)) == "wrong_phase"
    assert _refusal(hand, NameTrump(1, 0)) == "wrong_phase"
    _calls(hand, "5", "pass", "pass", "pass")
    assert _refusal(hand, Call(1, "6")) == "auction_over"


def test_the_bid_counts_the_points_available() -> None:
    hand = _hand({"count_three": False})
    assert _refusal(hand, Call(1, "8")) == "bad_bid"
    _calls(hand, "7")
    assert _listed(hand) == ["pass"]


def test_six_players_bid_in_turn_and_the_dealer_holds() -> None:
    hand = _hand({"players": 6}, dealer=5)
    _calls(hand, "4", "5", "6", "pass", "pass")
    assert hand.to_act == 5
    assert "hold" in _listed(hand)
    _calls(hand, "hold")
    assert hand.contract is not None
    assert (hand.contract.bidder, hand.contract.bid) == (5, 6)
