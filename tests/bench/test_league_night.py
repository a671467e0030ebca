"""The league night bench's pure parts: who never comes, how long a person thinks, the
computer's moves timed from the log, and the clients made for the seats of people."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta

from bench.league_night import computer_moves, computer_seats, parse_args, think_seconds
from bench.tables_load import SEATS, Person, table_runs

START = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return START + timedelta(seconds=seconds)


def test_one_seat_in_eight_never_comes_spread_over_the_tables() -> None:
    seats = computer_seats(30, 8, seed=7)

    assert len(seats) == 30 * SEATS // 8
    per_table = Counter(table for table, _ in seats)
    assert max(per_table.values()) == 1
    assert all(0 <= table < 30 and 0 <= seat < SEATS for table, seat in seats)
    assert computer_seats(30, 8, seed=7) == seats
    assert computer_seats(30, 8, seed=8) != seats


def test_every_table_keeps_a_person_however_many_stay_away() -> None:
    seats = computer_seats(3, 1, seed=1)

    assert len(seats) == 3 * (SEATS - 1)
    assert Counter(table for table, _ in seats) == {0: 3, 1: 3, 2: 3}


def test_no_computers_when_asked_for_none() -> None:
    assert computer_seats(30, 0, seed=7) == set()
    assert computer_seats(0, 8, seed=7) == set()


def test_a_person_thinks_from_half_to_one_and_a_half_times_the_mean() -> None:
    rng = random.Random(3)
    pauses = [think_seconds(rng, 2000) for _ in range(2000)]

    assert 1.0 <= min(pauses) < 1.05
    assert 2.95 < max(pauses) <= 3.0
    assert 1.95 < sum(pauses) / len(pauses) < 2.05
    assert think_seconds(rng, 0) == 0


def test_the_computers_moves_are_timed_from_the_action_before() -> None:
    rows = [
        (1, 1, 2, "stand_in", at(5.2)),  # waited for the grace time from the table's start
        (1, 2, 3, "player", at(7.0)),
        (1, 3, 2, "stand_in", at(7.05)),
        (1, 4, 0, "clock", at(70.0)),
        (2, 1, 0, "player", at(1.0)),  # another table: timed from its own actions
        (2, 2, 1, "bot", at(1.5)),
        (2, 3, 2, "bot", at(1.6)),
        (2, 4, 1, "bot", at(2.0)),
    ]

    moves = computer_moves(rows, {1: START, 2: START})

    assert [round(ms) for ms in moves.first] == [5200, 500, 100]
    assert [round(ms) for ms in moves.later] == [50, 400]
    assert moves.seats == {(1, 2), (2, 1), (2, 2)}


def test_a_first_action_of_a_table_not_started_is_not_timed() -> None:
    moves = computer_moves([(1, 1, 2, "stand_in", at(5.0))], {})

    assert moves.first == moves.later == []


def test_clients_only_for_the_seats_of_people_spread_over_the_ports() -> None:
    person = Person(player=None, user_id=11, session_key="k11")  # type: ignore[arg-type]
    made = [(40, [person, None, person, person]), (41, [None, person, person, person])]

    tables = table_runs(made, [8001, 8002], seed=7)

    assert [table.pk for table in tables] == [40, 41]
    assert [client.seat for client in tables[0].clients] == [0, 2, 3]
    assert [client.seat for client in tables[1].clients] == [1, 2, 3]
    ports = [client.port for table in tables for client in table.clients]
    assert ports == [8001, 8002, 8001, 8002, 8001, 8002]


def test_the_options_default_to_a_night_of_thirty_matches() -> None:
    args = parse_args([])

    assert (args.matches, args.hands, args.computers, args.grace_seconds) == (30, 2, 8, 5)
    assert args.think_ms == 2000
    assert args.database == "kitty_league"
    assert parse_args(["--matches", "3"]).matches == 3
