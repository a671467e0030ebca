"""What a bye scores in the standings, for each of the event's rules."""

from __future__ import annotations

import pytest

from tests.tournaments.standings.builders import game
from tournaments.standings.byes import AVERAGE, NOTHING, WIN, ByeRule, RoundBye
from tournaments.standings.compute import compute_standings
from tournaments.standings.metrics import Points
from tournaments.standings.types import StandingsError

ORDER = ["games_won", "points", "point_differential", "games_played", "buchholz"]
# Entrant 1 beat 2 (120-80) and 3 (121-60); 2 beat 3 (120-100); 4 had a bye in round 2 and
# lost to 1 in round 3 (70-125).
GAMES = [
    game(1, 1, 120, 2, 80, round_number=1),
    game(2, 1, 121, 3, 60, round_number=2),
    game(3, 2, 120, 3, 100, round_number=3),
    game(4, 1, 125, 4, 70, round_number=3),
]
BYE = [RoundBye(4, 2)]


def figures(rule: ByeRule, order: list[str | Points] | None = None) -> dict[str, float | None]:
    rows = compute_standings(GAMES, [1, 2, 3, 4], order or ORDER, byes=BYE, bye_rule=rule)
    return next(row.metrics for row in rows if row.entrant_id == 4)


def test_a_bye_worth_nothing_is_no_game() -> None:
    shown = figures(ByeRule(NOTHING, 120))
    assert shown["games_won"] == 0
    assert shown["points"] == 70
    assert shown["point_differential"] == -55
    assert shown["games_played"] == 1


def test_a_bye_worth_a_win_scores_the_target_to_none() -> None:
    shown = figures(ByeRule(WIN, 120))
    assert shown["games_won"] == 1
    assert shown["points"] == 190
    assert shown["point_differential"] == 120 - 55
    assert shown["games_played"] == 2
    # A bye has no opponent: Buchholz counts only entrant 1, with its 3 wins.
    assert shown["buchholz"] == 3


def test_a_won_bye_respects_the_points_cap() -> None:
    shown = figures(ByeRule(WIN, 120), ["games_won", Points(cap=100)])
    assert shown["points"] == 70 + 100


def test_a_bye_worth_the_average_scores_the_entrants_other_games() -> None:
    rows = compute_standings(
        GAMES, [1, 2, 3, 4], ORDER, byes=[RoundBye(2, 2)], bye_rule=ByeRule(AVERAGE, 120)
    )
    shown = next(row.metrics for row in rows if row.entrant_id == 2)
    # Entrant 2 played 2 (lost 80-120, won 120-100): the bye is worth 100 to 110 and half a win.
    assert shown["games_won"] == 1.5
    assert shown["points"] == 300
    assert shown["point_differential"] == 200 - 220 + (100 - 110)
    assert shown["games_played"] == 3


def test_an_average_bye_before_any_game_is_worth_nothing_yet() -> None:
    rows = compute_standings(
        [game(1, 1, 120, 2, 80)], [1, 2, 3], ORDER, byes=[RoundBye(3, 1)], bye_rule=ByeRule(AVERAGE)
    )
    shown = next(row.metrics for row in rows if row.entrant_id == 3)
    assert (shown["games_won"], shown["points"], shown["games_played"]) == (0, 0, 0)


def test_a_won_bye_can_change_the_order() -> None:
    nothing = compute_standings(GAMES, [1, 2, 3, 4], ORDER, byes=BYE, bye_rule=ByeRule(NOTHING))
    win = compute_standings(GAMES, [1, 2, 3, 4], ORDER, byes=BYE, bye_rule=ByeRule(WIN, 120))
    assert [r.entrant_id for r in nothing] == [1, 2, 3, 4]
    assert [r.entrant_id for r in win] == [1, 2, 4, 3]


def test_an_unknown_rule_is_refused() -> None:
    with pytest.raises(StandingsError) as refused:
        ByeRule("half")
    assert refused.value.code == "unknown_bye_rule"
