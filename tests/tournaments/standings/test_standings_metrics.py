"""Every metric against one small hand-checked league, and the registry that names them."""

from __future__ import annotations

import pytest

from tests.tournaments.standings.builders import game
from tournaments.standings.base import Direction, Metric
from tournaments.standings.context import StandingsContext, build_context, index_results
from tournaments.standings.metrics import (
    DEFAULT_ORDER,
    METRICS,
    HeadToHead,
    Lot,
    Points,
    WinPercentage,
    get_metric,
    resolve_order,
)
from tournaments.standings.types import StandingsError

# Partnerships 1-4 play; 5 has not played. Worked figures:
#   1: W 120-80 v 2, W 125-90 v 3, L 60-120 v 2   2: L v 1, L 110-120 v 4, W v 1
#   3: W 121-100 v 4, L v 1                       4: L v 3, W v 2
LEAGUE = (
    game(1, 1, 120, 2, 80),
    game(2, 3, 121, 4, 100),
    game(3, 1, 125, 3, 90, round_number=2),
    game(4, 4, 120, 2, 110, round_number=2),
    game(5, 2, 120, 1, 60, round_number=3),
    game(6, 4, 120, 1, 0, round_number=4, finished=False),
)
ENTRANTS = (1, 2, 3, 4, 5)


@pytest.fixture
def context() -> StandingsContext:
    return build_context(index_results(LEAGUE), ENTRANTS)


@pytest.mark.parametrize(
    ("metric", "expected"),
    [
        (Points(), {1: 305, 2: 310, 3: 211, 4: 220, 5: 0}),
        (Points(cap=120), {1: 300, 2: 310, 3: 210, 4: 220, 5: 0}),
        (get_metric("games_won"), {1: 2, 2: 1, 3: 1, 4: 1, 5: 0}),
        (get_metric("games_played"), {1: 3, 2: 3, 3: 2, 4: 2, 5: 0}),
        (get_metric("win_percentage"), {1: 200 / 3, 2: 100 / 3, 3: 50.0, 4: 50.0, 5: 0.0}),
        (get_metric("point_differential"), {1: 15, 2: 10, 3: -14, 4: -11, 5: 0}),
        (get_metric("points_against"), {1: 290, 2: 300, 3: 225, 4: 231, 5: 0}),
        # Opponents' games won, once per game: 1 met 2, 3, 2; 2 met 1, 4, 1; 3 met 4, 1.
        (get_metric("buchholz"), {1: 3, 2: 5, 3: 3, 4: 2, 5: 0}),
        # 1: [1, 1, 1] -> 1; 2: [1, 2, 2] -> 2; 3 and 4 have two figures, none dropped.
        (get_metric("median_buchholz"), {1: 1, 2: 2, 3: 3, 4: 2, 5: 0}),
        (get_metric("opponents_points"), {1: 831, 2: 830, 3: 525, 4: 521, 5: 0}),
        # With everyone as the group, head-to-head is plain games won.
        (get_metric("head_to_head"), {1: 2, 2: 1, 3: 1, 4: 1, 5: 0}),
    ],
    ids=lambda value: value.key if isinstance(value, Metric) else "",
)
def test_metric_figures(
    metric: Metric, expected: dict[int, float], context: StandingsContext
) -> None:
    got = {
        entrant: metric.compute(entrant, context.games(entrant), context) for entrant in ENTRANTS
    }
    assert got == expected


@pytest.mark.parametrize(
    ("group", "expected"),
    [
        ({1, 2}, {1: 1, 2: 1}),  # 1 beat 2 once, 2 beat 1 once; 1's win over 3 is outside
        ({1, 3}, {1: 1, 3: 0}),
        ({2, 3, 4}, {2: 0, 3: 1, 4: 1}),
        ({3, 5}, {3: 0, 5: 0}),
    ],
)
def test_head_to_head_counts_only_games_against_the_group(
    group: set[int], expected: dict[int, int], context: StandingsContext
) -> None:
    within = context.within(group)
    metric = HeadToHead()
    assert {e: metric.compute(e, within.games(e), within) for e in group} == expected


def test_head_to_head_never_counts_a_partner() -> None:
    # Progressive: 1 and 2 partner and beat 3 and 4; 1 and 2 are tied, neither beat the other.
    context = build_context(index_results([game(1, (1, 2), 120, (3, 4), 60)]), [1, 2, 3, 4])
    within = context.within({1, 2})
    assert [HeadToHead().compute(e, within.games(e), within) for e in (1, 2)] == [0, 0]


@pytest.mark.parametrize(
    ("key", "direction"),
    [
        ("points", Direction.HIGHER),
        ("games_won", Direction.HIGHER),
        ("points_against", Direction.LOWER),
        ("lot", Direction.LOWER),
        ("buchholz", Direction.HIGHER),
    ],
)
def test_direction_decides_which_figure_is_better(key: str, direction: Direction) -> None:
    metric = get_metric(key)
    assert metric.direction is direction
    assert metric.better(1, 2) is (direction is Direction.LOWER)
    assert (metric.sort_key(1) < metric.sort_key(2)) is (direction is Direction.LOWER)


def test_lots_are_a_seeded_permutation(context: StandingsContext) -> None:
    lot = Lot()
    drawn = {e: lot.compute(e, context.games(e), context) for e in ENTRANTS}
    assert sorted(drawn.values()) == [1, 2, 3, 4, 5]
    again = build_context(index_results(LEAGUE), tuple(reversed(ENTRANTS)))
    assert {e: lot.compute(e, (), again) for e in ENTRANTS} == drawn
    draws = {
        tuple(build_context({}, ENTRANTS, seed=seed).lots[e] for e in ENTRANTS)
        for seed in range(10)
    }
    assert len(draws) > 1, "different seeds should draw different lots"


@pytest.mark.parametrize(
    ("metric", "value", "other", "text"),
    [
        (Points(), 412, None, "points (412)"),
        (Points(), 412, 400, "points (412 vs 400)"),
        (Points(cap=120), 412, 400, "points (412 vs 400)"),
        (get_metric("games_won"), 5, 4, "games won (5 vs 4)"),
        (WinPercentage(), 200 / 3, 50.0, "win percentage (66.7% vs 50.0%)"),
        (get_metric("head_to_head"), 1, 0, "head-to-head wins among the tied (1 vs 0)"),
        (get_metric("lot"), 2, 5, "the drawn lot (2 vs 5)"),
        (get_metric("buchholz"), 7.5, None, "Buchholz (7.50)"),
    ],
)
def test_explain_words_a_figure(
    metric: Metric, value: float, other: float | None, text: str
) -> None:
    assert metric.explain(value, other) == text


def test_registry_names_every_metric_by_its_own_key() -> None:
    assert set(METRICS) == {
        "points",
        "games_won",
        "games_played",
        "win_percentage",
        "point_differential",
        "points_against",
        "head_to_head",
        "buchholz",
        "median_buchholz",
        "opponents_points",
        "lot",
    }
    for key, cls in METRICS.items():
        metric = cls()
        assert metric.key == key
        assert metric.label and metric.noun
    assert [m.key for m in resolve_order(DEFAULT_ORDER)] == list(DEFAULT_ORDER)


def test_unknown_key_is_refused_with_the_known_keys() -> None:
    with pytest.raises(StandingsError) as caught:
        get_metric("sonneborn")
    assert caught.value.code == "unknown_metric"
    assert "'sonneborn'" in caught.value.message
    for key in METRICS:
        assert key in caught.value.message


@pytest.mark.parametrize(
    ("order", "code"),
    [
        ([], "no_metrics"),
        (["points", "nonsense"], "unknown_metric"),
        (["points", "games_won", "points"], "duplicate_metric"),
        (["points", Points(cap=120)], "duplicate_metric"),
        (["lot", "points"], "lot_not_last"),
    ],
)
def test_bad_orders_are_refused(order: list[str | Metric], code: str) -> None:
    with pytest.raises(StandingsError) as caught:
        resolve_order(order)
    assert caught.value.code == code


def test_order_accepts_configured_metrics() -> None:
    capped = Points(cap=120)
    metrics = resolve_order([capped, "games_won", "lot"])
    assert metrics[0] is capped
    assert [m.key for m in metrics] == ["points", "games_won", "lot"]
    assert capped.label == "Points (at most 120 a game)"


@pytest.mark.parametrize("cap", [0, -5])
def test_points_cap_must_be_positive(cap: int) -> None:
    with pytest.raises(StandingsError) as caught:
        Points(cap=cap)
    assert caught.value.code == "bad_cap"
