"""The rule bot's card sense, case by case."""

from __future__ import annotations

import random

import pytest

from engine.bots import bot_for, rules45, rulespitch, ruleswhist
from engine.bots.ranking import ranking
from engine.bots.spot import Spot
from engine.rules import Action, Call, Deal, Declare, Game, Hand, get_game, parse_card, parse_cards
from engine.rules.cards import DECK_52, mask_of

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def hand_with(game: Game, seat: int, cards: str, dealer: int = 3) -> Hand:
    """A seeded hand in which ``seat`` was dealt ``cards`` (the other cards keep their order)."""
    base = game.new_hand(dealer=dealer, seed=5).deal
    wanted = list(parse_cards(cards))
    everything = [*(c for h in base.hands for c in h), *base.kitty, *base.stock]
    rest = iter(c for c in everything if c not in wanted)
    hands = tuple(
        tuple(wanted) if s == seat else tuple(next(rest) for _ in h)
        for s, h in enumerate(base.hands)
    )
    kitty = tuple(next(rest) for _ in base.kitty)
    stock = tuple(next(rest) for _ in base.stock)
    return game.new_hand(dealer=dealer, deal=Deal(hands, kitty, stock))


def rule_choice(hand: Hand) -> Action:
    seat = hand.to_act
    assert seat is not None
    return bot_for("rule", hand.game).choose(
        hand.view(seat), hand.legal_actions(), random.Random(1)
    )


def spot(
    game_id: str,
    trump: int,
    hand: str,
    trick: list[tuple[int, str]],
    *,
    seat: int = 0,
    bidder: int = 0,
    legal: str | None = None,
    played: str = "",
) -> Spot:
    game = get_game(game_id)
    held = mask_of(parse_cards(hand))
    cards = [parse_card(c) for _, c in trick]
    seen = held | mask_of(cards) | mask_of(parse_cards(played))
    after = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
    return Spot(
        seat=seat, hand=held, legal=list(parse_cards(legal or hand)),
        trick_seats=[s for s, _ in trick], trick_cards=cards, played=seen & ~held,
        unseen=DECK_52 & ~seen, rank=ranking(game, trump), seat_side=(0, 1, 0, 1),
        bidder=bidder, bid=20, after=after,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("cards", "before", "call"),
    [
        ("5H JH AH KH QH", [], "30"),
        ("5D JD AD 3C 9S", [], "15"),
        ("5D JD AD 3C 9S", ["20"], "25"),
        ("2S 3D 4C 7H 8S", ["20"], "pass"),
    ],
)
def test_auction45_calls_by_strength(cards: str, before: list[str], call: str) -> None:
    seat = 1 + len(before)  # seat 0 passes, the next seats make the calls ``before``
    hand = hand_with(get_game("auction45"), seat, cards)
    for made in ["pass", *before]:
        hand.apply(Call(hand.to_act or 0, made))
    assert hand.to_act == seat
    assert rule_choice(hand) == Call(seat, call)


def test_auction45_names_the_suit_of_its_top_trumps() -> None:
    game = get_game("auction45")
    hand = hand_with(game, 0, "5C JC KC 2H 9D")
    for call in ("20", "pass", "pass", "pass"):
        hand.apply(Call(hand.to_act or 0, call))
    assert hand.phase == "declare"
    assert rule_choice(hand).suit == CLUBS  # type: ignore[attr-defined]


def test_auction45_draw_keeps_trumps_only() -> None:
    game = get_game("auction45")
    rank = ranking(game, SPADES)
    wanted = rules45.wanted_draw_discard(mask_of(parse_cards("5S 2S 4H 9D AC")), rank)
    assert wanted == parse_cards("4H 9D AC")


def test_auction45_leads_the_best_trump_left() -> None:
    s = spot("auction45", SPADES, "5S 3S 4H", [])
    assert rules45.play(s) == parse_card("5S")


def test_auction45_lets_a_partner_take_the_trick() -> None:
    s = spot("auction45", SPADES, "JS 9D 4H", [(2, "5S"), (3, "2S")], seat=0)
    assert rules45.play(s) in parse_cards("9D 4H")


def test_auction45_wins_cheaply_when_last() -> None:
    s = spot("auction45", SPADES, "JS 3S 9H", [(1, "QS"), (2, "7S"), (3, "KS")], seat=0)
    s.after = []
    assert rules45.play(s) == parse_card("JS")


def test_auction45_keeps_the_five_back_when_a_partner_leads() -> None:
    # The partner led KS; the five is privileged against it, so a plain card may go instead.
    s = spot("auction45", SPADES, "5S 9H", [(1, "KS"), (2, "3S")], seat=3)
    s.after = [0]
    assert rules45.play(s) == parse_card("9H")


def test_bidwhist_bids_in_full_and_declares_downtown_with_low_cards() -> None:
    game = get_game("bidwhist")
    hand = hand_with(game, 0, "AS 2S 3S 4S 5S AH 2H 3H AD 2D 3D 2C")
    call = rule_choice(hand)
    assert isinstance(call, Call) and (call.amount or 0) >= 5
    hand.apply(call)
    for _ in range(3):
        hand.apply(Call(hand.to_act or 0, "pass"))
    declare = rule_choice(hand)
    assert isinstance(declare, Declare)
    assert declare.mode == "downtown_aces_good"


def test_bidwhist_plays_second_hand_low() -> None:
    s = spot("bidwhist", HEARTS, "KS 3S 9D", [(3, "5S")], seat=0, legal="KS 3S")
    assert ruleswhist.play(s) == parse_card("3S")


def test_pitch_gives_points_to_a_partners_sure_trick() -> None:
    game = get_game("pitch52")
    s = spot("pitch52", SPADES, "3S JS 4S", [(2, "AS"), (3, "5S")], seat=0)
    values = rulespitch.capture_values(game, SPADES)
    assert rulespitch.play(s, values) == parse_card("3S")


def test_pitch_keeps_point_cards_when_over_six() -> None:
    game = get_game("pitch52")
    rank = ranking(game, SPADES)
    values = rulespitch.capture_values(game, SPADES)
    worth = sorted(
        parse_cards("3S JS JC BJ 4S 5S 6S 7S"), key=lambda c: 10 * values[c] + rank.power[c]
    )
    assert set(worth[:2]) == set(parse_cards("4S 5S"))
