"""Bot benchmark: duplicate matches between two computer players.

Each seeded deal is played twice, bot A holding one side's seats and then the other's, so the
luck of the cards cancels out; the figure is bot A's side score change minus bot B's, per hand,
with a 95% interval. Whole games to the target are played the same way (each seed twice, sides
swapped) for a game win rate. Decision times are CPU seconds per decision, measured in the
process that made the decision (so other work on the machine does not count); their total over
the deal pairs, per 100 pairs, tells how long a longer run will take. Prints figures; asserts
nothing::

    python bench/bots.py --game auction45 --pairs 200 --a search --b rule [--games 50]
        [--processes 2] [--options '{"kitty_size": 3}'] [--a-settings '{"samples": 40}']

``--a-settings`` and ``--b-settings`` go to the bots' constructors (``bot_for``), for instance
``'{"phases": {"auction45": ["play"]}}'`` for a search player that searches only the card play
and plays the other phases by the rules.

Targets (issue 6): rule beats random in at least 95% of games; search beats rule by at least
2 points per auction45 hand with the interval's lower bound above zero over 2,000 deal pairs;
a decision's p95 under 0.5 s on one core.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import BOTS, Bot, bot_for  # noqa: E402
from engine.bots.base import View  # noqa: E402
from engine.rules import Action, Game, Match, get_game  # noqa: E402

GAME_HAND_LIMIT = 200  # a game still running after this many hands is stopped (none has been)


class Timed:
    """A bot whose decisions are timed (CPU seconds)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        start = time.process_time()
        action = self.bot.choose(view, legal, rng)
        self.times.append(time.process_time() - start)
        return action


def seats_for(game: Game, a_side: int, a: Timed, b: Timed) -> list[Timed]:
    """Bot A on every seat of ``a_side``, bot B on every other seat."""
    return [a if side == a_side else b for side in game.seating.seat_side]


def play_hand(
    game: Game, bots: list[Timed], seed: int, dealer: int, match: Match | None = None
) -> tuple[int, ...]:
    """Play one seeded hand to its end; return the score change per side."""
    hand = (
        match.new_hand(seed=seed) if match is not None else game.new_hand(dealer=dealer, seed=seed)
    )
    rng = random.Random(seed * 1_000_003 + 17)
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        hand.apply(bots[seat].choose(hand.view(seat), hand.legal_actions(), rng))
    if match is not None:
        match.add_hand(hand)
    return hand.result.score.delta


#: A match: game id, options, bot A, bot B, A's settings, B's settings.
Head = tuple[str, dict[str, Any], str, str, dict[str, Any], dict[str, Any]]
#: A match and the deal (or game) seeds one process plays.
Job = tuple[str, dict[str, Any], str, str, dict[str, Any], dict[str, Any], list[int]]


def run_pairs(job: Job) -> dict[str, Any]:
    """Duplicate deals ``seeds``: per pair, A's side minus B's side, per hand."""
    game_id, options, a_name, b_name, a_settings, b_settings, seeds = job
    game = get_game(game_id, options)
    a = Timed(bot_for(a_name, game, **a_settings))
    b = Timed(bot_for(b_name, game, **b_settings))
    n = game.seating.seats
    diffs = []
    for seed in seeds:
        total = 0.0
        for a_side in (0, 1):
            delta = play_hand(game, seats_for(game, a_side, a, b), seed, seed % n)
            total += delta[a_side] - _others(delta, a_side)
        diffs.append(total / 2)
    return {"diffs": diffs, "a_times": a.times, "b_times": b.times}


def run_games(job: Job) -> dict[str, Any]:
    """Games to the target for ``seeds``, each played twice with the sides swapped."""
    game_id, options, a_name, b_name, a_settings, b_settings, seeds = job
    game = get_game(game_id, options)
    a = Timed(bot_for(a_name, game, **a_settings))
    b = Timed(bot_for(b_name, game, **b_settings))
    wins = played = hands = 0
    for seed in seeds:
        for a_side in (0, 1):
            bots = seats_for(game, a_side, a, b)
            match = Match(game, first_dealer=seed % game.seating.seats)
            rng = random.Random(seed)
            while not match.is_over and len(match.scores_history) < GAME_HAND_LIMIT:
                play_hand(game, bots, rng.randrange(1 << 30), match.dealer, match)
            hands += len(match.scores_history)
            played += 1
            if match.result is not None and a_side in match.result.winners:
                wins += 1
    return {"wins": wins, "played": played, "hands": hands, "a_times": a.times, "b_times": b.times}


def _others(delta: Sequence[int], side: int) -> float:
    """Mean score change of the sides other than ``side`` (B's side with two sides)."""
    rest = [d for s, d in enumerate(delta) if s != side]
    return sum(rest) / len(rest)


def _chunks(seeds: list[int], parts: int) -> list[list[int]]:
    return [seeds[i::parts] for i in range(parts) if seeds[i::parts]]


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _times_line(name: str, times: list[float]) -> str:
    mean = sum(times) / len(times) if times else 0.0
    return (
        f"  {name:<7} decisions {len(times):>7,}  mean {mean * 1000:7.1f} ms"
        f"  p50 {quantile(times, 0.5) * 1000:7.1f} ms"
        f"  p95 {quantile(times, 0.95) * 1000:7.1f} ms  max {max(times, default=0) * 1000:7.1f} ms"
        f"  total {sum(times):,.0f} s"
    )


def run_match(
    head: Head,
    pair_seeds: list[int],
    game_seeds: list[int],
    processes: int,
) -> dict[str, Any]:
    """Play the deal pairs and games of one match over ``processes`` processes: A's margin
    per deal pair (in seed order of the chunks), games won and played, and both bots' times."""
    pair_jobs: list[Job] = [(*head, c) for c in _chunks(pair_seeds, 8 * processes)]
    game_jobs: list[Job] = [(*head, c) for c in _chunks(game_seeds, 8 * processes)]
    with Pool(processes) as pool:
        pair_results = pool.map(run_pairs, pair_jobs, chunksize=1)
        game_results = pool.map(run_games, game_jobs, chunksize=1) if game_jobs else []
    results = (*pair_results, *game_results)
    return {
        "diffs": [d for r in pair_results for d in r["diffs"]],
        "by_seed": {
            s: d
            for c, r in zip(pair_jobs, pair_results, strict=True)
            for s, d in zip(c[-1], r["diffs"], strict=True)
        },
        "wins": sum(r["wins"] for r in game_results),
        "played": sum(r["played"] for r in game_results),
        "hands": sum(r["hands"] for r in game_results),
        "a_times": [t for r in results for t in r["a_times"]],
        "b_times": [t for r in results for t in r["b_times"]],
        "pair_cpu": sum(sum(r["a_times"]) + sum(r["b_times"]) for r in pair_results),
    }


def margin(diffs: list[float]) -> tuple[float, float]:
    """The mean of ``diffs`` and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    return mean, half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="auction45", choices=["auction45", "bidwhist", "pitch52"])
    parser.add_argument("--pairs", type=int, default=100, help="duplicate deal pairs")
    parser.add_argument("--games", type=int, default=20, help="game seeds (each played twice)")
    parser.add_argument("--a", default="search", choices=list(BOTS))
    parser.add_argument("--b", default="rule", choices=list(BOTS))
    parser.add_argument("--options", default="{}", help="game options as JSON")
    parser.add_argument("--a-settings", default="{}", help="bot A's settings as JSON")
    parser.add_argument("--b-settings", default="{}", help="bot B's settings as JSON")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed")
    parser.add_argument("--processes", type=int, default=1, choices=[1, 2])
    parser.add_argument(
        "--dump", default=None, help="write each deal pair's figure (JSON, by seed) to this file"
    )
    args = parser.parse_args()
    options = json.loads(args.options)
    a_settings, b_settings = json.loads(args.a_settings), json.loads(args.b_settings)
    game = get_game(args.game, options)  # refuse bad options before starting
    bot_for(args.a, game, **a_settings)  # and bad settings
    bot_for(args.b, game, **b_settings)
    start = time.perf_counter()
    pair_seeds = list(range(args.seed, args.seed + args.pairs))
    game_seeds = list(range(args.seed + 10**6, args.seed + 10**6 + args.games))
    head: Head = (args.game, options, args.a, args.b, a_settings, b_settings)
    result = run_match(head, pair_seeds, game_seeds, args.processes)
    diffs = result["diffs"]
    if args.dump:
        Path(args.dump).write_text(json.dumps(result["by_seed"], sort_keys=True))
    print(
        f"{args.game} {json.dumps(options)}: A = {args.a} {json.dumps(a_settings)}, "
        f"B = {args.b} {json.dumps(b_settings)}"
    )
    if diffs:
        mean, half = margin(diffs)
        print(
            f"  hands   {len(diffs):>7,} deal pairs: A - B = {mean:+.2f} points per hand, "
            f"95% interval [{mean - half:+.2f}, {mean + half:+.2f}]"
        )
    played = result["played"]
    if played:
        print(
            f"  games   {played:>7,} to the target ({result['hands'] / played:.1f} hands each): "
            f"A wins {result['wins'] / played:.1%}"
        )
    print(_times_line(args.a, result["a_times"]))
    print(_times_line(args.b, result["b_times"]))
    if diffs:
        per_100 = result["pair_cpu"] * 100 / len(diffs)
        print(f"  cpu     {per_100:,.0f} s of decisions per 100 deal pairs")
    print(f"  elapsed {time.perf_counter() - start:,.0f} s on {args.processes} process(es)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
