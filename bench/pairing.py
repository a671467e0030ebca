"""Pairing benchmark: seconds per round for the large fields a club server must handle.

- Swiss: 1,000 partnerships, rounds paired one after another with random results (seeded),
  timing each pairing and counting rematches (there should be none).
- Progressive: 200 players at tables of four and of six, several rounds; then one round after
  60 rounds of random seatings, where repeats cannot all be avoided and the local search
  spends its whole budget (the worst case).
- Cut-throat: 200 players at tables of 3 to 4.
- Round robin: the whole schedule of 100 entrants.

Prints figures; asserts nothing::

    python bench/pairing.py [--swiss-rounds 6] [--progressive-rounds 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import (  # noqa: E402
    Entrant,
    History,
    PastTable,
    RoundPairing,
    cutthroat_round,
    progressive_round,
    round_robin_schedule,
    swiss_round,
)
from tournaments.pairing.types import pair  # noqa: E402

SWISS_TARGET = 2.0
PROGRESSIVE_TARGET = 2.0


def verdict(seconds: float, target: float) -> str:
    return "ok" if seconds < target else "SLOW"


def bench_swiss(size: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    ratings = {i: rng.random() for i in range(1, size + 1)}
    scores = dict.fromkeys(ratings, 0.0)
    history = History()
    print(f"Swiss, {size} partnerships (target < {SWISS_TARGET:.1f} s a round)")
    print(f"  {'round':>5} {'seconds':>8} {'tables':>7} {'floats':>7} {'rematches':>9}  how")
    for number in range(1, rounds + 1):
        entrants = [Entrant(i, scores[i], ratings[i]) for i in ratings]
        met = history.opponent_counts()
        start = time.perf_counter()
        pairing = swiss_round(entrants, history, round_number=number, seed=seed)
        elapsed = time.perf_counter() - start
        games = [(t.sides[0][0], t.sides[1][0]) for t in pairing.tables]
        rematches = sum(1 for a, b in games if met[pair(a, b)])
        floats = sum(1 for a, b in games if scores[a] != scores[b])
        print(
            f"  {number:>5} {elapsed:>8.3f} {len(games):>7} {floats:>7} {rematches:>9}  "
            f"{pairing.reasons[0].code} {verdict(elapsed, SWISS_TARGET)}"
        )
        for a, b in games:
            scores[a if rng.random() < 0.5 else b] += 1
        for bye in pairing.bye_ids:
            scores[bye] += 1
        history = history.with_round(pairing)


def bench_individual(kind: str, size: int, rounds: int, table_size: int, seed: int) -> None:
    players = list(range(1, size + 1))
    history = History()
    print(f"{kind}, {size} players, tables of {table_size} (target < {PROGRESSIVE_TARGET:.1f} s)")
    print(f"  {'round':>5} {'seconds':>8} {'repeat partners':>15} {'repeat opponents':>16}")
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        pairing: RoundPairing
        if kind == "Progressive":
            pairing = progressive_round(
                players, history, round_number=number, seed=seed, table_size=table_size
            )
        else:
            allowed = (table_size, table_size - 1)
            pairing = cutthroat_round(
                players, history, round_number=number, seed=seed, allowed_sizes=allowed
            )
        elapsed = time.perf_counter() - start
        history = history.with_round(pairing)
        partners = sum(c - 1 for c in history.partner_counts().values())
        opponents = sum(c - 1 for c in history.opponent_counts().values())
        print(
            f"  {number:>5} {elapsed:>8.3f} {partners:>15} {opponents:>16}  "
            f"{verdict(elapsed, PROGRESSIVE_TARGET)}"
        )


def bench_crowded_history(size: int, table_size: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    tables: list[PastTable] = []
    for number in range(1, rounds + 1):
        order = list(range(1, size + 1))
        rng.shuffle(order)
        for k in range(0, size - size % table_size, table_size):
            seated = order[k : k + table_size]
            sides = tuple(tuple(seated[i : i + 2]) for i in range(0, table_size, 2))
            tables.append(PastTable(number, sides))
    history = History(tuple(tables))
    players = list(range(1, size + 1))
    start = time.perf_counter()
    pairing = progressive_round(
        players, history, round_number=rounds + 1, seed=seed, table_size=table_size
    )
    elapsed = time.perf_counter() - start
    partners = history.partner_counts()
    repeats = sum(1 for t in pairing.tables for side in t.sides if partners[pair(*side)])
    print(
        f"Progressive, {size} players, tables of {table_size}, after {rounds} random rounds: "
        f"{elapsed:.3f} s, {repeats} repeated partner(s) {verdict(elapsed, PROGRESSIVE_TARGET)}"
    )


def bench_round_robin(size: int) -> None:
    start = time.perf_counter()
    schedule = round_robin_schedule(list(range(1, size + 1)))
    elapsed = time.perf_counter() - start
    tables = sum(len(p.tables) for p in schedule)
    print(f"Round robin, {size} entrants: {len(schedule)} rounds, {tables} tables")
    print(f"  whole schedule {elapsed:.3f} s, {elapsed / len(schedule) * 1000:.2f} ms a round")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--swiss-size", type=int, default=1000)
    parser.add_argument("--swiss-rounds", type=int, default=6)
    parser.add_argument("--progressive-size", type=int, default=200)
    parser.add_argument("--progressive-rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    bench_swiss(args.swiss_size, args.swiss_rounds, args.seed)
    print()
    for table_size in (4, 6):
        bench_individual(
            "Progressive", args.progressive_size, args.progressive_rounds, table_size, args.seed
        )
        print()
    for table_size in (4, 6):
        bench_crowded_history(args.progressive_size, table_size, 60, args.seed)
    print()
    bench_individual("Cut-throat", args.progressive_size, args.progressive_rounds, 4, args.seed)
    print()
    bench_round_robin(100)


if __name__ == "__main__":
    main()
