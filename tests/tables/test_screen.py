"""What the table page is told about the own hand: which cards may be played, and what a
discard must be (``DiscardChoice``), so the page offers only what the rules allow."""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest
from django.test import Client
from django.urls import reverse

from engine.bots import bot_for
from engine.rules import get_game
from tables import selectors
from tables.cards import Card
from tables.models import LiveTable
from tables.screen import (
    DISCARD_TYPES,
    DiscardChoice,
    Screen,
    _actions,
    _kitty_notes,
    high_bid,
    table_screen,
)
from tests.tables.helpers import play_one, state, table_with


def test_a_card_is_named_for_its_button() -> None:
    assert Card.of("5H").named == "5 of hearts"
    assert Card.of("TS").named == "10 of spades"
    assert Card.of("BJ").named == "Big joker"


def test_the_cards_each_seat_received_in_pitch_read_right_for_you_too() -> None:
    names = ["You", "Computer East, random", "Computer North, random", "Computer West, random"]
    notes = _kitty_notes({"received_counts": [5, 2, 0, None]}, names)
    assert notes == [
        "You received 5; Computer East, random received 2; Computer North, random received 0"
    ]


def test_the_excess_trumps_discarded_face_up_in_pitch_are_named_with_their_seat() -> None:
    """The view lists each discard as its seat and cards; every watcher's screen reads them."""
    names = ["You", "Computer East, random", "Computer North, random"]
    view = {"excess_discards": [{"seat": 1, "cards": ["4S", "5S"]}, {"seat": 0, "cards": ["6S"]}]}
    notes = _kitty_notes(view, names)
    faces = [Card.of(c).face for c in ("4S", "5S", "6S")]
    assert notes == [
        f"Excess trumps discarded: Computer East, random discarded {faces[0]}, {faces[1]}; "
        f"You discarded {faces[2]}"
    ]


def test_bid_whist_kitty_is_any_four_of_the_hand() -> None:
    hand = ["2C", "3C", "4C", "5C", "6C", "7C"]
    choice = DiscardChoice.of("kitty_discard", [list(c) for c in combinations(hand, 4)])
    assert choice.counts == (4,)
    assert choice.cards == set(hand)
    assert choice.required == set()
    assert choice.help == "choose 4 cards"


def test_the_draw_is_up_to_so_many_cards_or_none() -> None:
    hand = ["2C", "3C", "4C"]
    legal = [list(c) for n in range(3) for c in combinations(hand, n)]
    choice = DiscardChoice.of("discard", legal)
    assert choice.counts == (0, 1, 2)
    assert choice.help == "choose up to 2 cards, or none"
    assert choice.label == "Discard and draw"


def test_cards_that_must_go_are_required_and_others_left_out() -> None:
    # Pitch, non-point excess discard: the plain trump must go, one point card with it.
    legal = [["4H", "AH"], ["4H", "JH"]]
    choice = DiscardChoice.of("excess_discard", legal)
    assert choice.required == {"4H"}
    assert choice.cards == {"4H", "AH", "JH"}
    assert choice.help == "choose 2 cards"
    assert DiscardChoice.of("excess_discard", [["AH"]]).help == "choose 1 card"
    assert DiscardChoice.of("discard", [["AH"], ["AH", "KH"]]).help == "choose 1 to 2 cards"


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("auction45", {}),
        ("auction45", {"kitty_rule": "trumps_only"}),
        ("bidwhist", {}),
        ("pitch52", {"rob": "bidder_all", "excess_trump_discard": "non_point"}),
    ],
)
def test_every_discard_the_page_allows_is_legal(game_id: str, options: dict[str, str]) -> None:
    """Play hands with a computer player; at every discard, each set the page would send
    (the required cards and others that may go, of an allowed size) is a legal action."""
    game = get_game(game_id, options)
    rng = random.Random(3)
    bot = bot_for("random")
    seen = 0
    for deal in range(400):
        hand = game.new_hand(dealer=deal % game.seating.seats, seed=rng)
        while hand.phase != "over" and seen < 30:
            seat = hand.to_act
            view = hand.view(seat)
            legal = {str(a) for a in view["legal"]}
            kind = next(iter(legal)).split()[1]
            if kind in DISCARD_TYPES:
                seen += 1
                _check_choice(DiscardChoice.of(kind, [a.split()[2:] for a in legal]), legal)
            hand.apply(bot.choose(view, hand.legal_actions(), rng))
        if seen >= 30:
            break
    assert seen, f"no discard in {game_id}"


def _check_choice(choice: DiscardChoice, legal: set[str]) -> None:
    sets = {frozenset(a.split()[2:]) for a in legal}
    free = sorted(choice.cards - choice.required)
    offered = {
        choice.required | set(extra)
        for count in choice.counts
        for extra in combinations(free, count - len(choice.required))
    }
    assert offered == sets


def _page_cards(html: str) -> dict[str, str]:
    """The own hand's card buttons on the page: card -> the button's attributes."""
    row = html[html.index('id="own-hand"') :]
    row = row[: row.index("</div>")]
    return {m[1]: m[0] for m in re.findall(r'(<button[^>]*data-card="(\w+)"[^>]*>)', row)}


@pytest.mark.django_db
def test_the_page_offers_only_the_cards_and_discards_the_rules_allow() -> None:
    table, members = table_with(people=4, bots=0, game_id="bidwhist", seed=5, first_dealer=0)
    seen = set()
    for _ in range(80):
        hand = state(table)
        seat = hand.to_act
        assert seat is not None
        user = members[seat].player.user
        assert user is not None
        client = Client()
        client.force_login(user)
        html = client.get(reverse("table_detail", args=[table.club.slug, table.pk])).text
        view = hand.view(seat)
        if hand.phase == "discard":
            # Any four of the sixteen: every card may be chosen, none is fixed.
            cards = _page_cards(html)
            assert 'data-counts="4"' in html and "choose 4 cards" in html
            assert set(cards) == set(view["hand"]) and len(cards) == 16
            assert all(
                'aria-pressed="false"' in b and "aria-disabled" not in b for b in cards.values()
            )
            seen.add("discard")
        elif hand.phase == "play":
            playable = {a.split()[2] for a in view["legal"]}
            for card, button in _page_cards(html).items():
                if card in playable:
                    assert f'data-action="{seat} play {card}"' in button
                    assert "aria-disabled" not in button
                else:
                    assert 'aria-disabled="true"' in button and "data-action" not in button
                    seen.add("blocked")
            if seen >= {"discard", "blocked"}:
                break
        play_one(table)
    assert seen == {"discard", "blocked"}


@pytest.mark.django_db
def test_a_computer_is_named_by_its_seat_once() -> None:
    table, members = table_with(people=1, bots=3, seed=5)
    rows = selectors.screen_for(table, 0).seats
    assert [(row.name, row.compass) for row in rows[1:]] == [
        ("Computer East, random", ""),
        ("Computer South, random", ""),
        ("Computer West, random", ""),
    ]
    assert rows[0].compass == "North"  # a person's seat is named by the person
    client = Client()
    user = members[0].player.user
    assert user is not None
    client.force_login(user)
    page = client.get(reverse("table_detail", args=[table.club.slug, table.pk])).content.decode()
    seat = re.search(r'data-seat-index="3"[^>]*>(.*?)</div>', page, re.S)
    assert seat is not None and seat.group(1).count("West") == 1


def test_going_on_the_kitty_comes_after_the_trump_choices_and_says_what_it_does() -> None:
    screen = Screen(table=LiveTable(), seat=0, seq=9, game_name="120s", seats=[])
    _actions(screen, ["0 go_kitty", "0 trump S", "0 trump H", "0 trump D", "0 trump C"])
    labels = [button.label for button in screen.buttons]
    assert labels == [
        "Trump: Spades",
        "Trump: Hearts",
        "Trump: Diamonds",
        "Trump: Clubs",
        "Go on the kitty",
    ]
    assert screen.buttons[-1].help == (
        "Going on the kitty throws your whole hand away and gives you the kitty instead."
    )
    assert all(not button.help for button in screen.buttons[:-1])


@pytest.mark.parametrize(
    ("calls", "high"),
    [
        ([], None),
        ([(1, "pass"), (2, "pass")], None),
        ([(1, "20"), (2, "25"), (3, "pass")], (25, 2)),
        ([(1, "20"), (2, "pass"), (3, "pass"), (0, "hold")], (20, 0)),
    ],
)
def test_the_high_bid_and_who_holds_it(
    calls: list[tuple[int, str]], high: tuple[int, int] | None
) -> None:
    assert high_bid([{"seat": seat, "call": call} for seat, call in calls]) == high


@pytest.mark.django_db
def test_during_the_auction_the_bar_says_the_bid_to_beat_and_who_made_it() -> None:
    table, _ = table_with(people=4, bots=0, seed=5)
    for _ in range(40):
        view = state(table).view(0)
        if view["phase"] == "auction" and any(c["call"].isdigit() for c in view["calls"]):
            break
        play_one(table)
    else:
        pytest.fail("nobody bid")
    screen = selectors.screen_for(table, 0)
    bid, seat = high_bid(view["calls"]) or (0, 0)
    assert screen.contract == ""
    assert screen.high_bid == f"{screen.seats[seat].name} bid {bid}"
    player = table.seats.get(index=0).player
    assert player is not None and player.user is not None
    client = Client()
    client.force_login(player.user)
    page = client.get(reverse("table_detail", args=[table.club.slug, table.pk])).content.decode()
    assert f'<dd id="bar-bid">{screen.high_bid}</dd>' in page


@pytest.mark.django_db
def test_the_screen_keeps_the_phase_as_a_plain_word() -> None:
    """A game's view may give its ``Phase``; the screen, sent as JSON and compared in
    templates, holds the plain word."""
    table, _ = table_with(people=4, bots=0, game_id="pitch52", seed=5, first_dealer=0)
    hand = state(table)
    screen = table_screen(table, selectors.seats_of(table), hand, hand.to_act)
    assert type(screen.phase) is str and screen.phase == "auction"
