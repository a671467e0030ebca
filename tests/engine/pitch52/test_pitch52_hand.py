"""A pitch52 hand after the auction: trump, throwing away, excess trumps, the draw and the rob,
play, who is out, the result and what each seat sees (docs/rules.md#pitch52-draw to #pitch52-seen,
#action-codes).

The deals are those of the replay vectors (tests/engine/vectors/pitch52.jsonl), so a test and
the vector that states the same hand cannot drift apart.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.rules import (
    Action,
    Call,
    Deal,
    ExcessDiscard,
    IllegalActionError,
    NameTrump,
    Play,
    action_from_dict,
    get_game,
    replay_hand,
)
from engine.rules.cards import card_names, mask_of, parse_card, parse_cards
from engine.rules.choices import CardSubsets
from engine.rules.conformance import read_cases
from engine.rules.pitch52 import Pitch52Hand
from engine.rules.pitch52.ranks import TRUMP_MASK

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "pitch52.jsonl"
HEARTS, SPADES, CLUBS = 1, 0, 3


@cache
def _case(case_id: str) -> dict[str, Any]:
    for case in read_cases(VECTORS):
        if case["id"] == f"pitch52-{case_id}":
            return dict(case)
    raise KeyError(case_id)


def _hand(case_id: str, options: dict[str, Any] | None = None, upto: int = 0) -> Pitch52Hand:
    """The hand of a replay vector, with its first ``upto`` actions applied."""
    case = _case(case_id)
    game = get_game("pitch52", case["options"] if options is None else options)
    hand = game.new_hand(
        dealer=case["dealer"], deal=Deal.from_dict(case["deal"]), scores=case.get("scores_before")
    )
    assert isinstance(hand, Pitch52Hand)
    for data in case["actions"][:upto]:
        hand.apply(action_from_dict(data))
    return hand


def _actions(case_id: str) -> list[Action]:
    return [action_from_dict(data) for data in _case(case_id)["actions"]]


def _views(hand: Pitch52Hand) -> str:
    seats = [None, *range(hand.game.seating.seats)]
    return json.dumps([hand.view(seat) for seat in seats])


def _code(hand: Pitch52Hand, action: Action) -> str:
    """The code ``check`` and ``apply`` both give; the hand must stay exactly as it was."""
    with pytest.raises(IllegalActionError) as checked:
        hand.check(action)
    before = _views(hand), list(hand.history)
    with pytest.raises(IllegalActionError) as applied:
        hand.apply(action)
    assert applied.value.code == checked.value.code
    assert (_views(hand), list(hand.history)) == before
    return checked.value.code


def _held(hand: Pitch52Hand, seat: int) -> list[str]:
    return card_names(sorted(bits_of(hand.held(seat))))


def bits_of(mask: int) -> list[int]:
    return [c for c in range(54) if mask >> c & 1]


# -- trump, throwing away, the draw and the rob (docs/rules.md#pitch52-draw) ----------------------
def test_naming_trump_throws_away_every_non_trump_then_draws_and_robs() -> None:
    hand = _hand("rp-01", upto=4)
    assert (hand.phase, hand.to_act) == ("trump", 1)
    assert hand.legal_actions() == tuple(NameTrump(1, suit) for suit in range(4))
    hand.apply(NameTrump(1, HEARTS))
    assert hand.trump == HEARTS
    # No one holds more than six trumps: the draw and the rob run at once and play begins.
    assert (hand.phase, hand.to_act) == ("play", 1)
    assert _held(hand, 0) == ["5H", "TH"]
    assert _held(hand, 1) == ["3H", "7H", "JH", "KH", "AH", "JD"]
    assert _held(hand, 2) == ["2H", "QH"]
    assert _held(hand, 3) == ["4H", "6H", "8H", "9H", "BJ", "LJ"]
    for seat in range(4):
        assert hand.held(seat) & ~TRUMP_MASK[HEARTS] == 0
    # Drawn: 5, 2, 4, 3 from the dealer's left; the bidder turns JH; his partner turns 3.
    assert hand.view(None)["received_counts"] == [5, 3, 4, 6]


def test_every_trump_may_be_named_and_the_next_phase_follows() -> None:
    for suit in range(4):
        hand = _hand("rp-01", upto=4)
        hand.apply(NameTrump(1, suit))
        assert hand.trump == suit
        assert hand.phase in ("excess_discard", "play")
        for seat in range(4):
            assert hand.held(seat) & ~TRUMP_MASK[suit] == 0
            assert hand.held(seat).bit_count() <= 6 or hand.phase == "excess_discard"


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (NameTrump(1, 4), "bad_trump"),
        (NameTrump(1, -1), "bad_trump"),
        (NameTrump(1, None), "bad_trump"),
        (NameTrump(0, HEARTS), "out_of_turn"),
        (Play(1, parse_card("AH")), "wrong_phase"),
        (ExcessDiscard(1, ()), "wrong_phase"),
        (Call(1, "6"), "auction_over"),
    ],
)
def test_refused_trump_namings(action: Action, code: str) -> None:
    hand = _hand("rp-01", upto=4)
    assert _code(hand, action) == code


def test_rob_bidder_all_gives_the_bidder_the_rest_and_a_face_up_discard() -> None:
    hand = _hand("rp-16", upto=5)
    assert (hand.phase, hand.to_act) == ("excess_discard", 3)
    assert _held(hand, 3) == ["2S", "4S", "5S", "6S", "9S", "JS", "KS", "AS", "LJ"]
    # The others draw to six from the dealer's left (2, 0, 1); the bidder takes the last 5.
    assert hand.view(None)["received_counts"] == [5, 4, 4, 5]
    choices = hand.legal_actions()
    assert isinstance(choices, CardSubsets) and len(choices) == 84  # 3 of 9
    hand.apply(ExcessDiscard(3, parse_cards("4S 5S 6S")))
    assert (hand.phase, hand.to_act) == ("play", 3)
    for seat in (None, 0, 1, 2, 3):
        assert hand.view(seat)["excess_discards"] == [{"seat": 3, "cards": ["4S", "5S", "6S"]}]


def test_excess_trumps_are_laid_away_in_turn_from_the_dealers_left() -> None:
    hand = _hand("rp-20", upto=5)
    assert (hand.phase, hand.to_act) == ("excess_discard", 3)
    # non_point: only AC, 9C and 2C may go (two of them).
    choices = hand.legal_actions()
    assert sorted(tuple(card_names(a.cards)) for a in choices) == [  # type: ignore[attr-defined]
        ("2C", "9C"),
        ("2C", "AC"),
        ("9C", "AC"),
    ]
    assert _code(hand, ExcessDiscard(3, parse_cards("JC 9C"))) == "cannot_discard_point"
    assert _code(hand, ExcessDiscard(3, parse_cards("BJ LJ"))) == "cannot_discard_point"
    hand.apply(ExcessDiscard(3, parse_cards("9C 2C")))
    assert (hand.phase, hand.to_act) == ("excess_discard", 0)
    assert len(hand.legal_actions()) == 7
    hand.apply(ExcessDiscard(0, parse_cards("5C")))
    assert (hand.phase, hand.to_act) == ("play", 3)
    assert [d["seat"] for d in hand.view(1)["excess_discards"]] == [3, 0]


def test_any_excess_trump_may_go_by_default() -> None:
    hand = _hand("rp-20", options={}, upto=5)
    choices = hand.legal_actions()
    assert len(choices) == 28  # 2 of 8
    assert ExcessDiscard(3, parse_cards("JC JS")) in choices
    hand.apply(ExcessDiscard(3, parse_cards("JC JS")))
    assert hand.to_act == 0


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (ExcessDiscard(3, parse_cards("9C")), "bad_discard_count"),
        (ExcessDiscard(3, parse_cards("9C 2C AC")), "bad_discard_count"),
        (ExcessDiscard(3, ()), "bad_discard_count"),
        (ExcessDiscard(3, parse_cards("KC 9C")), "not_in_hand"),
        (ExcessDiscard(3, parse_cards("9C 9C")), "not_in_hand"),
        (ExcessDiscard(3, parse_cards("9H 2C")), "not_in_hand"),
        (ExcessDiscard(0, parse_cards("5C")), "out_of_turn"),
        (Play(3, parse_card("AC")), "wrong_phase"),
        (NameTrump(3, CLUBS), "wrong_phase"),
    ],
)
def test_refused_excess_discards(action: Action, code: str) -> None:
    hand = _hand("rp-20", upto=5)
    assert _code(hand, action) == code


def test_non_point_forces_point_cards_only_when_no_plain_trump_is_left() -> None:
    # Card scheme: A, J, off-jack, jokers, T, 2 and 3 score; seat 1 holds all eight and KC.
    hands = [
        parse_cards("2S 3S 4S 5S 6S 7S 8S 9S TS"),
        parse_cards("AC JC JS BJ LJ TC 2C 3C KC"),
        parse_cards("QC 9C 8C 2H 3H 4H 5H 6H 7H"),
        parse_cards("7C 6C 5C 4C 8H 9H TH JH QH"),
    ]
    used = mask_of(c for cards in hands for c in cards)
    stock = tuple(c for c in range(54) if not used >> c & 1)
    options = {"point_scheme": "card", "excess_trump_discard": "non_point"}
    hand = get_game("pitch52", options).new_hand(dealer=0, deal=Deal(tuple(hands), (), stock))
    assert isinstance(hand, Pitch52Hand)
    for seat, call in ((1, "5"), (2, "pass"), (3, "pass"), (0, "pass")):
        hand.apply(Call(seat, call))
    hand.apply(NameTrump(1, CLUBS))
    assert (hand.phase, hand.to_act) == ("excess_discard", 1)
    choices = list(hand.legal_actions())
    assert len(choices) == 28  # KC and two of the eight point cards
    assert all(parse_card("KC") in a.cards for a in choices)  # type: ignore[attr-defined]
    assert _code(hand, ExcessDiscard(1, parse_cards("AC JC JS"))) == "cannot_discard_point"
    hand.apply(ExcessDiscard(1, parse_cards("KC 2C 3C")))
    assert hand.held(1).bit_count() == 6


# -- play (docs/rules.md#pitch52-play) ------------------------------------------------------------
def test_the_opening_lead_may_not_be_a_joker_or_the_off_jack() -> None:
    hand = _hand("rp-01", upto=5)
    listed = [card_names([a.card])[0] for a in hand.legal_actions()]  # type: ignore[attr-defined]
    assert listed == ["3H", "7H", "JH", "KH", "AH"]
    assert _code(hand, Play(1, parse_card("JD"))) == "first_lead_restricted"
    free = _hand("rp-01", options={"first_lead_restricted": False}, upto=5)
    assert Play(1, parse_card("JD")) in free.legal_actions()
    # After the first card, any trump may be played.
    hand.apply(Play(1, parse_card("AH")))
    assert len(hand.legal_actions()) == 2


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Play(2, parse_card("QH")), "out_of_turn"),
        (Play(1, parse_card("QH")), "not_in_hand"),
        (Play(1, parse_card("9C")), "not_in_hand"),
        (Play(1, 60), "not_in_hand"),
        (Play(1, parse_card("JD")), "first_lead_restricted"),
        (Call(1, "5"), "auction_over"),
        (NameTrump(1, HEARTS), "wrong_phase"),
        (ExcessDiscard(1, parse_cards("3H")), "wrong_phase"),
    ],
)
def test_refused_plays(action: Action, code: str) -> None:
    hand = _hand("rp-01", upto=5)
    assert _code(hand, action) == code


def test_a_dead_card_is_refused_with_trump_only() -> None:
    # Hands hold only trumps during play (docs/rules.md#pitch52-draw step 5), so a non-trump is
    # normally not in hand; the rule itself is still enforced should a hand ever hold one.
    hand = _hand("rp-01", upto=5)
    hand._hands[1] |= 1 << parse_card("9C")
    assert _code(hand, Play(1, parse_card("9C"))) == "trump_only"
    game = hand.game
    assert game.legal_plays(parse_cards("9C AH"), [], HEARTS) == [parse_card("AH")]


def test_players_out_of_trumps_are_skipped_and_shown_out_when_skipped() -> None:
    hand = _hand("rp-01", upto=5)
    plays = _actions("rp-01")[5:]
    for action in plays[:8]:
        hand.apply(action)
    # After two tricks seats 0 and 2 hold nothing, but nobody has been skipped yet.
    assert hand.held(0) == hand.held(2) == 0
    assert hand.view(None)["out"] == []
    assert hand.view(3)["hand_counts"] == [None, None, None, 4]
    assert hand.to_act == 1
    hand.apply(plays[8])  # seat 1 leads JH; seat 2 is passed over
    assert hand.to_act == 3
    assert hand.view(None)["out"] == [2]
    assert hand.view(3)["hand_counts"] == [None, None, 0, 4]
    hand.apply(plays[9])  # seat 3 ends the trick; seat 0 would have been next
    assert hand.view(None)["out"] == [0, 2]
    assert hand.view(None)["tricks"][-1] == {
        "leader": 1,
        "plays": [{"seat": 1, "card": "JH"}, {"seat": 3, "card": "LJ"}],
        "winner": 1,
    }


def test_the_lead_passes_over_a_bidder_without_trumps() -> None:
    hand = _hand("rp-31", upto=6)
    assert hand.phase == "play"
    assert hand.held(0) == 0
    assert hand.to_act == 1
    assert hand.view(2)["out"] == [0]
    assert _code(hand, Play(0, parse_card("AH"))) == "out_of_turn"


def test_the_lead_passes_on_when_the_winner_is_out() -> None:
    hand = _hand("rp-29", upto=7)
    plays = _actions("rp-29")[7:]
    for action in plays[:-1]:
        hand.apply(action)
    # Seat 3 won the third trick with his last trump: the lead passes to seat 1.
    assert hand.view(None)["tricks"][-1]["winner"] == 3
    assert hand.to_act == 1
    assert hand.view(None)["out"] == [0, 2, 3, 4, 5]


# -- the result (docs/rules.md#pitch52-points, #pitch52-scoring) ----------------------------------
def test_a_finished_hand_reports_its_facts_and_its_line() -> None:
    hand = _hand("rp-01")
    for action in _actions("rp-01"):
        hand.apply(action)
    result = hand.result
    assert result is not None and result.outcome == "scored"
    assert hand.phase == "over" and hand.to_act is None and hand.legal_actions() == ()
    assert result.trick_winners == (1, 1, 1, 3, 1, 1)
    assert result.points == (1, 9)
    line = dict(result.line)
    assert line == {
        "dealer": 0,
        "bidder": 1,
        "bid": 5,
        "trump": "H",
        "points": [1, 9],
        "categories": {
            "high": 1,
            "low": 0,
            "jack": 1,
            "off_jack": 1,
            "big_joker": 1,
            "little_joker": 1,
            "three": 1,
            "game": 1,
        },
        "made": True,
        "scores_after": [1, 9],
    }
    assert hand.game.check_line(line, hand.tally) == result.score
    assert all(hand.held(seat) == 0 for seat in range(4))
    assert _code(hand, Play(1, parse_card("AH"))) == "out_of_turn"


def test_the_record_replays_to_the_same_hand() -> None:
    hand = _hand("rp-20")
    for action in _actions("rp-20"):
        hand.apply(action)
    record = json.loads(json.dumps(hand.record()))
    assert record["game"] == "pitch52"
    assert record["options"]["excess_trump_discard"] == "non_point"
    again = replay_hand(record)
    assert isinstance(again, Pitch52Hand)
    assert _views(again) == _views(hand)
    assert again.result is not None and hand.result is not None
    assert again.result.to_dict() == hand.result.to_dict() == record["result"]


# -- views and copies (docs/rules.md#pitch52-seen) ------------------------------------------------
def test_a_seat_sees_its_own_hand_and_no_other() -> None:
    hand = _hand("rp-01", upto=1)
    for seat in range(4):
        view = hand.view(seat)
        assert view["hand"] == card_names(sorted(hand.deal.hands[seat]))
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                for name in card_names(hand.deal.hands[other]):
                    assert f'"{name}"' not in text
    spectator = hand.view(None)
    assert spectator["hand"] is None and spectator["legal"] == []
    assert hand.view(2)["legal"] != [] and hand.view(3)["legal"] == []
    assert spectator["hand_counts"] == [9, 9, 9, 9]


def test_after_trump_only_a_seats_own_count_is_shown() -> None:
    hand = _hand("rp-01", upto=5)
    assert hand.view(1)["hand_counts"] == [None, 6, None, None]
    assert hand.view(None)["hand_counts"] == [None, None, None, None]
    assert hand.view(None)["trump"] == "H"


def test_a_copy_is_independent() -> None:
    hand = _hand("rp-01", upto=5)
    twin = hand.copy()
    before = _views(hand)
    for action in _actions("rp-01")[5:]:
        twin.apply(action)
    assert twin.result is not None
    assert hand.result is None and _views(hand) == before
    hand.apply(Play(1, parse_card("KH")))
    assert twin.history[5] == Play(1, parse_card("AH"))
