"""The cached whist designs really are whist designs; the circle method really rotates."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.pairing.circle import circle_round
from tournaments.pairing.designs import WHIST_BASES, design_round, design_rounds


@pytest.mark.parametrize("players", sorted(WHIST_BASES))
def test_design_partners_once_opposes_twice_rests_once(players: int) -> None:
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    rested: Counter[int] = Counter()
    for index in range(design_rounds(players)):
        tables, sitter = design_round(players, index)
        seated = [p for table in tables for side in table for p in side]
        assert len(seated) == len(set(seated)) == players - (sitter is not None)
        if sitter is not None:
            assert sitter not in seated
            rested[sitter] += 1
        for side_a, side_b in tables:
            partners.update([frozenset(side_a), frozenset(side_b)])
            opponents.update(frozenset((a, b)) for a in side_a for b in side_b)
    everyone = {frozenset(p) for p in combinations(range(players), 2)}
    assert set(partners) == set(opponents) == everyone
    assert set(partners.values()) == {1}
    assert set(opponents.values()) == {2}
    assert rested == (Counter(range(players)) if players % 4 == 1 else Counter())


@pytest.mark.parametrize("players", [3, 6, 9, 10])
def test_no_design_for_other_counts(players: int) -> None:
    assert design_rounds(players) == 0


@pytest.mark.parametrize("places", [2, 4, 6, 10, 16])
def test_circle_method_meets_everyone_once(places: int) -> None:
    met: Counter[frozenset[int]] = Counter()
    for index in range(places - 1):
        pairs = circle_round(places, index)
        flat = [p for pair in pairs for p in pair]
        assert sorted(flat) == list(range(places))
        met.update(frozenset(pair) for pair in pairs)
    assert len(met) == places * (places - 1) // 2
    assert set(met.values()) == {1}


@pytest.mark.parametrize("places", [0, 3, 7])
def test_circle_method_needs_an_even_count(places: int) -> None:
    with pytest.raises(ValueError, match="even"):
        circle_round(places, 0)
