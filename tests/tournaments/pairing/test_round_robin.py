"""Round robin: every pair meets once per cycle, byes spread one per entrant."""

from __future__ import annotations

from collections import Counter

import pytest

from tournaments.pairing.round_robin import (
    round_robin_round,
    round_robin_schedule,
    rounds_per_cycle,
)
from tournaments.pairing.types import PairingError, RoundPairing


def meetings(schedule: tuple[RoundPairing, ...]) -> Counter[frozenset[int]]:
    return Counter(frozenset(t.entrants) for p in schedule for t in p.tables)


@pytest.mark.parametrize("count", range(2, 22))
def test_every_pair_meets_exactly_once(count: int) -> None:
    ids = list(range(101, 101 + count))
    schedule = round_robin_schedule(ids)
    assert len(schedule) == rounds_per_cycle(count) == count - 1 + count % 2
    met = meetings(schedule)
    assert len(met) == count * (count - 1) // 2
    assert set(met.values()) == {1}
    for pairing in schedule:
        everyone = list(pairing.seated) + list(pairing.bye_ids)
        assert sorted(everyone) == ids
        assert len(pairing.byes) == count % 2


@pytest.mark.parametrize("count", [3, 5, 9, 15])
def test_odd_field_gives_each_entrant_one_bye(count: int) -> None:
    schedule = round_robin_schedule(list(range(count)))
    byes = Counter(b for p in schedule for b in p.bye_ids)
    assert byes == Counter(range(count))
    assert all(b.reason.code == "round_robin_bye" for p in schedule for b in p.byes)


@pytest.mark.parametrize("count", [4, 7, 10])
def test_double_round_robin_meets_twice_with_sides_swapped(count: int) -> None:
    schedule = round_robin_schedule(list(range(count)), cycles=2)
    assert len(schedule) == 2 * rounds_per_cycle(count)
    assert set(meetings(schedule).values()) == {2}
    half = rounds_per_cycle(count)
    first = {t.sides for p in schedule[:half] for t in p.tables}
    second = {t.sides[::-1] for p in schedule[half:] for t in p.tables}
    assert first == second


@pytest.mark.parametrize("count", [6, 7, 12])
def test_home_and_away_are_balanced(count: int) -> None:
    firsts = Counter(
        t.sides[0][0] for p in round_robin_schedule(list(range(count))) for t in p.tables
    )
    seconds = Counter(
        t.sides[1][0] for p in round_robin_schedule(list(range(count))) for t in p.tables
    )
    assert all(abs(firsts[e] - seconds[e]) <= 1 for e in range(count))


def test_single_round_matches_the_schedule() -> None:
    ids = [9, 3, 7, 1, 5]
    schedule = round_robin_schedule(ids, cycles=2, seed=4)
    for number, pairing in enumerate(schedule, start=1):
        assert round_robin_round(ids, number, cycles=2, seed=4) == pairing
        assert pairing.round_number == number


def test_partnership_tables_seat_each_entrant_twice() -> None:
    table = round_robin_round([1, 2], 1).tables[0]
    assert sorted(table.seats) == [1, 1, 2, 2]
    assert table.seats[0] == table.seats[2] and table.seats[1] == table.seats[3]


@pytest.mark.parametrize(
    ("ids", "number", "cycles", "code"),
    [
        ([1], 1, 1, "too_few_entrants"),
        ([1, 2, 2], 1, 1, "duplicate_entrant"),
        ([1, 2, 3], 4, 1, "no_such_round"),
        ([1, 2, 3], 0, 1, "no_such_round"),
        ([1, 2, 3, 4], 7, 2, "no_such_round"),
        ([1, 2], 1, 0, "bad_cycles"),
    ],
)
def test_refuses_bad_requests(ids: list[int], number: int, cycles: int, code: str) -> None:
    with pytest.raises(PairingError) as caught:
        round_robin_round(ids, number, cycles=cycles)
    assert caught.value.code == code
