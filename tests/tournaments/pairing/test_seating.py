"""Seats: partners opposite, every player seated once, the same draw for the same request."""

from __future__ import annotations

import random

import pytest

from tournaments.pairing.seating import make_table, seat_sides


@pytest.mark.parametrize(
    ("sides", "per_entrant", "together"),
    [
        (((1, 2), (3, 4)), 1, [(0, 2), (1, 3)]),
        (((1, 2), (3, 4), (5, 6)), 1, [(0, 3), (1, 4), (2, 5)]),
        (((7,), (8,)), 2, [(0, 2), (1, 3)]),
        (((1, 2, 3), (4, 5, 6)), 1, [(0, 2, 4), (1, 3, 5)]),
    ],
)
def test_partners_sit_opposite(
    sides: tuple[tuple[int, ...], ...], per_entrant: int, together: list[tuple[int, ...]]
) -> None:
    for seed in range(20):
        seats, dealer = seat_sides(sides, random.Random(seed), per_entrant)
        assert 0 <= dealer < len(seats)
        groups = {frozenset(seats[s] for s in seat_group) for seat_group in together}
        assert groups == {frozenset(side) for side in sides}
        assert sorted(seats) == sorted(
            p for side in sides for p in side for _ in range(per_entrant)
        )


def test_cut_throat_table_seats_everyone_once() -> None:
    sides = ((1,), (2,), (3,), (4,), (5,))
    seats, _ = seat_sides(sides, random.Random(3))
    assert sorted(seats) == [1, 2, 3, 4, 5]


def test_seating_depends_only_on_seed_round_and_table() -> None:
    sides = ((1, 2), (3, 4))
    first = make_table(1, sides, seed=5, round_number=2)
    assert make_table(1, sides, seed=5, round_number=2) == first
    draws = {
        make_table(t, sides, seed=s, round_number=r).seats
        for t in (1, 2)
        for s in (5, 6)
        for r in (2, 3)
    }
    assert len(draws) > 1
    assert first.dealer_id == first.seats[first.dealer]


def test_sides_of_unequal_size_are_refused() -> None:
    with pytest.raises(ValueError, match="unequal"):
        seat_sides(((1, 2), (3,)), random.Random(0))
