"""Small builders for standings and ratings tests: games as one readable line each."""

from __future__ import annotations

from tournaments.standings.types import GameResult, SideResult


def side(*entrant_ids: int, points: int, won: bool = False) -> SideResult:
    return SideResult(entrant_ids=entrant_ids, points=points, won=won)


def game(
    game_id: int,
    winner: tuple[int, ...] | int,
    winner_points: int,
    loser: tuple[int, ...] | int,
    loser_points: int,
    *,
    round_number: int = 1,
    event_id: int = 0,
    finished: bool = True,
) -> GameResult:
    """A two-sided game; ``winner`` and ``loser`` are one entrant id or a tuple of players."""
    winners = winner if isinstance(winner, tuple) else (winner,)
    losers = loser if isinstance(loser, tuple) else (loser,)
    return GameResult(
        game_id=game_id,
        round_number=round_number,
        sides=(side(*winners, points=winner_points, won=True), side(*losers, points=loser_points)),
        event_id=event_id,
        finished=finished,
    )
