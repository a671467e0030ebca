"""Shared pairing data: history counts, ranking, errors, fair sit-outs."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tournaments.pairing.sitouts import choose_sitouts
from tournaments.pairing.types import (
    Bye,
    Entrant,
    History,
    PairingError,
    PastBye,
    PastTable,
    Reason,
    RoundPairing,
    Table,
    check_unique,
    counted,
    pair,
    ranked,
)


def test_history_counts_partners_opponents_and_byes() -> None:
    history = History(
        (
            PastTable(1, ((1, 2), (3, 4))),
            PastTable(2, ((1, 3), (2, 4))),
            PastTable(3, ((5,), (1,), (2,))),
        ),
        (PastBye(1, 5), PastBye(2, 5), PastBye(3, 3)),
    )
    assert history.partner_counts() == Counter({(1, 2): 1, (3, 4): 1, (1, 3): 1, (2, 4): 1})
    assert history.opponent_counts() == Counter(
        {(1, 3): 1, (1, 4): 2, (2, 3): 2, (2, 4): 1, (1, 2): 2, (3, 4): 1, (1, 5): 1, (2, 5): 1}
    )
    assert history.bye_counts() == Counter({5: 2, 3: 1})


def test_history_from_rounds() -> None:
    table = Table(1, ((7,), (8,)), (7, 8, 7, 8), 0)
    pairing = RoundPairing(4, (table,), (Bye(9, Reason("x", "y")),))
    history = History.from_rounds([pairing])
    assert history == History((PastTable(4, ((7,), (8,))),), (PastBye(4, 9),))
    assert pairing.seated == (7, 8) and pairing.bye_ids == (9,)


def test_ranked_is_score_then_rating_then_given_order() -> None:
    entrants = [Entrant(1, 1, 5), Entrant(2, 2, 0), Entrant(3, 1, 5), Entrant(4, 1, 9)]
    assert [e.id for e in ranked(entrants)] == [2, 4, 1, 3]


def test_error_and_reason_text() -> None:
    error = PairingError("too_few_entrants", "needs 2")
    assert isinstance(error, ValueError)
    assert (error.code, str(error)) == ("too_few_entrants", "too_few_entrants: needs 2")
    assert str(Reason("bye", "Bye: lowest")) == "Bye: lowest"
    assert pair(5, 2) == pair(2, 5) == (2, 5)


def test_reasons_count_in_words() -> None:
    assert [counted(1, "time"), counted(2, "time"), counted(0, "pair")] == [
        "1 time",
        "2 times",
        "0 pairs",
    ]
    assert [counted(12.5, "point"), counted(12.0, "point"), counted(1.0, "point")] == [
        "12.5 points",
        "12 points",
        "1 point",
    ]


def test_check_unique_names_the_repeat() -> None:
    with pytest.raises(PairingError, match="player 4 is listed twice") as caught:
        check_unique([1, 4, 4], "player")
    assert caught.value.code == "duplicate_entrant"
    check_unique([1, 2, 3])


@pytest.mark.parametrize(
    ("sat_out", "how_many", "must", "may"),
    [
        ({}, 2, set(), {1, 2, 3, 4, 5}),
        ({1: 1, 2: 1, 3: 1}, 2, {4, 5}, set()),
        ({1: 1, 2: 1, 3: 1}, 3, {4, 5}, {1, 2, 3}),
        ({1: 2, 2: 1, 3: 1, 4: 1, 5: 1}, 4, set(), {2, 3, 4, 5}),
    ],
)
def test_sit_outs_go_to_those_who_sat_out_least(
    sat_out: dict[int, int], how_many: int, must: set[int], may: set[int]
) -> None:
    for seed in range(10):
        byes = choose_sitouts([1, 2, 3, 4, 5], sat_out, how_many, random.Random(seed))
        chosen = {b.entrant_id for b in byes}
        assert len(chosen) == how_many
        assert must <= chosen <= must | may


def test_sit_out_lot_is_seeded() -> None:
    draws = {
        tuple(b.entrant_id for b in choose_sitouts(range(1, 21), {}, 3, random.Random(s)))
        for s in range(5)
    }
    assert len(draws) > 1
    again = choose_sitouts(range(1, 21), {}, 3, random.Random(2))
    assert again == choose_sitouts(range(1, 21), {}, 3, random.Random(2))
    assert choose_sitouts(range(1, 21), {}, 0, random.Random(2)) == ()
