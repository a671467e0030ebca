"""Properties that hold for any results and any order of metrics."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings.compute import compute_standings
from tournaments.standings.metrics import METRICS, Lot, get_metric
from tournaments.standings.season import compute_season_standings
from tournaments.standings.types import GameResult, SideResult

ORDERABLE = sorted(key for key in METRICS if key != Lot.key)


@st.composite
def events(draw: st.DrawFn) -> tuple[list[GameResult], list[int]]:
    """Entrants 1..n and finished (or not) games among them and a few unranked outsiders.

    Games are two-sided between single entrants or progressive pairs, or cut-throat threes.
    """
    count = draw(st.integers(min_value=1, max_value=7))
    entrants = list(range(1, count + 1))
    pool = [*entrants, 90, 91]
    games: list[GameResult] = []
    for game_id in range(1, draw(st.integers(min_value=0, max_value=14)) + 1):
        shape = draw(st.sampled_from([(1, 1), (2, 2), (1, 1, 1)]))
        seated = draw(st.permutations(pool))[: sum(shape)]
        winner = draw(st.integers(min_value=0, max_value=len(shape) - 1))
        sides = []
        start = 0
        for index, size in enumerate(shape):
            points = draw(st.integers(min_value=-60, max_value=130))
            sides.append(SideResult(tuple(seated[start : start + size]), points, index == winner))
            start += size
        games.append(
            GameResult(
                game_id=game_id,
                round_number=draw(st.integers(min_value=1, max_value=4)),
                sides=tuple(sides),
                event_id=draw(st.integers(min_value=1, max_value=3)),
                finished=draw(st.booleans()) or draw(st.booleans()),
            )
        )
    return games, entrants


orders = st.lists(st.sampled_from(ORDERABLE), min_size=1, max_size=5, unique=True)


@given(events(), orders)
def test_standings_are_a_permutation_with_non_decreasing_ranks(
    event: tuple[list[GameResult], list[int]], order: list[str]
) -> None:
    games, entrants = event
    rows = compute_standings(games, entrants, order)
    assert sorted(row.entrant_id for row in rows) == entrants
    assert rows[0].rank == 1
    for position, (above, row) in enumerate(zip(rows, rows[1:], strict=False), start=2):
        assert row.rank >= above.rank
        if row.tied_with_previous:
            assert row.rank == above.rank
            assert row.decided_by is None
        else:
            assert row.rank == position
            assert row.decided_by in order


@given(events(), orders)
def test_no_row_is_above_a_row_better_on_the_first_metric(
    event: tuple[list[GameResult], list[int]], order: list[str]
) -> None:
    games, entrants = event
    rows = compute_standings(games, entrants, order)
    first = get_metric(order[0])
    for index, row in enumerate(rows):
        for lower in rows[index + 1 :]:
            mine, theirs = row.metrics[first.key], lower.metrics[first.key]
            assert mine is not None and theirs is not None
            assert not first.better(theirs, mine)


@given(events(), orders, st.booleans(), st.randoms(use_true_random=False))
def test_input_order_does_not_change_the_standings(
    event: tuple[list[GameResult], list[int]],
    order: list[str],
    with_lot: bool,
    rng: random.Random,
) -> None:
    games, entrants = event
    if with_lot:
        order = [*order, "lot"]
    expected = compute_standings(games, entrants, order, lot_seed=11)
    shuffled_games, shuffled_entrants = games[:], entrants[:]
    rng.shuffle(shuffled_games)
    rng.shuffle(shuffled_entrants)
    assert compute_standings(shuffled_games, shuffled_entrants, order, lot_seed=11) == expected


@given(events(), orders)
def test_the_lot_leaves_no_ties(
    event: tuple[list[GameResult], list[int]], order: list[str]
) -> None:
    games, entrants = event
    rows = compute_standings(games, entrants, [*order, "lot"], lot_seed=3)
    assert [row.rank for row in rows] == list(range(1, len(rows) + 1))


@settings(max_examples=50)
@given(events(), orders)
def test_a_season_without_drops_is_one_long_event(
    event: tuple[list[GameResult], list[int]], order: list[str]
) -> None:
    games, entrants = event
    season = compute_season_standings(games, entrants, order)
    flat = compute_standings(games, entrants, order)
    assert [row.standing.metrics for row in season] == [row.metrics for row in flat]
    assert [row.entrant_id for row in season] == [row.entrant_id for row in flat]


@settings(max_examples=50)
@given(events(), st.integers(min_value=1, max_value=3))
def test_best_of_keeps_at_most_n_nights_and_the_best_ones(
    event: tuple[list[GameResult], list[int]], best_of: int
) -> None:
    games, entrants = event
    rows = compute_season_standings(games, entrants, ["points", "games_won"], best_of=best_of)
    for row in rows:
        counted = [night for night in row.nights if night.counted]
        assert len(counted) == min(best_of, row.attendance)
        assert len(row.dropped) == row.attendance - len(counted)
        worst_kept = min((night.metrics["points"] for night in counted), default=None)
        for night in row.nights:
            if not night.counted:
                assert worst_kept is not None and night.metrics["points"] <= worst_kept
        assert row.standing.metrics["points"] == sum(night.metrics["points"] for night in counted)
