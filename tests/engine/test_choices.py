from __future__ import annotations

import itertools

from engine.rules.actions import Discard, KittyDiscard
from engine.rules.cards import mask_of, parse_cards
from engine.rules.choices import CardSubsets


def test_subsets_enumerate_every_combination_once_in_order() -> None:
    cards = sorted(parse_cards("2S 5H 7D 9C KC AS"))
    choices = CardSubsets(Discard, 1, mask_of(cards), range(4))
    expected = [combo for k in range(4) for combo in itertools.combinations(cards, k)]
    assert [a.cards for a in choices] == expected
    assert len(choices) == len(expected) == 42
    assert choices[-1].cards == expected[-1]
    assert Discard(1, expected[10]) in choices
    assert Discard(2, expected[10]) not in choices


def test_large_choice_sets_are_lazy_but_complete() -> None:
    choices = CardSubsets(KittyDiscard, 0, (1 << 16) - 1, [4])
    assert len(choices) == 1820
    assert len({a.cards for a in choices}) == 1820
    assert all(len(a.cards) == 4 for a in choices[:50])


def test_a_filter_keeps_only_allowed_subsets() -> None:
    cards = parse_cards("2S 3S 4S")
    choices = CardSubsets(Discard, 0, mask_of(cards), range(4), allowed=lambda c: len(c) <= 1)
    assert [a.cards for a in choices] == [(), (cards[0],), (cards[1],), (cards[2],)]
