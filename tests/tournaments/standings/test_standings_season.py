"""Season standings: totals over nights, best N of M, attendance and per-night figures."""

from __future__ import annotations

import itertools

import pytest

from tests.tournaments.standings.builders import game
from tournaments.standings.byes import AVERAGE, NOTHING, WIN, ByeRule, RoundBye
from tournaments.standings.compute import compute_standings
from tournaments.standings.season import compute_season_standings
from tournaments.standings.types import GameResult, StandingsError

NIGHTS = (101, 102, 103, 104)
# Points each ranked entrant scored on each night (event id); each night it beats 9, who
# scores nothing and is not ranked. 3 came to the first two nights only.
SCORES = {
    1: {101: 100, 102: 300, 103: 200, 104: 50},
    2: {101: 150, 102: 150, 103: 150, 104: 150},
    3: {101: 250, 102: 260},
}


def season_games(scores: dict[int, dict[int, int]]) -> list[GameResult]:
    ids = itertools.count(1)
    return [
        game(next(ids), entrant, points, 9, 0, event_id=event)
        for entrant, nights in scores.items()
        for event, points in nights.items()
    ]


SEASON = season_games(SCORES)


def test_without_best_of_every_night_counts() -> None:
    rows = compute_season_standings(SEASON, [1, 2, 3], ["points"])
    assert [(row.entrant_id, row.standing.metrics["points"]) for row in rows] == [
        (1, 650),
        (2, 600),
        (3, 510),
    ]
    assert [row.attendance for row in rows] == [4, 4, 2]
    assert [row.dropped for row in rows] == [(), (), ()]
    assert rows[2].explanation[0] == "played 2 of 4 nights"


def test_best_n_of_m_keeps_the_best_nights_by_the_first_metric() -> None:
    rows = compute_season_standings(SEASON, [1, 2, 3], ["points"], best_of=2)
    by_id = {row.entrant_id: row for row in rows}
    assert [row.entrant_id for row in rows] == [3, 1, 2]
    assert by_id[1].standing.metrics["points"] == 500
    assert by_id[1].dropped == (1, 4)
    assert by_id[1].explanation[0] == "best 2 of 4 nights: dropped nights 1 and 4"
    # Equal nights: the earlier ones count.
    assert by_id[2].dropped == (3, 4)
    assert by_id[2].standing.metrics["points"] == 300
    assert by_id[3].dropped == ()
    assert by_id[3].explanation[0] == "played 2 of 4 nights; all count towards the best 2"
    # The ordinary explanation follows the season line.
    assert by_id[1].explanation[1] == "Behind entrant 3 on points (500 vs 510)"


def test_dropping_one_night_says_night() -> None:
    rows = compute_season_standings(SEASON, [1], ["points"], best_of=3)
    assert rows[0].dropped == (4,)
    assert rows[0].explanation[0] == "best 3 of 4 nights: dropped night 4"
    assert rows[0].standing.metrics["points"] == 600


def test_best_nights_of_a_lower_is_better_metric_are_the_lowest() -> None:
    games = [
        game(1, 9, 120, 5, 0, event_id=1),
        game(2, 9, 50, 5, 0, event_id=2),
        game(3, 9, 90, 5, 0, event_id=3),
    ]
    rows = compute_season_standings(games, [5], ["points_against"], best_of=2)
    assert rows[0].dropped == (1,)
    assert rows[0].standing.metrics["points_against"] == 140


def test_per_night_figures_and_which_counted() -> None:
    rows = compute_season_standings(
        SEASON, [1, 2, 3], ["points", "games_won", "head_to_head"], best_of=2
    )
    nights = {row.entrant_id: row.nights for row in rows}[1]
    assert [(n.night, n.event_id, n.metrics, n.counted) for n in nights] == [
        (1, 101, {"points": 100, "games_won": 1}, False),
        (2, 102, {"points": 300, "games_won": 1}, True),
        (3, 103, {"points": 200, "games_won": 1}, True),
        (4, 104, {"points": 50, "games_won": 1}, False),
    ]


def test_night_numbers_follow_the_season_calendar() -> None:
    # Listed latest first, event 104 is night 1: 2's equal nights now keep events 104 and 103.
    rows = compute_season_standings(
        SEASON, [2], ["points"], nights=tuple(reversed(NIGHTS)), best_of=2
    )
    assert rows[0].dropped == (3, 4)
    counted = {n.event_id for n in rows[0].nights if n.counted}
    assert counted == {104, 103}


def test_season_without_drops_matches_one_big_event() -> None:
    order = ["games_won", "points", "head_to_head", "buchholz", "lot"]
    games = [
        game(1, 1, 120, 2, 100, event_id=1),
        game(2, 3, 120, 4, 90, event_id=1),
        game(3, 2, 121, 3, 80, event_id=2),
        game(4, 4, 120, 1, 60, event_id=2),
        game(5, 1, 125, 3, 30, event_id=3),
    ]
    season = compute_season_standings(games, [1, 2, 3, 4], order, lot_seed=3)
    flat = compute_standings(games, [1, 2, 3, 4], order, lot_seed=3)
    assert [row.entrant_id for row in season] == [row.entrant_id for row in flat]
    assert [row.standing.metrics for row in season] == [row.metrics for row in flat]
    assert [row.explanation[1:] for row in season] == [row.explanation for row in flat]


def test_head_to_head_reads_only_the_counted_nights() -> None:
    # 1 and 2 finish level on points over their best night. 1 beat 2 on night 1, which 1
    # drops; 2 beat 1 on night 2. Only night 2's win counts.
    games = [
        game(1, 1, 100, 2, 90, event_id=1),
        game(2, 2, 200, 1, 190, event_id=2),
        game(3, 1, 200, 9, 0, event_id=3),
        game(4, 2, 190, 9, 0, event_id=3),
    ]
    rows = compute_season_standings(games, [1, 2], ["points", "head_to_head"], best_of=2)
    by_id = {row.entrant_id: row for row in rows}
    assert by_id[1].dropped == (1,)
    assert by_id[2].dropped == (1,)
    assert by_id[1].standing.metrics == {"points": 390, "head_to_head": 0}
    assert by_id[2].standing.metrics == {"points": 390, "head_to_head": 1}
    assert [row.entrant_id for row in rows] == [2, 1]


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"nights": (101, 102)}, "unknown_night"),
        ({"nights": (101, 102, 103, 104, 101)}, "duplicate_night"),
        ({"best_of": 0}, "bad_best_of"),
        ({"best_of": 2, "order": ["head_to_head", "points"]}, "bad_primary_metric"),
        ({"best_of": 2, "order": ["nonsense"]}, "unknown_metric"),
    ],
)
def test_bad_season_options_are_refused(options: dict[str, object], code: str) -> None:
    order = options.pop("order", ["points"])
    with pytest.raises(StandingsError) as caught:
        compute_season_standings(SEASON, [1, 2, 3], order, **options)  # type: ignore[arg-type]
    assert caught.value.code == code


def test_head_to_head_may_lead_when_no_nights_are_dropped() -> None:
    rows = compute_season_standings(SEASON, [1, 2, 3], ["head_to_head", "points"])
    assert [row.entrant_id for row in rows] == [1, 2, 3]


def test_an_entrant_who_never_came() -> None:
    rows = compute_season_standings(SEASON, [1, 7], ["points"], best_of=2)
    absent = rows[-1]
    assert absent.entrant_id == 7
    assert (absent.attendance, absent.nights, absent.dropped) == (0, (), ())
    assert absent.explanation[0] == "played 0 of 4 nights; all count towards the best 2"
    assert absent.standing.metrics == {"points": 0}


def test_a_bye_scores_what_its_own_night_says() -> None:
    # 3 had a bye in round 2 of night 101 (worth a win of 120 there) and of night 102 (worth
    # the average of that night's other games, one of 260) and of night 103 (worth nothing).
    byes = [RoundBye(3, 2, 101), RoundBye(3, 2, 102), RoundBye(3, 2, 103)]
    rules = {101: ByeRule(WIN, 120), 102: ByeRule(AVERAGE), 103: ByeRule(NOTHING)}
    rows = compute_season_standings(
        SEASON, [1, 2, 3], ["points", "games_won"], byes=byes, bye_rules=rules
    )
    by_id = {row.entrant_id: row for row in rows}
    assert by_id[3].standing.metrics["points"] == 510 + 120 + 260
    assert by_id[3].standing.metrics["games_won"] == 2 + 1 + 1
    # A bye worth nothing is not a game played: night 103 is not counted as attended.
    assert by_id[3].attendance == 2
    unscored = compute_season_standings(SEASON, [1, 2, 3], ["points"], byes=byes)
    assert {row.entrant_id: row.standing.metrics["points"] for row in unscored}[3] == 510
