"""Ordering, tie-breaks, shared ranks and explanations of one night's standings."""

from __future__ import annotations

import pytest

from tests.tournaments.standings.builders import game, side
from tournaments.standings.base import Metric
from tournaments.standings.compute import compute_standings
from tournaments.standings.metrics import Points
from tournaments.standings.types import GameResult, StandingRow, StandingsError

# The same league as the metric tests: 1 has the most wins, 2 the most points.
LEAGUE = (
    game(1, 1, 120, 2, 80),
    game(2, 3, 121, 4, 100),
    game(3, 1, 125, 3, 90, round_number=2),
    game(4, 4, 120, 2, 110, round_number=2),
    game(5, 2, 120, 1, 60, round_number=3),
)


def order_of(rows: list[StandingRow]) -> list[int]:
    return [row.entrant_id for row in rows]


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (["points"], [2, 1, 4, 3]),
        (["games_won", "points"], [1, 2, 4, 3]),
        (["games_won", "point_differential"], [1, 2, 4, 3]),
        (["games_won", "buchholz"], [1, 2, 3, 4]),
        (["games_won", "points_against"], [1, 3, 4, 2]),
        (["win_percentage", "games_played"], [1, 3, 4, 2]),
        (["win_percentage", "points"], [1, 4, 3, 2]),
        # Capped at 90 a game, 3 and 4 both make 180 and one win each: listed by id.
        ([Points(cap=90), "games_won"], [2, 1, 3, 4]),
        (["opponents_points"], [1, 2, 3, 4]),
        (["point_differential"], [1, 2, 4, 3]),
    ],
)
def test_the_order_decides_the_standings(order: list[str | Metric], expected: list[int]) -> None:
    assert order_of(compute_standings(LEAGUE, [1, 2, 3, 4], order)) == expected


def test_later_tie_breaks_only_reorder_entrants_level_on_earlier_ones() -> None:
    # On games won alone, 2, 3 and 4 share second place; points then split only them.
    level = compute_standings(LEAGUE, [1, 2, 3, 4], ["games_won"])
    assert [(row.entrant_id, row.rank) for row in level] == [(1, 1), (2, 2), (3, 2), (4, 2)]
    split = compute_standings(LEAGUE, [1, 2, 3, 4], ["games_won", "points"])
    assert [(row.entrant_id, row.rank) for row in split] == [(1, 1), (2, 2), (4, 3), (3, 4)]
    assert [row.decided_by for row in split] == [None, "games_won", "points", "points"]


# 1 and 2 both score 220. 1 beat 3 twice (3 finished elsewhere); 2 beat 1 once.
HEAD_TO_HEAD = (
    game(1, 1, 100, 3, 50),
    game(2, 1, 100, 3, 50, round_number=2),
    game(3, 2, 120, 1, 20, round_number=3),
    game(4, 4, 120, 2, 100, round_number=4),
)


def test_head_to_head_is_computed_inside_the_tied_group_only() -> None:
    rows = compute_standings(HEAD_TO_HEAD, [1, 2, 3, 4], ["points", "head_to_head"])
    # Counted over everyone, 1 would lead on 2 wins to 1; within the tie, 2 beat 1.
    assert order_of(rows) == [2, 1, 4, 3]
    assert rows[0].metrics == {"points": 220, "head_to_head": 1}
    assert rows[1].metrics == {"points": 220, "head_to_head": 0}
    assert rows[1].decided_by == "head_to_head"
    # 4 and 3 were never tied with anyone, so head-to-head was not needed for them.
    assert rows[2].metrics["head_to_head"] is None
    assert rows[3].metrics["head_to_head"] is None


def test_head_to_head_before_a_split_sees_the_whole_earlier_group() -> None:
    # Tied on games won (2, 3, 4 have one win each): head-to-head counts wins among all three.
    rows = compute_standings(LEAGUE, [1, 2, 3, 4], ["games_won", "head_to_head", "points"])
    figures = {row.entrant_id: row.metrics["head_to_head"] for row in rows}
    assert figures == {1: None, 2: 0, 3: 1, 4: 1}
    assert order_of(rows) == [1, 4, 3, 2]


TWIN = (
    game(1, 1, 120, 3, 80),
    game(2, 2, 120, 4, 80),
)


def test_entrants_level_on_everything_share_a_rank() -> None:
    rows = compute_standings(TWIN, [4, 3, 2, 1], ["games_won", "points", "head_to_head"])
    assert [(row.entrant_id, row.rank, row.tied_with_previous) for row in rows] == [
        (1, 1, False),
        (2, 1, True),
        (3, 3, False),
        (4, 3, True),
    ]
    assert rows[1].decided_by is None
    assert rows[1].explanation[0] == (
        "Level with entrant 1 on games won (1), points (120) and "
        "head-to-head wins among the tied (0): shares rank 1"
    )


def test_the_drawn_lot_leaves_no_shared_rank() -> None:
    rows = compute_standings(TWIN, [1, 2, 3, 4], ["games_won", "points", "lot"], lot_seed=7)
    assert sorted(row.rank for row in rows) == [1, 2, 3, 4]
    assert not any(row.tied_with_previous for row in rows)
    assert rows[1].decided_by == "lot"
    assert "the drawn lot" in rows[1].explanation[0]
    again = compute_standings(TWIN, [4, 3, 2, 1], ["games_won", "points", "lot"], lot_seed=7)
    assert again == rows


def test_explanations_name_the_deciding_metric() -> None:
    names = {1: "Smith & Jones", 2: "Byrne & Walsh", 3: "Ng & Roy", 4: "Ali & Cole"}
    rows = compute_standings(LEAGUE, [1, 2, 3, 4], ["games_won", "points"], names=names)
    by_id = {row.entrant_id: row.explanation for row in rows}
    assert by_id[1] == ("Ahead of Byrne & Walsh on games won (2 vs 1)",)
    assert by_id[2] == (
        "Behind Smith & Jones on games won (1 vs 2)",
        "Level with Ali & Cole on games won (1); ahead on points (310 vs 220)",
    )
    assert by_id[4] == (
        "Level with Byrne & Walsh on games won (1); behind on points (220 vs 310)",
        "Level with Ng & Roy on games won (1); ahead on points (220 vs 211)",
    )
    assert by_id[3] == ("Level with Ali & Cole on games won (1); behind on points (211 vs 220)",)


def test_explanation_reads_like_the_club_would_say_it() -> None:
    # 7 scores 412 in five wins; Smith & Jones (8) score 412 in four.
    wins_of_7 = [game(i, 7, p, 9, 0) for i, p in enumerate((82, 82, 82, 82, 84), start=1)]
    wins_of_8 = [game(10 + i, 8, 103, 9, 0) for i in range(4)]
    rows = compute_standings(
        wins_of_7 + wins_of_8, [7, 8], ["points", "games_won"], names={8: "Smith & Jones"}
    )
    assert order_of(rows) == [7, 8]
    assert rows[0].explanation == (
        "Level with Smith & Jones on points (412); ahead on games won (5 vs 4)",
    )
    assert rows[1].explanation == (
        "Level with entrant 7 on points (412); behind on games won (4 vs 5)",
    )


PROGRESSIVE = (
    # Round 1: 1 & 2 beat 3 & 4; 5 & 6 beat 7 & 8.
    game(1, (1, 2), 120, (3, 4), 80),
    game(2, (5, 6), 121, (7, 8), 40),
    # Round 2: partners rotate.
    game(3, (2, 4), 120, (1, 3), 100, round_number=2),
    game(4, (5, 7), 120, (6, 8), 110, round_number=2),
)


def test_progressive_players_each_get_their_sides_figures() -> None:
    rows = compute_standings(PROGRESSIVE, range(1, 9), ["points", "games_won"])
    figures = {row.entrant_id: row.metrics for row in rows}
    assert figures == {
        1: {"points": 220, "games_won": 1},
        2: {"points": 240, "games_won": 2},
        3: {"points": 180, "games_won": 0},
        4: {"points": 200, "games_won": 1},
        5: {"points": 241, "games_won": 2},
        6: {"points": 231, "games_won": 1},
        7: {"points": 160, "games_won": 1},
        8: {"points": 150, "games_won": 0},
    }
    assert order_of(rows) == [5, 2, 6, 1, 4, 3, 7, 8]


def test_progressive_buchholz_counts_each_opposing_player() -> None:
    rows = compute_standings(PROGRESSIVE, range(1, 9), ["buchholz"])
    # 1 met 3 and 4 (0 and 1 wins), then 2 and 4 (2 and 1 wins).
    assert {row.entrant_id: row.metrics["buchholz"] for row in rows}[1] == 4


def test_unfinished_games_and_unranked_opponents() -> None:
    games = (
        game(1, 1, 120, 2, 80),
        game(2, 9, 120, 2, 100),  # 9 withdrew: not ranked, still a Buchholz opponent
        game(3, 2, 120, 1, 0, finished=False),
    )
    rows = compute_standings(games, [1, 2, 3], ["games_won", "buchholz"])
    figures = {row.entrant_id: row.metrics for row in rows}
    assert figures[1] == {"games_won": 1, "buchholz": 0}
    assert figures[2] == {"games_won": 0, "buchholz": 2}
    assert figures[3] == {"games_won": 0, "buchholz": 0}
    assert order_of(rows) == [1, 2, 3]


@pytest.mark.parametrize(
    ("results", "entrants", "code"),
    [
        (LEAGUE, [1, 2, 2], "duplicate_entrant"),
        ((*LEAGUE, game(1, 3, 120, 4, 0)), [1, 2], "duplicate_game"),
        ((GameResult(9, 1, (side(1, points=120, won=True),)),), [1], "too_few_sides"),
        ((game(9, (1, 2), 120, (2, 3), 80),), [1, 2, 3], "entrant_twice_in_game"),
        ((game(9, (1, 1), 120, (2, 3), 80),), [1, 2, 3], "entrant_twice_in_game"),
    ],
)
def test_bad_data_is_refused(
    results: tuple[GameResult, ...], entrants: list[int], code: str
) -> None:
    with pytest.raises(StandingsError) as caught:
        compute_standings(results, entrants, ["points"])
    assert caught.value.code == code


def test_an_unknown_metric_in_the_order_is_refused() -> None:
    with pytest.raises(StandingsError) as caught:
        compute_standings(LEAGUE, [1, 2], ["points", "speaks"])
    assert caught.value.code == "unknown_metric"
    assert "games_won" in str(caught.value)


def test_nobody_has_played() -> None:
    rows = compute_standings([], [3, 1, 2], ["points", "games_won"])
    assert [(row.entrant_id, row.rank) for row in rows] == [(1, 1), (2, 1), (3, 1)]
    assert rows[0].explanation == ()
    assert compute_standings([], [], ["points"]) == []
