"""Club ratings: direction of changes, strength of partner and opponents, determinism."""

from __future__ import annotations

import random

import pytest

from tests.tournaments.standings.builders import game, side
from tournaments.ratings import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    DISPLAY_BASE,
    Rating,
    RatingChange,
    finishing_places,
    rate_games,
)
from tournaments.standings.types import GameResult, SideResult, StandingsError


def change(changes: tuple[RatingChange, ...], player: int) -> RatingChange:
    (found,) = (c for c in changes if c.player_id == player)
    return found


def test_a_win_raises_the_winners_and_lowers_the_losers() -> None:
    run = rate_games([game(1, (1, 2), 120, (3, 4), 80)])
    for winner in (1, 2):
        assert run.ratings[winner].mu > DEFAULT_MU
        assert change(run.history, winner).mu_change > 0
        assert change(run.history, winner).won
    for loser in (3, 4):
        assert run.ratings[loser].mu < DEFAULT_MU
        assert change(run.history, loser).mu_change < 0
        assert not change(run.history, loser).won
    # Everyone is surer of everyone after a game.
    assert all(rating.sigma < DEFAULT_SIGMA for rating in run.ratings.values())


@pytest.mark.parametrize("opponent_mu", [28.0, 32.0, 40.0])
def test_beating_stronger_opponents_gains_more(opponent_mu: float) -> None:
    def gain(mu: float) -> float:
        initial = {3: Rating(mu, 5.0), 4: Rating(mu, 5.0)}
        run = rate_games([game(1, (1, 2), 120, (3, 4), 80)], initial)
        return change(run.history, 1).mu_change

    assert gain(opponent_mu) > gain(25.0) > gain(20.0)


def test_losing_to_weaker_opponents_costs_more() -> None:
    def loss(mu: float) -> float:
        initial = {3: Rating(mu, 5.0), 4: Rating(mu, 5.0)}
        run = rate_games([game(1, (3, 4), 120, (1, 2), 80)], initial)
        return change(run.history, 1).mu_change

    assert loss(15.0) < loss(25.0) < 0


def test_partner_strength_matters() -> None:
    def gain_beside(partner_mu: float) -> float:
        initial = {
            1: Rating(),
            2: Rating(partner_mu, 4.0),
            3: Rating(30.0, 4.0),
            4: Rating(30.0, 4.0),
        }
        run = rate_games([game(1, (1, 2), 120, (3, 4), 80)], initial)
        return change(run.history, 1).mu_change

    # Winning beside a weak partner says more about you than winning beside a strong one.
    assert gain_beside(15.0) > gain_beside(25.0) > gain_beside(40.0) > 0


def test_cut_throat_rates_every_player_as_a_team_of_one() -> None:
    sides = (
        side(1, points=80),
        side(2, points=121, won=True),
        side(3, points=40),
    )
    run = rate_games([GameResult(1, 1, sides)])
    mus = {player: rating.mu for player, rating in run.ratings.items()}
    assert mus[2] > mus[1] > mus[3]
    assert mus[2] > DEFAULT_MU > mus[3]
    assert len(run.history) == 3


@pytest.mark.parametrize(
    ("sides", "places"),
    [
        ((side(1, points=120, won=True), side(2, points=80)), [0, 1]),
        ((side(1, points=80), side(2, points=120, won=True)), [1, 0]),
        ((side(1, points=60), side(2, points=125, won=True), side(3, points=90)), [2, 0, 1]),
        ((side(1, points=60), side(2, points=125, won=True), side(3, points=60)), [1, 0, 1]),
        # The winner is first even when another side has more points (went out first).
        ((side(1, points=121, won=True), side(2, points=124)), [0, 1]),
    ],
)
def test_finishing_places(sides: tuple[SideResult, ...], places: list[int]) -> None:
    assert finishing_places(sides) == places


def season(seed: int, games: int = 60) -> list[GameResult]:
    rng = random.Random(seed)
    out = []
    for game_id in range(1, games + 1):
        players = rng.sample(range(1, 13), 4)
        winners, losers = (players[0], players[1]), (players[2], players[3])
        out.append(game(game_id, winners, 120 + rng.randrange(6), losers, rng.randrange(120)))
    return out


def test_rating_is_deterministic() -> None:
    games = season(5)
    first = rate_games(games)
    second = rate_games(list(games))
    assert first == second
    assert rate_games(season(6)) != first


def test_history_chains_game_to_game_and_ends_at_the_final_rating() -> None:
    run = rate_games(season(8))
    for player, final in run.ratings.items():
        changes = run.history_of(player)
        assert changes, f"player {player} has ratings but no history"
        assert changes[0].before == Rating()
        for earlier, later in zip(changes, changes[1:], strict=False):
            assert later.before == earlier.after
            assert later.game_id > earlier.game_id
        assert changes[-1].after == final


def test_initial_ratings_carry_in_and_unfinished_games_are_skipped() -> None:
    carried = {1: Rating(30.0, 3.0), 99: Rating(20.0, 2.0)}
    games = [
        game(1, (1, 2), 120, (3, 4), 80, finished=False),
        game(2, (3, 4), 120, (1, 2), 100),
    ]
    run = rate_games(games, carried)
    assert {c.game_id for c in run.history} == {2}
    assert change(run.history, 1).before == Rating(30.0, 3.0)
    assert run.ratings[99] == Rating(20.0, 2.0), "players who did not play keep their rating"
    assert carried[1] == Rating(30.0, 3.0), "the caller's mapping is not changed"


def test_ordinal_and_display() -> None:
    new = Rating()
    assert new.ordinal == pytest.approx(0.0)
    assert new.display == DISPLAY_BASE
    assert Rating(30.0, 2.0).ordinal == pytest.approx(24.0)
    assert Rating(30.0, 2.0).display > Rating(30.0, 3.0).display
    run = rate_games([game(1, 1, 120, 2, 80)])
    won = change(run.history, 1)
    assert won.display_change == won.after.display - won.before.display
    assert won.ordinal_change == pytest.approx(won.after.ordinal - won.before.ordinal)


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        (GameResult(1, 1, (side(1, points=120, won=True),)), "too_few_sides"),
        (GameResult(1, 1, (side(points=120, won=True), side(2, points=0))), "empty_side"),
        (game(1, (1, 2), 120, (2, 3), 80), "entrant_twice_in_game"),
    ],
)
def test_bad_games_are_refused(bad: GameResult, code: str) -> None:
    with pytest.raises(StandingsError) as caught:
        rate_games([bad])
    assert caught.value.code == code
