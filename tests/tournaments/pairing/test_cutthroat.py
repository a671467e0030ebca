"""Cut-throat tables: sizes as even as the game allows, meetings rotated, sit-outs fair."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.cutthroat import cutthroat_round, plan_tables
from tournaments.pairing.types import History, PairingError


@pytest.mark.parametrize(
    ("count", "allowed", "plan"),
    [
        (10, (3, 4, 5), (5, 5)),
        (7, (3, 4, 5), (4, 3)),
        (11, (4, 3, 5), (4, 4, 3)),
        (12, (4, 3), (4, 4, 4)),
        (12, (3, 4), (3, 3, 3, 3)),
        (13, (5, 6), (6, 6)),
        (7, (5, 6), (6,)),
        (9, (3,), (3, 3, 3)),
        (10, (3,), (3, 3, 3)),
        (6, (6, 3), (6,)),
        (3, (3, 4), (3,)),
    ],
)
def test_plan_is_as_even_as_allowed(
    count: int, allowed: tuple[int, ...], plan: tuple[int, ...]
) -> None:
    assert plan_tables(count, allowed) == plan


@given(st.integers(3, 200), st.sets(st.sampled_from([3, 4, 5, 6]), min_size=1))
def test_plan_seats_all_but_a_few(count: int, allowed: set[int]) -> None:
    sizes = tuple(sorted(allowed))
    count = max(count, min(sizes))
    plan = plan_tables(count, sizes)
    assert set(plan) <= allowed
    assert 0 <= count - sum(plan) < min(sizes)
    assert max(plan) - min(plan) <= max(sizes) - min(sizes)


@pytest.mark.parametrize(
    ("count", "allowed", "code"),
    [(2, (3, 4), "too_few_players"), (8, (2,), "bad_table_size"), (8, (), "bad_table_size")],
)
def test_plan_refuses_what_cannot_be_seated(
    count: int, allowed: tuple[int, ...], code: str
) -> None:
    with pytest.raises(PairingError) as caught:
        plan_tables(count, allowed)
    assert caught.value.code == code


def test_one_player_is_one_player() -> None:
    with pytest.raises(
        PairingError, match="^too_few_players: 1 player cannot fill a cut-throat table of 3 "
    ):
        plan_tables(1, (3, 4))


@pytest.mark.parametrize(
    ("count", "allowed", "rounds"),
    [(12, (3,), 4), (15, (3,), 5), (9, (3,), 4), (20, (4,), 3), (30, (5, 6), 3), (25, (5,), 3)],
)
def test_nobody_meets_twice_while_that_is_easy(
    count: int, allowed: tuple[int, ...], rounds: int
) -> None:
    players = list(range(1, count + 1))
    history = History()
    for number in range(1, rounds + 1):
        pairing = cutthroat_round(players, history, round_number=number, allowed_sizes=allowed)
        assert sorted([*pairing.seated, *pairing.bye_ids]) == players
        assert all(len(side) == 1 for t in pairing.tables for side in t.sides)
        history = history.with_round(pairing)
    assert max(history.opponent_counts().values()) == 1


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 40), st.sampled_from([(3,), (3, 4), (5, 6), (4, 5, 6)]), st.integers(1, 4))
def test_every_round_seats_everyone_once_and_sits_out_fairly(
    count: int, allowed: tuple[int, ...], rounds: int
) -> None:
    if count < min(allowed):
        count = min(allowed)
    players = list(range(1, count + 1))
    history = History()
    for number in range(1, rounds + 1):
        pairing = cutthroat_round(
            players, history, round_number=number, allowed_sizes=allowed, seed=count
        )
        seated = pairing.seated
        assert len(seated) == len(set(seated))
        assert sorted([*seated, *pairing.bye_ids]) == players
        assert tuple(len(t.sides) for t in pairing.tables) == plan_tables(count, allowed)
        history = history.with_round(pairing)
        sat_out = Counter(history.bye_counts())
        assert max(sat_out[p] for p in players) - min(sat_out[p] for p in players) <= 1


def test_same_request_seats_the_same_way() -> None:
    players = list(range(1, 18))
    first = cutthroat_round(players, round_number=2, allowed_sizes=(3, 4), seed=8)
    assert cutthroat_round(players, round_number=2, allowed_sizes=(3, 4), seed=8) == first
    assert first.reasons[0].code == "table_plan"


def test_duplicate_player_is_refused() -> None:
    with pytest.raises(PairingError) as caught:
        cutthroat_round([1, 2, 3, 3], round_number=1, allowed_sizes=(3,))
    assert caught.value.code == "duplicate_entrant"
