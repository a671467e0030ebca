"""Progressive pairing: new partners first, then new opponents; fair sit-outs; determinism."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.progressive import progressive_round
from tournaments.pairing.types import History, PairingError, RoundPairing


def play(count: int, rounds: int, *, table_size: int = 4, seed: int = 1) -> list[RoundPairing]:
    players = list(range(1, count + 1))
    history = History()
    played = []
    for number in range(1, rounds + 1):
        pairing = progressive_round(
            players, history, round_number=number, seed=seed, table_size=table_size
        )
        history = history.with_round(pairing)
        played.append(pairing)
    return played


def check_round(pairing: RoundPairing, count: int, table_size: int) -> None:
    seated = pairing.seated
    assert len(seated) == len(set(seated))
    assert sorted([*seated, *pairing.bye_ids]) == list(range(1, count + 1))
    assert len(pairing.byes) == count % table_size
    for table in pairing.tables:
        assert len(table.sides) == table_size // 2
        assert all(len(side) == 2 for side in table.sides)
        assert sorted(table.seats) == sorted(table.entrants)


def partner_repeats(played: list[RoundPairing]) -> int:
    partners = History.from_rounds(played).partner_counts()
    return sum(c - 1 for c in partners.values())


@pytest.mark.parametrize("count", [8, 12, 16, 20, 24])
def test_whist_design_partners_everyone_once_and_opposes_twice(count: int) -> None:
    played = play(count, count - 1)
    for pairing in played:
        check_round(pairing, count, 4)
        assert pairing.reasons[0].code == "whist_design"
    history = History.from_rounds(played)
    partners, opponents = history.partner_counts(), history.opponent_counts()
    assert len(partners) == len(opponents) == count * (count - 1) // 2
    assert set(partners.values()) == {1}
    assert set(opponents.values()) == {2}


@pytest.mark.parametrize("count", [5, 13, 17])
def test_whist_design_rests_each_player_once(count: int) -> None:
    played = play(count, count)
    history = History.from_rounds(played)
    assert sorted(history.bye_counts().elements()) == list(range(1, count + 1))
    assert set(history.partner_counts().values()) == {1}
    assert all(b.reason.code == "sit_out_design" for p in played for b in p.byes)


@pytest.mark.parametrize(
    ("count", "table_size"),
    [(8, 4), (9, 4), (10, 4), (11, 4), (14, 4), (15, 4), (22, 4), (31, 4), (41, 4)]
    + [(12, 6), (13, 6), (18, 6), (20, 6), (36, 6)],
)
def test_three_rounds_without_a_repeated_partner(count: int, table_size: int) -> None:
    played = play(count, 3, table_size=table_size)
    assert partner_repeats(played) == 0
    for pairing in played:
        check_round(pairing, count, table_size)


@pytest.mark.parametrize(("count", "rounds"), [(8, 2), (10, 2), (20, 4), (26, 4), (40, 5)])
def test_opponents_are_new_while_that_is_easy(count: int, rounds: int) -> None:
    opponents = History.from_rounds(play(count, rounds)).opponent_counts()
    assert max(opponents.values()) == 1


@pytest.mark.parametrize(("count", "rounds"), [(5, 10), (7, 14), (10, 9), (13, 13), (23, 8)])
def test_sit_outs_are_fair(count: int, rounds: int) -> None:
    sat_out: Counter[int] = Counter()
    for pairing in play(count, rounds):
        # Nobody sits out while someone who has sat out less plays.
        if pairing.byes:
            most_out = max(sat_out[b] for b in pairing.bye_ids)
            assert all(sat_out[p] >= most_out for p in pairing.seated)
        sat_out.update(pairing.bye_ids)
        counts = [sat_out[p] for p in range(1, count + 1)]
        assert max(counts) - min(counts) <= 1
    assert sum(sat_out.values()) == rounds * (count % 4)


def test_sit_outs_by_lot_say_so() -> None:
    pairing = progressive_round(list(range(1, 11)), round_number=1)
    assert {b.reason.code for b in pairing.byes} == {"sit_out_by_lot"}
    history = History.from_rounds([pairing])
    # 10 players, 2 sit out a round: after 4 rounds 8 have sat out, and the last 2 must.
    for number in range(2, 5):
        history = history.with_round(
            progressive_round(list(range(1, 11)), history, round_number=number)
        )
    fifth = progressive_round(list(range(1, 11)), history, round_number=5)
    assert {b.reason.code for b in fifth.byes} == {"sit_out_fewest"}
    assert set(fifth.bye_ids) == set(range(1, 11)) - set(history.bye_counts())


def test_same_seed_and_history_give_the_same_round() -> None:
    assert play(22, 4, seed=9) == play(22, 4, seed=9)
    assert play(22, 4, seed=9) != play(22, 4, seed=10)


def test_unavoidable_repeated_partner_is_explained() -> None:
    played = play(4, 4)
    # Four players have only three ways to pair up; round 4 repeats one.
    assert partner_repeats(played) == 2
    codes = {r.code for r in played[-1].tables[0].reasons}
    assert "repeat_partner" in codes
    assert {r.code for r in played[0].tables[0].reasons} == {"fresh_table"}


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 40), st.sampled_from([4, 6]), st.integers(1, 4), st.integers(0, 99))
def test_every_round_seats_everyone_once(
    count: int, table_size: int, rounds: int, seed: int
) -> None:
    if count < table_size:
        count = table_size
    for pairing in play(count, rounds, table_size=table_size, seed=seed):
        check_round(pairing, count, table_size)


@pytest.mark.parametrize(
    ("players", "table_size", "code"),
    [
        ([1, 2, 3, 4], 5, "bad_table_size"),
        ([1, 2, 3], 4, "too_few_players"),
        ([1, 2, 3, 4, 5], 6, "too_few_players"),
        ([1, 2, 3, 4, 4], 4, "duplicate_entrant"),
    ],
)
def test_refuses_bad_requests(players: list[int], table_size: int, code: str) -> None:
    with pytest.raises(PairingError) as caught:
        progressive_round(players, round_number=1, table_size=table_size)
    assert caught.value.code == code


def test_too_few_players_counts_them_in_words() -> None:
    with pytest.raises(
        PairingError, match="^too_few_players: 3 players cannot fill a progressive table of 4$"
    ):
        progressive_round([1, 2, 3], round_number=1, table_size=4)


def test_the_whist_schedules_row_is_not_called_a_round() -> None:
    """The schedule row a round plays is chosen to fit the night: it is named as a row, so
    round 3 never reads "Round 6 of the 11-round schedule"."""
    for pairing in play(12, 3):
        scope = pairing.reasons[0]
        assert scope.code == "whist_design"
        assert not scope.text.startswith("Round")
        row, rows = scope.figures["row"], scope.figures["rows"]
        assert f"Whist schedule for 12 players, row {row} of {rows}:" in scope.text
