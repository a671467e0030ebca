"""Engine benchmark: random legal hands per second, microseconds per action, lines checked.

Plays random full hands of each game from one seeded generator through the public API
(``legal_actions`` then ``apply``, which validates every action), then checks the scoresheet
lines those hands produced with ``check_line``. Prints figures; asserts nothing::

    python bench/engine.py [--seconds 3] [--game auction45]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules import Tally, get_game  # noqa: E402

TARGETS = {"auction45": 15_000, "pitch52": 10_000, "bidwhist": 5_000}
CHECK_LINE_TARGET = 100_000


def play_random_hands(
    game_id: str, seconds: float
) -> tuple[int, int, float, list[tuple[dict, Tally]]]:
    """Play hands for about ``seconds``; return hands, actions, elapsed and some lines."""
    game = get_game(game_id)
    rng = random.Random(12345)
    seats = game.seating.seats
    hands = actions_taken = 0
    lines: list[tuple[dict, Tally]] = []
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            hand = game.new_hand(dealer=hands % seats, seed=rng)
            while hand.result is None:
                actions = hand.legal_actions()
                hand.apply(actions[int(rng.random() * len(actions))])
                actions_taken += 1
            hands += 1
            if len(lines) < 2000 and hand.result.outcome == "scored":
                lines.append((dict(hand.result.line), hand.tally))
        if time.perf_counter() >= deadline:
            break
    return hands, actions_taken, time.perf_counter() - start, lines


def check_lines_rate(game_id: str, lines: list[tuple[dict, Tally]], seconds: float) -> float:
    game = get_game(game_id)
    checked = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for line, tally in lines:
            game.check_line(line, tally)
        checked += len(lines)
    return checked / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--game", choices=sorted(TARGETS), action="append")
    args = parser.parse_args()
    header = ("game", "hands/s", "target", "us/action", "actions/hand", "lines/s")
    print("{:<10} {:>10} {:>8} {:>10} {:>13} {:>10}".format(*header))
    for game_id in args.game or list(TARGETS):
        hands, actions, elapsed, lines = play_random_hands(game_id, args.seconds)
        rate = hands / elapsed
        per_action = elapsed / actions * 1e6
        line_rate = check_lines_rate(game_id, lines, args.seconds) if lines else 0.0
        print(
            f"{game_id:<10} {rate:>10,.0f} {TARGETS[game_id]:>8,} {per_action:>10.2f} "
            f"{actions / hands:>13.1f} {line_rate:>10,.0f}"
        )
    print(f"check_line target: {CHECK_LINE_TARGET:,} lines/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
