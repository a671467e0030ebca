"""Knockout brackets: standard seeding, byes to top seeds, 1 and 2 apart until the final."""

from __future__ import annotations

import random

import pytest

from tournaments.pairing.knockout import (
    Bracket,
    bracket_order,
    knockout_bracket,
    knockout_round,
    round_name,
)
from tournaments.pairing.types import Entrant, PairingError, RoundPairing


def field(count: int) -> list[Entrant]:
    # Ids differ from seeds so a mix-up shows: seed k is entrant 100 + k.
    return [Entrant(100 + k, rating=1000 - k) for k in range(1, count + 1)]


def run(
    bracket: Bracket, pick: random.Random | None, third_place: bool = False
) -> tuple[list[RoundPairing], list[set[int]]]:
    """Play the whole bracket: the better seed wins, or a random side with ``pick``."""
    advanced: list[set[int]] = []
    played = []
    for number in range(1, bracket.rounds + 1):
        pairing = knockout_round(bracket, number, advanced, third_place=third_place)
        played.append(pairing)
        through = set(pairing.bye_ids)
        for table in pairing.tables:
            if any(r.code == "third_place_match" for r in table.reasons):
                continue
            a, b = table.sides[0][0], table.sides[1][0]
            if pick is None:
                through.add(min((a, b), key=bracket.seed_of))
            else:
                through.add(pick.choice((a, b)))
        advanced.append(through)
    return played, advanced


def test_bracket_order() -> None:
    assert bracket_order(2) == (1, 2)
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)


@pytest.mark.parametrize("count", range(2, 34))
def test_bracket_shape(count: int) -> None:
    bracket = knockout_bracket(field(count))
    size = len(bracket.slots)
    assert size >= count > size // 2
    assert bracket.rounds == size.bit_length() - 1
    first = knockout_round(bracket, 1)
    # The top seeds get the byes, one per missing entrant.
    assert sorted(bracket.seed_of(b) for b in first.bye_ids) == list(range(1, size - count + 1))
    for table in first.tables:
        seeds = sorted(bracket.seed_of(e) for e in table.entrants)
        assert seeds[0] + seeds[1] == size + 1
    assert sorted([*first.seated, *first.bye_ids]) == sorted(e.id for e in field(count))
    # Seeds 1 and 2 start in different halves, so they can meet only in the final.
    half = size // 2
    assert (bracket.slots.index(101) < half) != (bracket.slots.index(102) < half)


@pytest.mark.parametrize("count", range(2, 34))
def test_favourites_meet_in_the_final(count: int) -> None:
    bracket = knockout_bracket(field(count))
    played, _ = run(bracket, None)
    assert len(played[-1].tables) == 1
    final = played[-1].tables[0]
    assert sorted(final.entrants) == [101, 102]
    for earlier in played[:-1]:
        assert all(not {101, 102} <= set(t.entrants) for t in earlier.tables)


@pytest.mark.parametrize("count", [4, 5, 8, 13, 16, 33])
def test_random_results_play_out_with_third_place(count: int) -> None:
    bracket = knockout_bracket(field(count))
    played, advanced = run(bracket, random.Random(count), third_place=True)
    for pairing, through in zip(played[1:], advanced, strict=False):
        main = [t for t in pairing.tables if t.reasons[0].code == "knockout_match"]
        entrants = [e for t in main for e in t.entrants] + list(pairing.bye_ids)
        # Exactly those who went through from the round before play (or walk over) now.
        assert sorted(entrants) == sorted(through)
    assert len(advanced[-1]) == 1
    codes = [t.reasons[0].code for t in played[-1].tables]
    assert codes == ["knockout_match", "third_place_match"]
    semi = played[-2]
    losers = {e for t in semi.tables for e in t.entrants} - set(played[-1].tables[0].entrants)
    assert set(played[-1].tables[1].entrants) == losers


def test_three_entrants_have_no_third_place_match() -> None:
    bracket = knockout_bracket(field(3))
    played, _ = run(bracket, None, third_place=True)
    assert [len(p.tables) for p in played] == [1, 1]


def test_seeding_from_standings_or_rating() -> None:
    entrants = [
        Entrant(1, score=2, rating=10),
        Entrant(2, score=5, rating=1),
        Entrant(3, rating=50),
    ]
    assert knockout_bracket(entrants).seeds == (2, 1, 3)
    assert knockout_bracket(entrants, by="rating").seeds == (3, 1, 2)


@pytest.mark.parametrize(
    ("number", "rounds", "name"),
    [(5, 5, "Final"), (4, 5, "Semi-final"), (3, 5, "Quarter-final"), (2, 5, "Round of 16")],
)
def test_round_names(number: int, rounds: int, name: str) -> None:
    assert round_name(number, rounds) == name


@pytest.mark.parametrize(
    ("number", "advanced", "code"),
    [
        (0, [], "no_such_round"),
        (4, [], "no_such_round"),
        (2, [], "results_missing"),
        (2, [{101, 108}], "bad_results"),
    ],
)
def test_refuses_bad_requests(number: int, advanced: list[set[int]], code: str) -> None:
    bracket = knockout_bracket(field(8))
    with pytest.raises(PairingError) as caught:
        knockout_round(bracket, number, advanced)
    assert caught.value.code == code


def test_too_few_entrants() -> None:
    with pytest.raises(PairingError) as caught:
        knockout_bracket(field(1))
    assert caught.value.code == "too_few_entrants"


def test_a_withdrawn_entrant_gives_its_opponent_a_walkover() -> None:
    bracket = knockout_bracket(field(8))
    first = knockout_round(bracket, 1)
    through = {min(t.entrants, key=bracket.seed_of) for t in first.tables}  # seeds 1 to 4
    second = knockout_round(bracket, 2, [through], withdrawn={104})
    # Seed 1 was to meet seed 4, who left: seed 1 walks over; seeds 2 and 3 still play.
    assert [sorted(t.entrants) for t in second.tables] == [[102, 103]]
    assert [(b.entrant_id, b.reason.code) for b in second.byes] == [(101, "walkover_withdrawn")]
    assert "seed 4" in second.byes[0].reason.text


def test_when_both_would_be_opponents_withdrew_nobody_goes_through() -> None:
    bracket = knockout_bracket(field(4))
    first = knockout_round(bracket, 1)
    through = {min(t.entrants, key=bracket.seed_of) for t in first.tables}
    final = knockout_round(bracket, 2, [through], withdrawn={101, 102}, third_place=True)
    assert final.byes == ()
    # The beaten semi-finalists still play for third place.
    assert [(t.reasons[0].code, sorted(t.entrants)) for t in final.tables] == [
        ("third_place_match", [103, 104])
    ]
