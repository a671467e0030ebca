"""One auction45 hand phase by phase (docs/rules.md#auction45-kitty to #auction45-scoring,
#auction45-seen, #action-codes), from explicit deals."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.rules import (
    Action,
    Call,
    Deal,
    Discard,
    GoKitty,
    IllegalActionError,
    KittyDiscard,
    NameTrump,
    Play,
    action_from_dict,
    get_game,
    parse_action,
    parse_cards,
    replay_hand,
)
from engine.rules.auction45 import Auction45Hand
from engine.rules.auction45.draw import draw_packets
from engine.rules.cards import CARD_NAMES, card_names, cards_of, mask_of

ALL = [r + s for s in "SHDC" for r in "23456789TJQKA"]
S, H, D, C = range(4)


def _deal(hands: list[str], kitty: str = "", stock_top: str = "") -> Deal:
    used = " ".join([*hands, kitty, stock_top]).split()
    rest = [c for c in ALL if c not in used]
    return Deal(
        tuple(parse_cards(h) for h in hands),
        parse_cards(kitty),
        parse_cards(stock_top.split() + rest),
    )


def _start(
    deal: Deal, dealer: int = 3, scores: list[int] | None = None, **options: Any
) -> Auction45Hand:
    hand = get_game("auction45", options).new_hand(dealer=dealer, deal=deal, scores=scores)
    assert isinstance(hand, Auction45Hand)
    return hand


def _apply(hand: Auction45Hand, *actions: Action) -> None:
    for action in actions:
        hand.apply(action)


def _calls(hand: Auction45Hand, *calls: str) -> None:
    for call in calls:
        assert hand.to_act is not None
        hand.apply(Call(hand.to_act, call))


def _cards(mask: int) -> str:
    return " ".join(card_names(cards_of(mask)))


def _snapshot(hand: Auction45Hand) -> str:
    views = [hand.view(seat) for seat in (None, *range(hand.game.seats))]
    return json.dumps([views, [str(a) for a in hand.history], hand.out_mask, hand.stock_left])


def _refuse(hand: Auction45Hand, action: Action, code: str) -> IllegalActionError:
    before = _snapshot(hand)
    assert not hand.is_legal(action)
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(action)
    assert refused.value.code == code, refused.value
    assert _snapshot(hand) == before
    return refused.value


def _discard(seat: int, cards: str = "") -> Discard:
    return Discard(seat, parse_cards(cards))


def _kitty(seat: int, cards: str) -> KittyDiscard:
    return KittyDiscard(seat, parse_cards(cards))


def _play(seat: int, card: str) -> Play:
    return Play(seat, parse_cards(card)[0])


# The F1 deal of the vectors: seat 0 holds the top spades and bids 30.
TOP = _deal(["5S JS AH AS KS", "QS 7D 8D 9D TD", "2C 3C 4C 6C 7C", "8C 9C TC JC QC"], "2H 3H 4H 6H")


def _after_auction(bid: str = "20", **options: Any) -> Auction45Hand:
    hand = _start(TOP, **options)
    _calls(hand, bid, "pass", "pass", "pass")
    return hand


def _at_play(bid: str = "20", **options: Any) -> Auction45Hand:
    hand = _after_auction(bid, **options)
    _apply(hand, NameTrump(0, S), _kitty(0, "2H 3H 4H 6H"))
    _apply(hand, *(_discard(seat) for seat in range(4)))
    assert hand.phase == "play"
    return hand


# -- declare ---------------------------------------------------------------------------------------
def test_the_bidder_may_go_on_the_kitty_or_name_trump() -> None:
    hand = _after_auction()
    assert hand.phase == "declare" and hand.to_act == 0 and hand.bidder == 0
    assert [str(a) for a in hand.legal_actions()] == [
        "0 go_kitty",
        "0 trump S",
        "0 trump H",
        "0 trump D",
        "0 trump C",
    ]
    hand.apply(GoKitty(0))
    assert hand.went_on_kitty and _cards(hand.hand_mask(0)) == "2H 3H 4H 6H"
    assert hand.out_mask == mask_of(parse_cards("5S JS AH AS KS"))
    assert [str(a) for a in hand.legal_actions()] == [
        "0 trump S",
        "0 trump H",
        "0 trump D",
        "0 trump C",
    ]
    _refuse(hand, GoKitty(0), "go_kitty_not_allowed")
    hand.apply(NameTrump(0, H))
    assert hand.phase == "draw" and hand.to_act == 0
    assert hand.hand_mask(0).bit_count() == 4


def test_go_kitty_not_allowed() -> None:
    refused = _refuse(_after_auction(go_on_kitty=False), GoKitty(0), "go_kitty_not_allowed")
    assert "go_on_kitty" in refused.message
    no_kitty = _start(
        _deal(["5S JS AH AS KS", "QS 7D 8D 9D TD", "2C 3C 4C 6C 7C", "8C 9C TC JC QC"]),
        kitty_size=0,
    )
    _calls(no_kitty, "20", "pass", "pass", "pass")
    assert "empty" in _refuse(no_kitty, GoKitty(0), "go_kitty_not_allowed").message
    assert all(isinstance(a, NameTrump) for a in no_kitty.legal_actions())
    named = _after_auction()
    named.apply(NameTrump(0, S))
    assert "already named" in _refuse(named, GoKitty(0), "go_kitty_not_allowed").message


def test_naming_trump_takes_the_kitty_into_the_hand() -> None:
    hand = _after_auction()
    hand.apply(NameTrump(0, S))
    assert hand.trump == S and hand.phase == "kitty_discard" and hand.to_act == 0
    assert _cards(hand.hand_mask(0)) == "5S JS KS AS 2H 3H 4H 6H AH"
    assert len(hand.legal_actions()) == 126  # four of nine cards


def test_bad_trump_and_phase_errors_in_declare() -> None:
    hand = _after_auction()
    assert "S H D C" in _refuse(hand, NameTrump(0, 4), "bad_trump").message
    _refuse(hand, NameTrump(1, S), "out_of_turn")
    _refuse(hand, _kitty(0, "5S"), "wrong_phase")
    _refuse(hand, _discard(0), "wrong_phase")
    _refuse(hand, _play(0, "5S"), "wrong_phase")
    _refuse(hand, Call(0, "25"), "auction_over")


def test_kitty_view_before_trump() -> None:
    hand = _after_auction(kitty_view_before_trump=True)
    assert hand.hand_mask(0).bit_count() == 9
    view = hand.view(0)
    assert "2H" in view["hand"] and "2H" not in json.dumps(hand.view(1))
    hand.apply(GoKitty(0))
    assert _cards(hand.hand_mask(0)) == "2H 3H 4H 6H"
    hand.apply(NameTrump(0, H))
    assert hand.phase == "draw"


# -- kitty discard ---------------------------------------------------------------------------------
def test_the_kitty_discard() -> None:
    hand = _after_auction()
    hand.apply(NameTrump(0, S))
    assert "exactly 4" in _refuse(hand, _kitty(0, "2H 3H 4H"), "bad_discard_count").message
    _refuse(hand, _kitty(0, "2H 3H 4H 5H"), "not_in_hand")
    _refuse(hand, _kitty(0, "2H 3H 4H 4H"), "not_in_hand")
    _refuse(hand, _kitty(1, "2H 3H 4H 6H"), "out_of_turn")
    _refuse(hand, _discard(0, "2H 3H 4H 6H"), "wrong_phase")
    hand.apply(_kitty(0, "2H 3H AH 6H"))
    assert _cards(hand.hand_mask(0)) == "5S JS KS AS 4H"
    assert hand.out_mask == mask_of(parse_cards("2H 3H 6H AH"))
    assert hand.phase == "draw"


TRUMPS_ONLY = _deal(
    ["5C JC AC 2H 9S", "2S 3S 4S 6S 7S", "8D 9D TD JD QD", "8H 9H TH JH QH"], "AH 2C 3C 7D"
)


def test_trumps_only_keeps_the_kitty_trumps_and_the_lowest_must_go() -> None:
    hand = _start(TRUMPS_ONLY, kitty_rule="trumps_only")
    _calls(hand, "25", "pass", "pass", "pass")
    hand.apply(NameTrump(0, C))
    assert _cards(hand.hand_mask(0)) == "9S 2H AH 2C 3C 5C JC AC"
    assert hand.out_mask == mask_of(parse_cards("7D"))
    assert [str(a) for a in hand.legal_actions()] == ["0 kitty_discard 9S 2H 3C"]
    refused = _refuse(hand, _kitty(0, "9S 2H 2C"), "must_discard_lowest")
    assert "trumps_only" in refused.message
    _refuse(hand, _kitty(0, "9S 2H"), "bad_discard_count")
    hand.apply(_kitty(0, "9S 2H 3C"))
    assert _cards(hand.hand_mask(0)) == "AH 2C 5C JC AC"


def test_trumps_only_with_enough_non_trumps_lets_the_bidder_choose_among_them() -> None:
    deal = _deal(
        ["5C 4D 6D 2H 9S", "2S 3S 4S 6S 7S", "8D 9D TD JD QD", "8H 9H TH JH QH"], "AH 2C 3C 7D"
    )
    hand = _start(deal, kitty_rule="trumps_only")
    _calls(hand, "25", "pass", "pass", "pass")
    hand.apply(NameTrump(0, C))
    assert hand.hand_mask(0).bit_count() == 8
    choices = {
        " ".join(card_names(a.cards)) for a in hand.legal_actions() if isinstance(a, KittyDiscard)
    }
    assert len(choices) == 4 and "9S 2H 4D" in choices  # three of the four non-trumps
    _refuse(hand, _kitty(0, "9S 2H 3C"), "must_discard_lowest")
    hand.apply(_kitty(0, "2H 4D 6D"))
    assert hand.phase == "draw"


def test_trumps_only_on_the_kitty_keeps_only_its_trumps_and_the_bidder_draws() -> None:
    hand = _start(TRUMPS_ONLY, kitty_rule="trumps_only")
    _calls(hand, "25", "pass", "pass", "pass")
    _apply(hand, GoKitty(0), NameTrump(0, C))
    assert _cards(hand.hand_mask(0)) == "AH 2C 3C"
    assert hand.phase == "draw" and hand.to_act == 0
    hand.apply(_discard(0))
    _apply(hand, *(_discard(seat) for seat in (1, 2, 3)))
    assert hand.draw_counts == (2, 0, 0, 0)
    assert hand.hand_mask(0).bit_count() == 5


# -- the draw --------------------------------------------------------------------------------------
def test_the_draw_in_packets_of_three() -> None:
    deal = _deal(
        ["9D TD JD KD AD", "2S 3S 4S 6S 7S", "8S 9S TS 2D 3D", "4D 5D 6D 7D 8D"],
        "5H JH KH QD",
        "AH QH 2C 3C 4C 6C 7C 8C",
    )
    hand = _start(deal, dealer=0)
    _calls(hand, "20", "pass", "pass", "pass")
    _apply(hand, GoKitty(1), NameTrump(1, H))
    order = []
    for cards in ("QD", "8S 9S TS 2D", "", "9D TD"):
        order.append(hand.to_act)
        hand.apply(_discard(hand.to_act or 0, cards))
    assert order == [1, 2, 3, 0]
    assert hand.discard_counts == (2, 1, 4, 0)
    assert hand.draw_counts == (2, 2, 4, 0)
    assert _cards(hand.hand_mask(2)) == "3D 2C 3C 4C 8C"
    assert _cards(hand.hand_mask(0)) == "JD KD AD 6C 7C"
    assert hand.phase == "play" and hand.to_act == 2


def test_the_draw_in_one_pass() -> None:
    deal = _deal(
        ["9D TD JD KD AD", "2S 3S 4S 6S 7S", "8S 9S TS 2D 3D", "4D 5D 6D 7D 8D"],
        "5H JH KH QD",
        "AH QH 2C 3C 4C 6C 7C 8C",
    )
    hand = _start(deal, dealer=0, draw_packet_max=None)
    _calls(hand, "20", "pass", "pass", "pass")
    _apply(hand, GoKitty(1), NameTrump(1, H))
    _apply(hand, _discard(1, "QD"), _discard(2, "8S 9S TS 2D"), _discard(3), _discard(0, "9D TD"))
    assert _cards(hand.hand_mask(2)) == "3D 2C 3C 4C 6C"
    assert _cards(hand.hand_mask(0)) == "JD KD AD 7C 8C"


def test_draw_limits() -> None:
    hand = _after_auction(max_discard=4)
    _apply(hand, NameTrump(0, S), _kitty(0, "2H 3H 4H 6H"))
    refused = _refuse(hand, _discard(0, "5S JS AH AS KS"), "discard_limit")
    assert "max_discard" in refused.message
    _refuse(hand, _discard(0, "5S 5S"), "not_in_hand")
    _refuse(hand, _discard(1), "out_of_turn")
    _refuse(hand, _kitty(0, "5S"), "wrong_phase")
    _refuse(hand, _play(0, "5S"), "wrong_phase")
    assert len(hand.legal_actions()) == 31  # every subset of at most four of five cards
    hand.apply(_discard(0, "5S JS AH AS"))


SIX = _deal(
    [
        "5S JS AH AS KS",
        "2D 3D 4D 6D 7D",
        "2C 3C 4C 6C 7C",
        "8D 9D TD JD QD",
        "8C 9C TC JC QC",
        "2H 3H 4H 6H 7H",
    ],
    "8H 9H TH KD",
)


def test_six_players_can_run_the_stock_out() -> None:
    hand = _start(SIX, dealer=5, players=6)
    _calls(hand, "15", "pass", "pass", "pass", "pass", "pass")
    _apply(hand, NameTrump(0, S), _kitty(0, "8H 9H TH KD"))
    _apply(
        hand,
        _discard(0, "5S JS AH AS KS"),
        _discard(1, "2D 3D 4D 6D 7D"),
        _discard(2, "2C 3C 4C 6C 7C"),
    )
    refused = _refuse(hand, _discard(3, "8D 9D TD JD"), "stock_exhausted")
    assert refused.message == (
        "seat 4 would need 4 cards but the stock can give 3 (rules of the 45s draw)"
    )
    assert len(hand.legal_actions()) == 26  # at most three of five cards
    _apply(hand, _discard(3, "8D 9D TD"), _discard(4), _discard(5))
    assert hand.stock_left == ()
    assert all(hand.hand_mask(seat).bit_count() == 5 for seat in range(6))


def test_a_short_bidder_keeps_his_draw_with_six_players() -> None:
    """Package reading of docs/rules.md#auction45-draw: earlier discards may not take the cards the
    bidder needs."""
    hand = _start(SIX, dealer=0, players=6)
    _calls(hand, "pass", "pass", "pass", "pass", "pass", "20")  # the dealer, seat 0, bids
    _apply(hand, GoKitty(0), NameTrump(0, H))
    assert hand.hand_mask(0).bit_count() == 4 and hand.to_act == 1
    _apply(
        hand,
        _discard(1, "2D 3D 4D 6D 7D"),
        _discard(2, "2C 3C 4C 6C 7C"),
        _discard(3, "8D 9D TD JD QD"),
    )
    _refuse(hand, _discard(4, "8C 9C TC"), "stock_exhausted")  # 15 + 3 + the bidder's 1 > 18
    hand.apply(_discard(4, "8C 9C"))
    assert len(hand.legal_actions()) == 1  # seat 5 may only keep his five
    _refuse(hand, _discard(5, "2H"), "stock_exhausted")
    hand.apply(_discard(5))
    assert len(hand.legal_actions()) == 1  # the bidder may only keep his four
    hand.apply(_discard(0))
    assert hand.phase == "play"
    assert all(hand.hand_mask(seat).bit_count() == 5 for seat in range(6))


# -- play ------------------------------------------------------------------------------------------
def test_play_of_a_whole_hand() -> None:
    hand = _at_play("30")
    assert hand.to_act == 1
    assert [str(a) for a in hand.legal_actions()] == ["1 play QS"]
    refused = _refuse(hand, _play(1, "7D"), "must_lead_trump")
    assert "thirty_forces_trump_lead" in refused.message
    _refuse(hand, _play(1, "5S"), "not_in_hand")
    _refuse(hand, _play(2, "2C"), "out_of_turn")
    _refuse(hand, _discard(1), "wrong_phase")
    hand.apply(_play(1, "QS"))
    hand.apply(_play(2, "2C"))
    hand.apply(_play(3, "8C"))
    assert [str(a) for a in hand.legal_actions()] == [
        "0 play 5S",
        "0 play JS",
        "0 play KS",
        "0 play AS",
        "0 play AH",
    ]
    hand.apply(_play(0, "KS"))
    assert hand.completed_tricks == ((1, tuple(parse_cards("QS 2C 8C KS")), 0),)
    assert hand.to_act == 0 and hand.points == (5, 0)
    for cards in ("AS 7D 3C 9C", "AH 8D 4C TC", "JS 9D 6C JC", "5S TD 7C QC"):
        for seat, card in enumerate(cards.split()):
            hand.apply(_play(seat, card))
    result = hand.result
    assert result is not None and hand.phase == "over" and hand.to_act is None
    assert result.points == (30, 0) and result.trick_winners == (0, 0, 0, 0, 0)
    assert result.made and result.delta == (60, 0) and result.game_result is None
    assert result.best_trump == parse_cards("5S")[0]
    assert result.line == {
        "dealer": 3,
        "bidder": 0,
        "bid": 30,
        "trump": "S",
        "points": [30, 0],
        "made": True,
        "scores_after": [60, 0],
    }
    assert hand.legal_actions() == ()
    _refuse(hand, _play(0, "5S"), "out_of_turn")
    assert hand.game.check_line(result.line, hand.tally) == result.score


def test_must_play_trump_names_the_rule() -> None:
    deal = _deal(
        ["5S JS AH AS KS", "QS 7D 8D 9D TD", "2C 3C 4C 6C 7C", "8C 9C TC JC 9S"], "2H 3H 4H 6H"
    )
    hand = _start(deal)
    _calls(hand, "20", "pass", "pass", "pass")
    _apply(hand, NameTrump(0, S), _kitty(0, "2H 3H 4H 6H"), *(_discard(s) for s in range(4)))
    _apply(hand, _play(1, "QS"), _play(2, "2C"))
    refused = _refuse(hand, _play(3, "8C"), "must_play_trump")
    assert "renege" in refused.message and "legal: 9S" in refused.message


def test_must_follow_suit_under_follow_or_trump() -> None:
    deal = _deal(
        ["5S JS AH AS KS", "2D 3D 4D 6C 7C", "8D 9D 5C 8C 9C", "TD JD QD TC KH"], "2H 3H 4H 6H"
    )
    hand = _start(deal, follow_nontrump="follow_or_trump")
    _calls(hand, "20", "pass", "pass", "pass")
    _apply(hand, NameTrump(0, S), _kitty(0, "2H 3H 4H 6H"), *(_discard(s) for s in range(4)))
    hand.apply(_play(1, "2D"))
    refused = _refuse(hand, _play(2, "5C"), "must_follow_suit")
    assert "follow_or_trump" in refused.message
    assert [str(a) for a in hand.legal_actions()] == ["2 play 8D", "2 play 9D"]


def test_the_bidder_leads_under_first_lead_bidder_and_no_trump_is_forced() -> None:
    hand = _at_play("30", first_lead="bidder")
    assert hand.to_act == 0 and len(hand.legal_actions()) == 5


def test_no_trump_played_is_worth_25() -> None:
    deal = _deal(
        ["7H 8H 9H TH JH", "2D 3D 4D 6D 7D", "2C 3C 4C 6C 7C", "8D 9D TD JD QD"], "2H 3H 4H 6H"
    )
    hand = _start(deal)
    _calls(hand, "15", "pass", "pass", "pass")
    _apply(hand, NameTrump(0, S), _kitty(0, "2H 3H 4H 6H"), *(_discard(s) for s in range(4)))
    for leader, cards in (
        (1, "2D 2C QD 7H"),
        (3, "8D 8H 3D 3C"),
        (3, "9D 9H 4D 4C"),
        (3, "TD TH 6D 6C"),
        (3, "JD JH 7D 7C"),
    ):
        for i, card in enumerate(cards.split()):
            hand.apply(_play((leader + i) % 4, card))
    result = hand.result
    assert result is not None and result.points == (0, 25) and result.best_trump is None
    assert result.line["no_trump_played"] is True and result.made is False
    assert result.delta == (-15, 25)


# -- views -----------------------------------------------------------------------------------------
def _names(view: dict[str, Any]) -> set[str]:
    text = json.dumps(view)
    return {name for name in CARD_NAMES[:52] if f'"{name}' in text or f" {name}" in text}


def test_views_hide_other_hands_the_kitty_and_discards() -> None:
    hand = _after_auction()
    for seat in range(4):
        view = hand.view(seat)
        assert view["hand"] == card_names(cards_of(hand.hand_mask(seat)))
        assert _names(view) == set(view["hand"])
    assert hand.view(None)["hand"] is None and _names(hand.view(None)) == set()
    _apply(hand, NameTrump(0, S), _kitty(0, "2H 3H 4H 6H"))
    assert _names(hand.view(0)) == {"5S", "JS", "AH", "AS", "KS"}
    assert not _names(hand.view(1)) & {"2H", "3H", "4H", "6H", "5S"}
    assert hand.view(1)["legal"] == [] and hand.view(0)["legal"][0] == "0 discard"


def test_the_taste_card_is_public() -> None:
    hand = _after_auction(kitty_taste=True)
    for seat in (None, 1, 2, 3):
        view = hand.view(seat)
        assert view["taste"] == "6H"
        assert _names(view) - set(view["hand"] or []) == {"6H"}
    assert _after_auction().view(None)["taste"] is None


def test_public_counts_in_the_view() -> None:
    hand = _after_auction()
    _apply(hand, NameTrump(0, S), _kitty(0, "2H 3H 4H 6H"), _discard(0, "KS"), _discard(1, "7D 8D"))
    view = hand.view(2)
    assert view["discard_counts"] == [1, 2, None, None]
    assert view["hand_counts"] == [4, 3, 5, 5]
    assert view["contract"] == {"bidder": 0, "bid": 20} and view["trump"] == "S"
    with pytest.raises(ValueError, match="seat"):
        hand.view(4)


# -- records and copies ----------------------------------------------------------------------------
def test_a_record_replays_to_the_same_hand() -> None:
    hand = _at_play("30")
    for cards in ("QS 2C 8C KS",):
        for i, card in enumerate(cards.split()):
            hand.apply(_play((1 + i) % 4, card))
    record = hand.record()
    assert record["game"] == "auction45" and record["options"]["kitty_size"] == 4
    again = replay_hand(json.loads(json.dumps(record)))
    assert isinstance(again, Auction45Hand)
    assert _snapshot(again) == _snapshot(hand)


def test_a_copy_is_independent() -> None:
    hand = _at_play("20")
    twin = hand.copy()
    hand.apply(_play(1, "7D"))
    assert twin.to_act == 1 and len(twin.history) == len(hand.history) - 1
    twin.apply(_play(1, "QS"))
    assert hand.trick_cards == tuple(parse_cards("7D")) and twin.trick_cards == tuple(
        parse_cards("QS")
    )
    assert hand.hand_mask(1) != twin.hand_mask(1)


def test_no_trump_is_written_nt_and_refused_by_the_rules() -> None:
    action = parse_action("0 trump NT")
    assert action == NameTrump(0, None) and str(action) == "0 trump NT"
    assert action_from_dict(action.to_dict()) == action
    _refuse(_after_auction(), action, "bad_trump")


@pytest.mark.parametrize("card", [99, -1, 52, "AH", None])
def test_plays_of_things_that_are_not_cards_in_hand(card: Any) -> None:
    hand = _at_play("20")
    _refuse(hand, Play(1, card), "not_in_hand")


def test_an_unhashable_card_is_refused_not_raised() -> None:
    hand = _at_play("20")
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(Play(1, [1]))  # type: ignore[arg-type]
    assert refused.value.code == "not_in_hand" and len(hand.history) == 10


@pytest.mark.parametrize("cards", [(99,), (-1,), (52, 53), ("KS",)])
def test_discards_of_things_that_are_not_cards_in_hand(cards: tuple[Any, ...]) -> None:
    hand = _after_auction()
    _apply(hand, NameTrump(0, S), _kitty(0, "2H 3H 4H 6H"))
    _refuse(hand, Discard(0, cards), "not_in_hand")


def test_a_hand_thrown_in_takes_no_more_actions() -> None:
    hand = _start(TOP)
    _calls(hand, "pass", "pass", "pass", "pass")
    assert hand.phase == "over" and hand.to_act is None and hand.legal_actions() == ()
    refused = _refuse(hand, Call(0, "20"), "auction_over")
    assert "auction is over" in str(refused)
    refused = _refuse(hand, NameTrump(0, S), "out_of_turn")
    assert "the hand is over" in str(refused)


def test_the_dealer_gives_at_most_the_packet_limit_first_and_the_rest_after() -> None:
    assert draw_packets(3) == ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2))
    assert draw_packets(None) == tuple((need, 0) for need in range(6))
