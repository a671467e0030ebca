from __future__ import annotations

import itertools

from engine.rules.actions import Action, Discard, KittyDiscard
from engine.rules.cards import mask_of, parse_cards
from engine.rules.choices import CardSubsets


def cards_of(action: Action) -> tuple[int, ...]:
    assert isinstance(action, (Discard, KittyDiscard))
    return action.cards


def test_subsets_enumerate_every_combination_once_in_order() -> None:
    cards = sorted(parse_cards("2S 5H 7D 9C KC AS"))
    choices = CardSubsets(Discard, 1, mask_of(cards), range(4))
    expected = [combo for k in range(4) for combo in itertools.combinations(cards, k)]
    assert [cards_of(a) for a in choices] == expected
    assert len(choices) == len(expected) == 42
    assert cards_of(choices[-1]) == expected[-1]
    assert Discard(1, expected[10]) in choices
    assert Discard(2, expected[10]) not in choices


def test_large_choice_sets_are_lazy_but_complete() -> None:
    choices = CardSubsets(KittyDiscard, 0, (1 << 16) - 1, [4])
    assert len(choices) == 1820
    assert len({cards_of(a) for a in choices}) == 1820
    assert all(len(cards_of(a)) == 4 for a in choices[:50])


def test_a_filter_keeps_only_allowed_subsets() -> None:
    cards = parse_cards("2S 3S 4S")
    choices = CardSubsets(Discard, 0, mask_of(cards), range(4), allowed=lambda c: len(c) <= 1)
    assert [cards_of(a) for a in choices] == [(), (cards[0],), (cards[1],), (cards[2],)]
