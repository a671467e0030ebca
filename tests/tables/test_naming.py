"""Seat names and places at a table (``tables.naming``) and cards as the page names
them (``tables.cards``)."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from tables import selectors
from tables.cards import Card
from tables.naming import seat_compasses, seat_places
from tests.tables.helpers import table_with


@pytest.mark.parametrize(
    ("count", "viewer", "places"),
    [
        (4, 0, ["bottom", "left", "top", "right"]),
        (4, 2, ["top", "right", "bottom", "left"]),
        (4, None, ["bottom", "left", "top", "right"]),
        (3, 1, ["right", "bottom", "left"]),
        (5, 0, ["bottom", "left", "top-left", "top-right", "right"]),
        (6, 3, ["top", "top-right", "right", "bottom", "left", "top-left"]),
    ],
)
def test_the_viewer_sits_at_the_bottom_and_the_others_round_clockwise(
    count: int, viewer: int | None, places: list[str]
) -> None:
    assert seat_places(count, viewer) == places


@pytest.mark.parametrize(
    ("code", "face", "suit", "spoken"),
    [
        ("5H", "5\u2665", "H", "five of hearts"),
        ("TS", "10\u2660", "S", "ten of spades"),
        ("AD", "A\u2666", "D", "ace of diamonds"),
        ("BJ", "Big joker", "", "big joker"),
    ],
)
def test_a_card_is_named_for_a_screen_reader(code: str, face: str, suit: str, spoken: str) -> None:
    card = Card.of(code)
    assert (card.face, card.suit, card.spoken) == (face, suit, spoken)


@pytest.mark.django_db
def test_computers_have_distinct_names_and_the_own_seat_is_you() -> None:
    table, _ = table_with(people=1, bots=3, seed=11)
    sent = json.loads(selectors.table_payloads(table.pk).seats[0])
    names = [row["name"] for row in sent["seats"]]
    assert names[0] == "You"
    assert names[1:] == [
        "Computer East, random",
        "Computer South, random",
        "Computer West, random",
    ]
    assert [row["compass"] for row in sent["seats"]] == ["North", "", "", ""]  # names say it
    assert [row["place"] for row in sent["seats"]] == ["bottom", "left", "top", "right"]
    public = json.loads(selectors.table_payloads(table.pk).public["en"])
    assert public["seats"][1]["name"] == "Computer East, random"
    table.refresh_from_db()
    assert table.scoresheet is not None
    sheet = table.scoresheet
    assert [side.label for side in sheet.sides.order_by("index")] == [
        f"{table.seats.get(index=0).player} & Computer South, random",
        "Computer East, random & Computer West, random",
    ]


def test_cards_and_compass_names_are_kept_per_language_not_across_languages() -> None:
    """Cards and compass names are made once per language and kept: a card first named in
    English is still named in French for a French screen, and back."""
    with translation.override("en"):
        english = (Card.of("5H").spoken, seat_compasses(4))
    with translation.override("fr"):
        french = (Card.of("5H").spoken, seat_compasses(4))
    with translation.override("en"):
        again = (Card.of("5H").spoken, seat_compasses(4))
    assert english == again == ("five of hearts", ["North", "East", "South", "West"])
    assert french[0] != english[0] and french[1][0] != "North", french


def test_a_cards_suit_letter_is_the_readers() -> None:
    """Beside the symbol, the letter the reader knows the suit by: pique, cœur, carreau and
    trèfle in French."""
    assert [Card.of(code).suit for code in ("5S", "5H", "5D", "5C")] == ["S", "H", "D", "C"]
    with translation.override("fr"):
        assert [Card.of(code).suit for code in ("5S", "5H", "5D", "5C")] == ["P", "C", "K", "T"]
        assert Card.of("BJ").suit == ""
