"""Standings benchmark: a progressive season from hand lines to a ranked table and ratings.

Builds a seeded season of plain tuples (200 players, 30 nights, each night 5 rounds of 50
tables of four, partners drawn afresh every round, about 8 hand lines a game: some 60,000
lines), then times each step an adapter would run: folding hand lines into game results,
the season table with the default tie-breaks counting the best 20 of 30 nights, one night's
standings, and rating every game with openskill. Prints figures; asserts nothing::

    python bench/standings.py [--players 200] [--nights 30] [--best-of 20] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.ratings import rate_games  # noqa: E402
from tournaments.standings.compute import compute_standings  # noqa: E402
from tournaments.standings.season import compute_season_standings  # noqa: E402
from tournaments.standings.types import GameResult, SideResult  # noqa: E402

SEASON_TARGET_SECONDS = 1.0
ROUNDS_PER_NIGHT = 5
TARGET = 120

# (game id, event id, round, side A players, side B players, A's change, B's change)
HandLine = tuple[int, int, int, tuple[int, int], tuple[int, int], int, int]
T = TypeVar("T")


def hand_lines(players: int, nights: int, seed: int) -> list[HandLine]:
    """A season of 45s hand lines: each hand shares 30 points, a set bidder loses the bid."""
    rng = random.Random(seed)
    lines: list[HandLine] = []
    game_id = 0
    field = list(range(1, players + 1))
    for event_id in range(1, nights + 1):
        for round_number in range(1, ROUNDS_PER_NIGHT + 1):
            rng.shuffle(field)
            for table in range(0, players - players % 4, 4):
                game_id += 1
                a = (field[table], field[table + 2])
                b = (field[table + 1], field[table + 3])
                score_a = score_b = 0
                while max(score_a, score_b) < TARGET:
                    # Sides score their tricks (5 each, 30 a hand); a bidder short of the
                    # bid loses it instead.
                    bidder_a = rng.random() < 0.5
                    bid = rng.choice((15, 15, 20, 25))
                    taken = min(30, rng.randrange(0, 31, 5) + 10)
                    made = taken if taken >= bid else -bid
                    change_a, change_b = (made, 30 - taken) if bidder_a else (30 - taken, made)
                    score_a += change_a
                    score_b += change_b
                    lines.append((game_id, event_id, round_number, a, b, change_a, change_b))
    return lines


def aggregate(lines: Iterable[HandLine]) -> list[GameResult]:
    """Hand lines folded into one result per game: totals, and the side that reached more."""
    totals: dict[int, list[int]] = {}
    heads: dict[int, tuple[int, int, tuple[int, int], tuple[int, int]]] = {}
    for game_id, event_id, round_number, side_a, side_b, change_a, change_b in lines:
        total = totals.get(game_id)
        if total is None:
            totals[game_id] = [change_a, change_b]
            heads[game_id] = (event_id, round_number, side_a, side_b)
        else:
            total[0] += change_a
            total[1] += change_b
    results = []
    for game_id, (points_a, points_b) in totals.items():
        event_id, round_number, side_a, side_b = heads[game_id]
        a_won = points_a >= points_b
        sides = (SideResult(side_a, points_a, a_won), SideResult(side_b, points_b, not a_won))
        results.append(GameResult(game_id, round_number, sides, event_id))
    return results


def best_time(repeat: int, run: Callable[[], T]) -> tuple[float, float, T]:
    """The fastest of ``repeat`` runs in wall-clock and in CPU seconds, and the last answer.

    CPU time is shown too because a busy shared machine stretches wall-clock time.
    """
    wall = cpu = float("inf")
    answer = run()
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        answer = run()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu, answer


def report(step: str, wall: float, cpu: float, count: int, unit: str) -> None:
    print(f"{step:<40} {wall:>8.3f} {cpu:>8.3f} {count / wall:>12,.0f} {unit}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--nights", type=int, default=30)
    parser.add_argument("--best-of", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; best is shown")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    lines = hand_lines(args.players, args.nights, args.seed)
    players = list(range(1, args.players + 1))
    aggregate_s, aggregate_cpu, games = best_time(args.repeat, lambda: aggregate(lines))
    season_s, season_cpu, season = best_time(
        args.repeat,
        lambda: compute_season_standings(games, players, best_of=args.best_of, lot_seed=1),
    )
    night = [g for g in games if g.event_id == 1]
    night_s, night_cpu, _ = best_time(args.repeat, lambda: compute_standings(night, players))
    rating_s, rating_cpu, run = best_time(1, lambda: rate_games(games))

    total, total_cpu = aggregate_s + season_s, aggregate_cpu + season_cpu
    print(
        f"season: {args.players} players, {args.nights} nights, {len(games):,} games, "
        f"{len(lines):,} hand lines ({len(lines) / len(games):.1f} a game)"
    )
    print(f"{'step':<40} {'wall s':>8} {'cpu s':>8} {'per second':>12}")
    report("aggregate hand lines -> game results", aggregate_s, aggregate_cpu, len(lines), "lines")
    step = f"season standings, best {args.best_of} of {args.nights}"
    report(step, season_s, season_cpu, len(games), "games")
    report("one night standings", night_s, night_cpu, len(night), "games")
    report("openskill ratings (Plackett-Luce)", rating_s, rating_cpu, len(games), "games")
    # Judged on CPU time: on a quiet machine it matches wall-clock, on a busy one it is the
    # part this code is responsible for.
    verdict = "ok" if total_cpu < SEASON_TARGET_SECONDS else "OVER"
    print(
        f"lines -> season table: {total_cpu:.3f} s cpu, {total:.3f} s wall "
        f"(target {SEASON_TARGET_SECONDS:.0f} s: {verdict})"
    )
    leader = season[0]
    print(
        f"leader: player {leader.entrant_id}, {leader.standing.metrics['points']:.0f} points; "
        f"{leader.explanation[0]}; top rating {max(r.display for r in run.ratings.values())}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
