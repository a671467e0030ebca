"""Bid whist options, deal, card orders, trick winners and legal plays (docs/rules.md#bidwhist-deal
to #bidwhist-play, #bidwhist-options)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.rules import Deal, get_game
from engine.rules.bidwhist import BidWhist, BidWhistOptions
from engine.rules.cards import card_names, parse_card, parse_cards
from engine.rules.errors import NotationError, OptionError

GAME = get_game("bidwhist")


# -- options (docs/rules.md#bidwhist-options) -----------------------------------------------------
def test_defaults_follow_seed_002() -> None:
    assert isinstance(GAME, BidWhist)
    assert GAME.options == BidWhistOptions(
        min_bid=1,
        scoring="books_over_six",
        no_trump_multiplier=1,
        boston_multiplier=1,
        target=21,
        kitty_book="first_trick_winner",
    )
    assert GAME.target == 21
    assert GAME.seating.seat_side == (0, 1, 0, 1)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("min_bid", 2),
        ("min_bid", 3),
        ("min_bid", 4),
        ("scoring", "contract"),
        ("no_trump_multiplier", 2),
        ("boston_multiplier", 4),
        ("target", 7),
        ("target", 500),
        ("kitty_book", "bidder"),
    ],
)
def test_every_listed_option_value_is_accepted(option: str, value: Any) -> None:
    game = get_game("bidwhist", {option: value})
    assert isinstance(game, BidWhist)
    assert getattr(game.options, option) == value
    assert game.options_dict()[option] == value


@pytest.mark.parametrize(
    ("options", "code", "words"),
    [
        ({"players": 4}, "unknown_option", "min_bid"),
        ({"minbid": 2}, "unknown_option", "kitty_book"),
        ({"min_bid": 5}, "bad_option_value", "1, 2, 3, 4"),
        ({"min_bid": 0}, "bad_option_value", "min_bid"),
        ({"scoring": "rubber"}, "bad_option_value", "books_over_six, contract"),
        ({"no_trump_multiplier": 3}, "bad_option_value", "1, 2"),
        ({"boston_multiplier": 2}, "bad_option_value", "1, 4"),
        ({"target": 0}, "bad_option_value", "above 0"),
        ({"target": -7}, "bad_option_value", "target"),
        ({"target": True}, "bad_option_value", "target"),
        ({"target": "21"}, "bad_option_value", "target"),
        ({"kitty_book": "dealer"}, "bad_option_value", "first_trick_winner, bidder"),
    ],
)
def test_bad_options_are_refused_with_the_allowed_values(
    options: dict[str, Any], code: str, words: str
) -> None:
    with pytest.raises(OptionError) as refused:
        BidWhist(options)
    assert refused.value.code == code
    assert words in refused.value.message


# -- the deal (docs/rules.md#bidwhist-deal) -------------------------------------------------------
@pytest.mark.parametrize("dealer", range(4))
def test_the_deal_gives_twelve_each_and_a_kitty_of_four(dealer: int) -> None:
    deal = GAME.deal(random.Random(dealer), dealer)
    assert [len(h) for h in deal.hands] == [12, 12, 12, 12]
    assert len(deal.kitty) == 4 and deal.stock == ()
    cards = [c for h in deal.hands for c in h] + list(deal.kitty)
    assert sorted(cards) == list(range(52))
    assert all(list(h) == sorted(h) for h in deal.hands)
    GAME.check_deal(deal)


def test_the_deal_goes_one_card_at_a_time_from_the_dealers_left() -> None:
    # Rebuild the deck order from the same generator: the dealer's left gets cards 0, 4, 8...
    rng = random.Random(99)
    deal = GAME.deal(rng, 2)
    rng = random.Random(99)
    keys = [rng.random() for _ in range(52)]
    deck = sorted(range(52), key=keys.__getitem__)
    assert set(deal.hands[3]) == set(deck[0:48:4])
    assert set(deal.hands[0]) == set(deck[1:48:4])
    assert set(deal.hands[1]) == set(deck[2:48:4])
    assert set(deal.hands[2]) == set(deck[3:48:4])
    assert deal.kitty == tuple(deck[48:])


def test_seeded_hands_are_reproducible() -> None:
    assert GAME.new_hand(seed=5).deal == GAME.new_hand(seed=5).deal
    assert GAME.new_hand(seed=5).deal != GAME.new_hand(seed=6).deal


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: Deal(d.hands[:3], d.kitty),
        lambda d: Deal((d.hands[0][:11], *d.hands[1:]), (*d.kitty, d.hands[0][11])),
        lambda d: Deal(d.hands, d.kitty[:3], (d.kitty[3],)),
        lambda d: Deal((d.hands[0][:11] + (d.hands[1][0],), *d.hands[1:]), d.kitty),
        lambda d: Deal(d.hands, (*d.kitty[:3], 52)),
    ],
    ids=["three_hands", "eleven_cards", "stock", "duplicate", "joker"],
)
def test_bad_deals_are_refused(mutate: Any) -> None:
    deal = mutate(GAME.deal(random.Random(1), 0))
    with pytest.raises(NotationError) as refused:
        GAME.check_deal(deal)
    assert refused.value.code == "bad_deal"
    with pytest.raises(NotationError):
        GAME.new_hand(deal=deal)


@pytest.mark.parametrize("dealer", [-1, 4, True, "0"])
def test_a_bad_dealer_is_refused(dealer: Any) -> None:
    with pytest.raises(NotationError) as refused:
        GAME.new_hand(dealer=dealer, seed=1)
    assert refused.value.code == "bad_seat"


# -- card orders (docs/rules.md#bidwhist-declaring) -----------------------------------------------
@pytest.mark.parametrize(
    ("mode", "hearts"),
    [
        ("uptown", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
        ("downtown_aces_good", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"),
        ("downtown_aces_bad", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
    ],
)
@pytest.mark.parametrize("trump", [0, 1, 2, 3, None])
def test_rank_order_is_the_modes_whatever_the_trump(
    mode: str, hearts: str, trump: int | None
) -> None:
    assert card_names(GAME.rank_order(trump, 1, mode)) == hearts.split()
    spades = hearts.replace("H", "S")
    assert card_names(GAME.rank_order(trump, 0, mode)) == spades.split()


def test_rank_order_without_a_mode_is_uptown_and_a_bad_mode_is_refused() -> None:
    assert card_names(GAME.rank_order(None, 3))[:2] == ["AC", "KC"]
    with pytest.raises(NotationError) as refused:
        GAME.rank_order(None, 3, "sideways")
    assert refused.value.code == "bad_mode"


@pytest.mark.parametrize(
    ("trump", "mode", "plays", "winner"),
    [
        (0, "uptown", "KH AH 2S QH", 2),
        (0, "uptown", "KH AH 2S 3S", 3),
        (0, "downtown_aces_good", "KH AH 2S 3S", 2),
        (0, "downtown_aces_good", "KH AH 2S AS", 3),
        (0, "downtown_aces_bad", "KH AH 2S AS", 2),
        (None, "uptown", "5H KH AS 2H", 1),
        (None, "downtown_aces_bad", "KH AH 2D 3H", 3),
        (None, "downtown_aces_good", "KH AH 2D 3H", 1),
        (None, "uptown", "2C AS AH AD", 0),
        (1, "uptown", "2C AS 3C AD", 2),
        (1, "uptown", "4H AH 5H AS", 1),
        (2, "downtown_aces_bad", "TD AD 2D 3C", 2),
        (3, "downtown_aces_good", "2H KC QC AH", 2),
        (1, "downtown_aces_bad", "KS AS QS JS", 3),
        (1, "uptown", "KS", 0),
        (1, "uptown", "KS 2H", 1),
    ],
)
def test_trick_winner(trump: int | None, mode: str, plays: str, winner: int) -> None:
    assert GAME.trick_winner(parse_cards(plays), trump, mode) == winner


@pytest.mark.parametrize(
    ("hand", "trick", "legal"),
    [
        ("3C KC AH 2D", "5C", "3C KC"),
        ("AH 2D TD", "5C", "AH 2D TD"),
        ("2S AH 3D", "", "2S AH 3D"),
        ("4H 9S QH 2C", "TH AH", "4H QH"),
        ("KS 2H 3H", "4S 5S 6S", "KS"),
        ("2S 3H", "AS", "2S"),
        ("2D 3C", "5H", "2D 3C"),
        ("", "5H", ""),
    ],
)
@pytest.mark.parametrize("trump", [0, 1, None])
def test_legal_plays_follow_suit_whatever_the_trump(
    hand: str, trick: str, legal: str, trump: int | None
) -> None:
    found = GAME.legal_plays(parse_cards(hand), parse_cards(trick), trump, "downtown_aces_bad")
    assert found == sorted(parse_cards(legal))


def test_legal_plays_are_sorted_canonically() -> None:
    found = GAME.legal_plays(parse_cards("AC KC 2D"), parse_cards("QC"), 3, "uptown", {})
    assert found == [parse_card("KC"), parse_card("AC")]
