"""Cards that play alike in auction45: the search tries one card of each class."""

from __future__ import annotations

import pytest

from engine.bots.equivalent import card_classes
from engine.bots.ranking import ranking
from engine.rules import get_game, parse_cards
from engine.rules.cards import mask_of, parse_suit


def classes(hand: str, played: str, trump: str = "C") -> list[int]:
    game = get_game("auction45")
    suit = parse_suit(trump)
    assert suit is not None
    cards = list(parse_cards(hand))
    return card_classes(cards, mask_of(cards), mask_of(parse_cards(played)), ranking(game, suit))


@pytest.mark.parametrize(
    ("hand", "played", "expected"),
    [
        ("JC AH AC", "", [0, 0, 0]),  # three top trumps in a row
        ("JC AC", "", [0, 1]),  # the ace of hearts may still turn up between them
        ("JC AC", "AH", [0, 1]),  # a trump played between: the bonus tells them apart
        ("KD JD", "QD", [0, 0]),  # a plain card played between changes nothing
        ("KD JD", "", [0, 1]),  # the queen may still be played between them
        ("KD KS", "", [0, 1]),  # other suits never play alike
        ("3D 2D 9S 8S 7D", "", [0, 0, 2, 2, 4]),
    ],
)
def test_card_classes(hand: str, played: str, expected: list[int]) -> None:
    assert classes(hand, played) == expected
