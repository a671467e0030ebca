"""Level benchmark: every level members choose from, against the rule bot, in one table.

Each level plays the rule bot over the same duplicate deal pairs (``bench/bots.py``'s
matches: each seeded deal played twice, sides swapped), and the beginner also plays the random
player, so one run tells whether the levels are in order (beginner above random and below the
rule bot, club and expert above it) and what each costs per decision (CPU seconds in the
process that decided, so other work on the machine does not count). Prints figures; asserts
nothing::

    python bench/levels.py --game bidwhist --pairs 60 [--games 10] [--processes 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bots import Head, margin, quantile, run_match  # noqa: E402
from engine.bots import LEVELS  # noqa: E402

#: The matches played: (bot A, bot B).
MATCHES = [*((level, "rule") for level in LEVELS), ("beginner", "random")]
HEADER = (
    f"{'A':<9}{'B':<7}{'A - B per hand':>15} {'95% interval':<17}{'games':>7}"
    f"{'mean ms':>9}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}"
)


def row(a: str, b: str, result: dict[str, Any]) -> str:
    """One line of the table: A's margin over B, its game win rate, A's decision times."""
    diffs = result["diffs"]
    mean, half = margin(diffs) if diffs else (0.0, 0.0)
    interval = f"[{mean - half:+.2f}, {mean + half:+.2f}]" if diffs else ""
    played = result["played"]
    games = f"{result['wins'] / played:.0%}" if played else "-"
    times = result["a_times"]
    average = sum(times) / len(times) * 1000 if times else 0.0
    return (
        f"{a:<9}{b:<7}{mean:>+15.2f} {interval:<17}{games:>7}{average:>9.1f}"
        f"{quantile(times, 0.5) * 1000:>8.1f}{quantile(times, 0.95) * 1000:>8.1f}"
        f"{max(times, default=0) * 1000:>8.1f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="auction45", choices=["auction45", "bidwhist", "pitch52"])
    parser.add_argument("--pairs", type=int, default=60, help="duplicate deal pairs per match")
    parser.add_argument("--games", type=int, default=0, help="game seeds (each played twice)")
    parser.add_argument("--options", default="{}", help="game options as JSON")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed")
    parser.add_argument("--processes", type=int, default=1, choices=[1, 2])
    args = parser.parse_args()
    options = json.loads(args.options)
    start = time.perf_counter()
    pair_seeds = list(range(args.seed, args.seed + args.pairs))
    game_seeds = list(range(args.seed + 10**6, args.seed + 10**6 + args.games))
    print(f"{args.game} {json.dumps(options)}: {args.pairs} deal pairs, {args.games} game seeds")
    print(HEADER)
    for a, b in MATCHES:
        head: Head = (args.game, options, a, b, {}, {})
        print(row(a, b, run_match(head, pair_seeds, game_seeds, args.processes)), flush=True)
    print(f"elapsed {time.perf_counter() - start:,.0f} s on {args.processes} process(es)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
