"""A bid whist hand after the auction: declaring, the kitty, play, result and views
(docs/rules.md#bidwhist-declaring to #bidwhist-seen, #action-codes)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.rules import (
    Action,
    Call,
    Deal,
    Declare,
    Discard,
    ExcessDiscard,
    GoKitty,
    IllegalActionError,
    KittyDiscard,
    NameTrump,
    Play,
    get_game,
    replay_hand,
)
from engine.rules.bidwhist import BidWhistHand
from engine.rules.cards import card_names, mask_of, parse_card, parse_cards
from engine.rules.choices import SubsetChoices

# Deal C of the vectors: seat 0 bids 3 in spades, the 5-8 of clubs are the kitty.
DEAL_C = Deal(
    (
        parse_cards("QS KS AS 9H TH JH QH KH AH QD KD AD"),
        parse_cards("2S 3S 4S 5S 6S 7S 2D 3D 4D 2C 3C 4C"),
        parse_cards("3H 4H 5H 6H 7H 8H 9D TD JD QC KC AC"),
        parse_cards("8S 9S TS JS 2H 5D 6D 7D 8D 9C TC JC"),
    ),
    parse_cards("5C 6C 7C 8C"),
)
TRICKS_C = [
    (0, "AH 2S 3H 2H"),
    (1, "2C QC 9C QS"),
    (0, "AS 3S 4H 8S"),
    (0, "KS 4S 5H 9S"),
    (0, "KH 5S 6H TS"),
    (3, "JC 9H 3C AC"),
    (2, "KC TC TH 4C"),
    (2, "JD 5D AD 2D"),
    (0, "KD 3D TD 6D"),
    (0, "QD 4D 9D 7D"),
    (0, "QH 6S 8H JS"),
    (3, "8D JH 7S 7H"),
]
PLAYS_C = [
    Play((leader + i) % 4, c)
    for leader, cards in TRICKS_C
    for i, c in enumerate(parse_cards(cards))
]


def _hand(options: dict[str, Any] | None = None, scores: list[int] | None = None) -> BidWhistHand:
    hand = get_game("bidwhist", options).new_hand(dealer=3, deal=DEAL_C, scores=scores)
    assert isinstance(hand, BidWhistHand)
    return hand


def _to_discard(options: dict[str, Any] | None = None) -> BidWhistHand:
    hand = _hand(options)
    for seat, call in ((0, "3"), (1, "pass"), (2, "pass"), (3, "pass")):
        hand.apply(Call(seat, call))
    hand.apply(Declare(0, 0, "uptown"))
    return hand


def _to_play(options: dict[str, Any] | None = None) -> BidWhistHand:
    hand = _to_discard(options)
    hand.apply(KittyDiscard(0, parse_cards("5C 6C 7C 8C")))
    return hand


def _code(hand: BidWhistHand, action: Action) -> str:
    with pytest.raises(IllegalActionError) as checked:
        hand.check(action)
    before = json.dumps([hand.view(s) for s in (None, 0, 1, 2, 3)]), list(hand.history)
    with pytest.raises(IllegalActionError) as applied:
        hand.apply(action)
    assert applied.value.code == checked.value.code
    assert (json.dumps([hand.view(s) for s in (None, 0, 1, 2, 3)]), list(hand.history)) == before
    return checked.value.code


# -- declaring (docs/rules.md#bidwhist-declaring) -------------------------------------------------
@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Declare(0, 4, "uptown"), "bad_trump"),
        (Declare(0, -1, "uptown"), "bad_trump"),
        (Declare(0, 4, "sideways"), "bad_trump"),
        (Declare(0, 0, "sideways"), "bad_mode"),
        (Declare(0, None, "Uptown"), "bad_mode"),
        (Declare(1, 0, "uptown"), "out_of_turn"),
        (Declare(1, 9, "sideways"), "out_of_turn"),
        (Play(0, parse_card("AH")), "wrong_phase"),
        (KittyDiscard(0, parse_cards("AH KH QH JH")), "wrong_phase"),
        (Call(0, "4"), "auction_over"),
        (GoKitty(0), "wrong_phase"),
        (NameTrump(0, 1), "wrong_phase"),
    ],
)
def test_refused_declarations(action: Action, code: str) -> None:
    hand = _hand()
    for seat, call in ((0, "3"), (1, "pass"), (2, "pass"), (3, "pass")):
        hand.apply(Call(seat, call))
    assert _code(hand, action) == code


@pytest.mark.parametrize("trump", [0, 1, 2, 3, None])
@pytest.mark.parametrize("mode", ["uptown", "downtown_aces_good", "downtown_aces_bad"])
def test_declaring_gives_the_kitty_to_the_bidder(trump: int | None, mode: str) -> None:
    hand = _hand()
    for seat, call in ((0, "3"), (1, "pass"), (2, "pass"), (3, "pass")):
        hand.apply(Call(seat, call))
    hand.apply(Declare(0, trump, mode))
    assert (hand.phase, hand.to_act, hand.trump, hand.mode) == ("discard", 0, trump, mode)
    assert hand.hand_mask(0) == mask_of(DEAL_C.hands[0]) | mask_of(DEAL_C.kitty)
    assert hand.view(0)["hand_counts"] == [16, 12, 12, 12]


# -- the kitty discard (docs/rules.md#bidwhist-kitty) ---------------------------------------------
def test_the_discard_choices_are_every_four_of_sixteen_built_lazily() -> None:
    hand = _to_discard()
    choices = hand.legal_actions()
    assert isinstance(choices, SubsetChoices)  # built on demand, not a list of 1,820
    assert len(choices) == 1820
    assert KittyDiscard(0, parse_cards("5C 6C 7C 8C")) in choices
    assert KittyDiscard(0, parse_cards("AH KH 5C 6C")) in choices
    assert all(hand.is_legal(a) for a in choices[::97])
    strings = hand.view(0)["legal"]
    assert len(strings) == 1820
    assert strings[::97] == [str(a) for a in choices[::97]]


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("5C 6C 7C", "bad_discard_count"),
        ("5C 6C 7C 8C AH", "bad_discard_count"),
        ("", "bad_discard_count"),
        ("5C 6C 7C 2S", "not_in_hand"),
        ("5C 6C 7C 8C 2S", "not_in_hand"),
        ("5C 5C 6C 7C", "not_in_hand"),
        ("5C 6C 7C BJ", "not_in_hand"),
    ],
)
def test_refused_discards(cards: str, code: str) -> None:
    hand = _to_discard()
    assert _code(hand, KittyDiscard(0, parse_cards(cards))) == code


def test_other_actions_while_the_bidder_discards() -> None:
    hand = _to_discard()
    assert _code(hand, KittyDiscard(1, parse_cards("2S 3S 4S 5S"))) == "out_of_turn"
    assert _code(hand, Play(0, parse_card("AH"))) == "wrong_phase"
    assert _code(hand, Declare(0, 1, "uptown")) == "wrong_phase"
    assert _code(hand, Discard(0, parse_cards("5C 6C 7C 8C"))) == "wrong_phase"
    assert _code(hand, ExcessDiscard(0, ())) == "wrong_phase"


def test_the_bidder_may_discard_from_his_hand_or_the_kitty() -> None:
    hand = _to_discard()
    hand.apply(KittyDiscard(0, parse_cards("AH KH 5C QD")))
    assert hand.phase == "play" and hand.to_act == 0
    assert hand.view(0)["hand"] == card_names(
        sorted(parse_cards("QS KS AS 9H TH JH QH KD AD 6C 7C 8C"))
    )
    assert hand.discard_mask == mask_of(parse_cards("AH KH 5C QD"))


# -- play (docs/rules.md#bidwhist-play) -----------------------------------------------------------
def test_the_bidder_leads_and_others_must_follow_suit() -> None:
    hand = _to_play()
    assert hand.to_act == 0
    assert len(hand.legal_actions()) == 12
    hand.apply(Play(0, parse_card("AH")))
    assert hand.legal_actions() == tuple(
        Play(1, c) for c in parse_cards("2S 3S 4S 5S 6S 7S 2D 3D 4D 2C 3C 4C")
    )
    hand.apply(Play(1, parse_card("2S")))
    assert [a.card for a in hand.legal_actions() if isinstance(a, Play)] == sorted(
        parse_cards("3H 4H 5H 6H 7H 8H")
    )
    assert _code(hand, Play(2, parse_card("9D"))) == "must_follow_suit"
    assert _code(hand, Play(2, parse_card("AH"))) == "not_in_hand"
    assert _code(hand, Play(2, parse_card("2S"))) == "not_in_hand"
    assert _code(hand, Play(2, 52)) == "not_in_hand"
    assert _code(hand, Play(2, 99)) == "not_in_hand"
    assert _code(hand, Play(2, -1)) == "not_in_hand"
    assert _code(hand, Play(3, parse_card("2H"))) == "out_of_turn"
    assert _code(hand, Call(2, "pass")) == "auction_over"
    assert _code(hand, KittyDiscard(2, parse_cards("3H 4H 5H 6H"))) == "wrong_phase"
    # not_in_hand comes before must_follow_suit: a card he does not hold, of another suit
    assert _code(hand, Play(2, parse_card("2C"))) == "not_in_hand"


def test_every_legal_play_is_exactly_what_check_accepts() -> None:
    hand = _to_play()
    for play in PLAYS_C:
        legal = set(hand.legal_actions())
        assert play in legal
        seat = hand.to_act
        assert seat is not None
        for card in range(52):
            assert hand.is_legal(Play(seat, card)) == (Play(seat, card) in legal)
        hand.apply(play)
    assert hand.result is not None
    assert hand.legal_actions() == ()


@pytest.mark.parametrize(
    ("options", "books", "kitty_side", "made", "delta"),
    [
        ({}, (8, 5), 1, False, (0, 3)),
        ({"kitty_book": "bidder"}, (9, 4), 0, True, (3, 0)),
        ({"scoring": "contract"}, (8, 5), 1, False, (-3, 0)),
        ({"scoring": "contract", "kitty_book": "bidder"}, (9, 4), 0, True, (3, 0)),
    ],
)
def test_a_full_hand(
    options: dict[str, Any],
    books: tuple[int, int],
    kitty_side: int,
    made: bool,
    delta: tuple[int, int],
) -> None:
    hand = _to_play(options)
    for play in PLAYS_C:
        hand.apply(play)
    result = hand.result
    assert result is not None and result.outcome == "scored"
    assert result.trick_winners == (1, 0, 0, 0, 3, 2, 2, 0, 0, 0, 3, 1)
    assert result.books == books and sum(books) == 13
    assert result.kitty_book_side == kitty_side
    assert (result.made, result.delta) == (made, delta)
    assert hand.phase == "over" and hand.to_act is None
    line = dict(result.line)
    assert line == {
        "dealer": 3,
        "bidder": 0,
        "bid": 3,
        "trump": "S",
        "mode": "uptown",
        "books": list(books),
        "made": made,
        "scores_after": list(delta),
    }
    assert hand.game.check_line(line, hand.tally) == result.score
    assert result.to_dict()["kitty_book_side"] == kitty_side
    for action in (Play(1, 0), Call(0, "pass"), KittyDiscard(0, ())):
        code = _code(hand, action)
        assert code == ("auction_over" if isinstance(action, Call) else "out_of_turn")


def test_kitty_book_side_becomes_public_when_known() -> None:
    hand = _to_discard()
    assert hand.view(None)["kitty_book_side"] is None
    hand.apply(KittyDiscard(0, parse_cards("5C 6C 7C 8C")))
    for play in PLAYS_C[:3]:
        hand.apply(play)
    assert hand.view(None)["kitty_book_side"] is None
    hand.apply(PLAYS_C[3])
    assert hand.view(None)["kitty_book_side"] == 1
    hand = _hand({"kitty_book": "bidder"})
    for seat, call in ((0, "pass"), (1, "2"), (2, "pass"), (3, "pass")):
        assert hand.view(2)["kitty_book_side"] is None
        hand.apply(Call(seat, call))
    assert hand.view(2)["kitty_book_side"] == 1


# -- views (docs/rules.md#bidwhist-seen) ----------------------------------------------------------
def test_only_the_bidder_sees_the_kitty_and_his_discards() -> None:
    hand = _to_discard()
    kitty = ["5C", "6C", "7C", "8C"]
    assert hand.view(0)["kitty"] == kitty
    for seat in (None, 1, 2, 3):
        view = hand.view(seat)
        assert view["kitty"] is None and view["discards"] is None
        text = json.dumps(view)
        assert not any(f'"{c}"' in text or f" {c}" in text for c in kitty)
    hand.apply(KittyDiscard(0, parse_cards("AD 5C 6C 7C")))
    assert hand.view(0)["discards"] == ["AD", "5C", "6C", "7C"]
    for play in PLAYS_C[:4]:
        hand.apply(play)
    for seat in (None, 1, 2, 3):
        text = json.dumps(hand.view(seat))
        assert "AD" not in text and "5C" not in text and "8C" not in text
    assert "8C" in json.dumps(hand.view(0))


def test_view_contents() -> None:
    hand = _to_play()
    for play in PLAYS_C[:6]:
        hand.apply(play)
    view = hand.view(2)
    assert view["game"] == "bidwhist" and view["seat"] == 2
    assert view["phase"] == "play" and view["to_act"] == 3 and view["dealer"] == 3
    assert view["scores_before"] == [0, 0]
    assert view["hand"] == card_names(sorted(parse_cards("4H 5H 6H 7H 8H 9D TD JD KC AC")))
    assert view["hand_counts"] == [11, 10, 10, 11]
    assert view["calls"] == [
        {"seat": 0, "call": "3"},
        {"seat": 1, "call": "pass"},
        {"seat": 2, "call": "pass"},
        {"seat": 3, "call": "pass"},
    ]
    assert view["contract"] == {"bidder": 0, "bid": 3}
    assert (view["trump"], view["mode"]) == ("S", "uptown")
    assert view["trick"] == [{"seat": 1, "card": "2C"}, {"seat": 2, "card": "QC"}]
    assert view["tricks"] == [
        {
            "leader": 0,
            "plays": [
                {"seat": 0, "card": "AH"},
                {"seat": 1, "card": "2S"},
                {"seat": 2, "card": "3H"},
                {"seat": 3, "card": "2H"},
            ],
            "winner": 1,
        }
    ]
    assert view["tricks_won"] == [0, 1]
    assert view["legal"] == []
    assert hand.view(3)["legal"] == ["3 play 9C", "3 play TC", "3 play JC"]
    spectator = hand.view(None)
    assert spectator["hand"] is None and spectator["legal"] == []
    assert view["result"] is None
    json.dumps(view)


def test_a_view_for_a_seat_that_does_not_exist_is_refused() -> None:
    hand = _hand()
    for seat in (4, -1, "0"):
        with pytest.raises(ValueError):
            hand.view(seat)  # type: ignore[arg-type]


# -- copies and records ---------------------------------------------------------------------
def test_copies_are_independent() -> None:
    hand = _to_play()
    twin = hand.copy()
    for play in PLAYS_C[:7]:
        twin.apply(play)
    assert hand.view(0)["hand_counts"] == [12, 12, 12, 12]
    assert hand.trick == [] and hand.tricks == [] and len(hand.history) == 6
    assert twin.view(None)["tricks_won"] == [0, 1]
    for play in PLAYS_C[:7]:
        hand.apply(play)
    assert json.dumps(hand.view(1)) == json.dumps(twin.view(1))


def test_the_record_replays_to_the_same_result() -> None:
    hand = _to_play({"kitty_book": "bidder"})
    for play in PLAYS_C:
        hand.apply(play)
    again = replay_hand(json.loads(json.dumps(hand.record())))
    assert again.result is not None and hand.result is not None
    assert again.result.to_dict() == hand.result.to_dict()
