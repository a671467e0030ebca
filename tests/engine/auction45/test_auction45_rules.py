"""auction45 card order, trick winners, legal plays and the deal (docs/rules.md#auction45-cards,
#auction45-deal, #auction45-play)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.rules import NotationError, get_game, parse_cards
from engine.rules.auction45 import Auction45, Auction45Hand
from engine.rules.auction45.game import shuffled_deck
from engine.rules.auction45.ranks import rank_tables
from engine.rules.base import Deal
from engine.rules.cards import card_names, parse_card

SUITS = "SHDC"


def _game(**options: Any) -> Auction45:
    game = get_game("auction45", options)
    assert isinstance(game, Auction45)
    return game


def _order(game: Auction45, trump: str, suit: str) -> str:
    return " ".join(card_names(game.rank_order(SUITS.index(trump), SUITS.index(suit))))


@pytest.mark.parametrize(
    ("trump", "order"),
    [
        ("S", "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS"),
        ("C", "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C TC"),
        ("D", "5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D"),
        ("H", "5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H"),
    ],
)
def test_trump_orders_of_rules_1_3(trump: str, order: str) -> None:
    for nontrump_ace in ("high", "low"):
        assert _order(_game(nontrump_ace=nontrump_ace), trump, trump) == order


@pytest.mark.parametrize(
    ("options", "suit", "order"),
    [
        ({}, "S", "AS KS QS JS 2S 3S 4S 5S 6S 7S 8S 9S TS"),
        ({}, "D", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
        ({}, "H", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
        ({"nontrump_ace": "low"}, "C", "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C TC"),
        ({"nontrump_ace": "low"}, "D", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD"),
        ({"nontrump_ace": "low"}, "H", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
        ({"ten_as_face": True}, "S", "AS KS QS JS TS 2S 3S 4S 5S 6S 7S 8S 9S"),
        (
            {"ten_as_face": True, "nontrump_ace": "low"},
            "S",
            "KS QS JS TS AS 2S 3S 4S 5S 6S 7S 8S 9S",
        ),
        ({"ten_as_face": True}, "D", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
    ],
)
def test_non_trump_orders(options: dict[str, Any], suit: str, order: str) -> None:
    game = _game(**options)
    for trump in SUITS:
        if trump != suit:
            assert _order(game, trump, suit) == order


def test_ten_as_face_moves_the_black_trump_ten_after_the_queen() -> None:
    game = _game(ten_as_face=True)
    assert _order(game, "C", "C") == "5C JC AH AC KC QC TC 2C 3C 4C 6C 7C 8C 9C"
    assert _order(game, "H", "H") == "5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H"


def test_every_card_has_one_place_in_each_table() -> None:
    for ace in ("high", "low"):
        for face in (False, True):
            tables = rank_tables(ace, face, "five_jack")
            for trump, table in enumerate(tables.by_trump):
                cards = list(table.trump_order)
                for suit in range(4):
                    cards += table.nontrump_order[suit]
                assert sorted(cards) == list(range(52))
                assert len(table.trump_order) == (13 if trump == 1 else 14)


def test_rank_order_needs_a_trump_suit() -> None:
    with pytest.raises(NotationError) as refused:
        _game().rank_order(None, 0)
    assert refused.value.code == "bad_trump"


# -- trick winners -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "trump", "plays", "winner"),
    [
        ({}, "S", "AH AS 5S JS", 2),
        ({}, "C", "KH AH 2H 5C", 3),
        ({}, "D", "AD AH 5H KD", 1),
        ({}, "D", "5H KH 2H 3D", 3),
        ({}, "H", "3C AS KS AD", 0),
        ({}, "H", "TS 2S 9S 5S", 1),
        ({}, "S", "2D TD 3D 9D", 1),
        ({"nontrump_ace": "low"}, "H", "AS 2S KS 3S", 2),
        ({"nontrump_ace": "low"}, "S", "AD 2D 3D 4D", 3),
        ({"ten_as_face": True}, "S", "TS 2S 9S 3S", 0),
        ({"players": 6}, "D", "7S 8S AH KD 5D JD", 4),
        ({"players": 2}, "H", "3C 2C", 1),
    ],
)
def test_trick_winner(options: dict[str, Any], trump: str, plays: str, winner: int) -> None:
    assert _game(**options).trick_winner(parse_cards(plays), SUITS.index(trump)) == winner


def test_the_highest_trump_always_wins_its_trick() -> None:
    rng = random.Random(5)
    game = _game()
    for _ in range(500):
        trump = rng.randrange(4)
        plays = rng.sample(range(52), 4)
        order = game.rank_order(trump, trump)
        trumps = [c for c in plays if c in order]
        winner = plays[game.trick_winner(plays, trump)]
        if trumps:
            assert winner == min(trumps, key=order.index)
        else:
            led = plays[0] // 13
            assert winner // 13 == led


def test_an_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="at least one card"):
        _game().trick_winner([], 0)


# -- legal plays ---------------------------------------------------------------------------------
def _legal(game: Auction45, trump: str, hand: str, trick: str = "", **context: Any) -> str:
    legal = game.legal_plays(
        parse_cards(hand), parse_cards(trick), SUITS.index(trump), None, context
    )
    return " ".join(card_names(legal))


@pytest.mark.parametrize(
    ("renege", "hand", "led", "legal"),
    [
        ("five_jack", "5S JS KD", "2S", "5S JS KD"),
        ("five_jack", "5S KS KD", "2S", "5S KS"),
        ("five_jack", "JS KD", "5S", "JS"),
        ("five_jack", "AH KD", "2S", "AH"),
        ("five_jack_ah", "AH KD", "2S", "AH KD"),
        ("five_jack_ah", "AH KD", "JS", "AH"),
        ("five_only", "JS KD", "2S", "JS"),
        ("five_only", "5S KD", "2S", "5S KD"),
        ("none", "5S KD", "2S", "5S"),
        ("five_jack", "KD 2C", "2S", "KD 2C"),
    ],
)
def test_the_renege_privilege(renege: str, hand: str, led: str, legal: str) -> None:
    assert _legal(_game(renege=renege), "S", hand, led) == legal


def test_the_privilege_is_measured_against_the_led_card_only() -> None:
    assert _legal(_game(), "S", "JS 3D", "2S 5S") == "JS 3D"
    assert _legal(_game(), "S", "JS 3D", "5S 2S") == "JS"


def test_a_non_trump_lead_need_not_be_followed_by_default() -> None:
    assert _legal(_game(), "S", "2H 2D 3S", "KH") == "3S 2H 2D"


def test_follow_or_trump() -> None:
    game = _game(follow_nontrump="follow_or_trump")
    assert _legal(game, "S", "2H 2D 3S AH", "KH") == "3S 2H AH"
    assert _legal(game, "S", "AH 2D 3C", "KH") == "AH 2D 3C"
    assert _legal(game, "H", "AH 2D 3C", "KD") == "AH 2D"


def test_forced_trump_lead_on_30_and_60() -> None:
    game = _game()
    first: dict[str, Any] = {"opening_lead": True, "bidding_side": False}
    assert _legal(game, "S", "3S KH 2D", bid=30, **first) == "3S"
    assert _legal(game, "H", "5H KS", bid=60, **first) == "5H"
    assert _legal(game, "S", "KH 2D", bid=30, **first) == "KH 2D"
    assert _legal(game, "S", "3S KH 2D", bid=25, **first) == "3S KH 2D"
    assert _legal(game, "S", "3S KH", bid=30, opening_lead=True, bidding_side=True) == "3S KH"
    assert _legal(game, "S", "3S KH", bid=30, opening_lead=False) == "3S KH"
    off = _game(thirty_forces_trump_lead=False)
    assert _legal(off, "S", "3S KH 2D", bid=30, **first) == "3S KH 2D"


def test_legal_plays_are_a_subset_of_the_hand_in_canonical_order() -> None:
    rng = random.Random(9)
    for renege in ("five_jack", "five_jack_ah", "five_only", "none"):
        game = _game(renege=renege, follow_nontrump=rng.choice(["free", "follow_or_trump"]))
        for _ in range(200):
            cards = rng.sample(range(52), 6)
            hand, trick = cards[:5], cards[5:]
            legal = game.legal_plays(hand, trick, rng.randrange(4))
            assert legal and legal == sorted(legal) and set(legal) <= set(hand)


# -- the deal ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kitty_size", "hands0", "kitty"),
    [
        (4, (0, 1, 2, 14, 15), (12, 13, 22, 23)),
        (3, (0, 1, 2, 15, 16), (12, 13, 14)),
        (0, (0, 1, 2, 12, 13), ()),
    ],
)
def test_the_deal_follows_rules_1_4(
    kitty_size: int, hands0: tuple[int, ...], kitty: tuple[int, ...]
) -> None:
    game = _game(kitty_size=kitty_size)
    deal = game.deal_from_deck(list(range(52)), dealer=3)
    assert deal.hands[0] == hands0
    assert deal.hands[1][:3] == (3, 4, 5) and deal.hands[3][:3] == (9, 10, 11)
    assert deal.kitty == kitty
    assert deal.stock == tuple(range(20 + kitty_size, 52))


def test_the_first_card_goes_to_the_dealers_left() -> None:
    deal = _game().deal_from_deck(list(range(52)), dealer=1)
    assert deal.hands[2][0] == 0 and deal.hands[1][0] == 9


def test_a_seeded_deal_is_a_deterministic_permutation() -> None:
    for seed in range(300):
        deck = list(shuffled_deck(random.Random(seed)))
        assert sorted(deck) == list(range(52))
        assert deck == list(shuffled_deck(random.Random(seed)))
    first_cards = {shuffled_deck(random.Random(seed))[0] for seed in range(300)}
    assert len(first_cards) > 40


def test_seeded_hands_and_explicit_deals_agree() -> None:
    game = _game()
    hand = game.new_hand(dealer=2, seed=77)
    again = game.new_hand(dealer=2, deal=hand.deal)
    assert isinstance(hand, Auction45Hand) and isinstance(again, Auction45Hand)
    assert [again.hand_mask(s) for s in range(4)] == [hand.hand_mask(s) for s in range(4)]
    assert again.kitty == hand.kitty and again.stock_left == hand.stock_left


@pytest.mark.parametrize(
    "deal",
    [
        Deal(((0, 1, 2, 3, 4),) * 4, (5, 6, 7, 8), tuple(range(24, 52))),
        Deal(
            tuple(tuple(range(5 * s, 5 * s + 5)) for s in range(3)),
            (20, 21, 22, 23),
            tuple(range(24, 52)),
        ),
        Deal(
            tuple(tuple(range(5 * s, 5 * s + 5)) for s in range(4)),
            (20, 21, 22),
            tuple(range(23, 52)),
        ),
        Deal(
            tuple(tuple(range(5 * s, 5 * s + 5)) for s in range(4)),
            (20, 21, 22, 23),
            tuple(range(24, 51)),
        ),
        Deal(
            tuple(tuple(range(5 * s, 5 * s + 4)) for s in range(4)),
            (20, 21, 22, 23),
            tuple(range(24, 52)),
        ),
    ],
)
def test_bad_deals_are_refused(deal: Deal) -> None:
    with pytest.raises(NotationError) as refused:
        _game().new_hand(dealer=0, deal=deal)
    assert refused.value.code == "bad_deal"


def test_bad_dealer_and_tally() -> None:
    with pytest.raises(NotationError) as refused:
        _game().new_hand(dealer=4, seed=1)
    assert refused.value.code == "bad_seat"
    with pytest.raises(NotationError) as refused:
        _game().new_hand(dealer=0, seed=1, scores=[0, 0, 0])
    assert refused.value.code == "bad_tally"


def test_cards_parse_back() -> None:
    assert parse_card("ah") == parse_card("AH") == 13 + 12
