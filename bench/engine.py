"""Engine benchmark: random legal hands per second, microseconds per action, lines checked.

Plays random full hands of each game from one seeded generator through the public API
(``legal_actions`` then ``apply``, which validates every action), then checks scoresheet lines
with ``check_line``. Prints figures; asserts nothing::

    python bench/engine.py [--seconds 3] [--game auction45]

Hands start from 0-0 (the figure is hands of play, not games). The lines checked come from whole
random games instead: each line is checked against the running tally it was played from, so
scores, set counts and facts vary as on real scoresheets, and each timing pass uses a freshly
built game that checks every line once. Nothing the engine remembers between calls (its
equal-facts score cache) can then be flattered by the benchmark repeating itself; only the
repeats real games contain (many games start 0-0 with the same split) can help it.

Time is this process's CPU time: the benchmark is one thread, so on an idle machine that is the
wall clock, and on a busy one other processes do not count against the engine (the wall clock
swung by a third between runs of the same code on a shared 2-core machine).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from math import floor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.machine import machine  # noqa: E402
from engine.rules import Game, Tally, get_game  # noqa: E402
from engine.rules.registry import game_class  # noqa: E402

TARGETS = {"auction45": 15_000, "pitch52": 10_000, "bidwhist": 5_000}
CHECK_LINE_TARGET = 100_000
LINES = 4_000
CLOCK = time.process_time

Line = tuple[dict[str, Any], Tally]


def play_hands(game: Game, rng: random.Random, first: int, count: int) -> int:
    """Play ``count`` random hands (dealers rotating from hand number ``first``); return the
    number of actions taken.

    Each action is drawn uniformly from the legal ones by index (``floor`` is the cheap
    spelling of ``int`` here: the loop's own cost counts toward the figure).
    """
    rand = rng.random
    new_hand = game.new_hand
    seats = game.seating.seats
    actions_taken = 0
    for number in range(first, first + count):
        hand = new_hand(dealer=number % seats, seed=rng)
        legal = hand.legal_actions
        apply = hand.apply
        while hand.result is None:
            actions = legal()
            apply(actions[floor(rand() * len(actions))])
        actions_taken += len(hand.history)
    return actions_taken


def play_random_hands(game_id: str, seconds: float) -> tuple[int, int, float]:
    """Play hands for about ``seconds``; return hands, actions and the time taken."""
    game = get_game(game_id)
    rng = random.Random(12345)
    hands = actions_taken = 0
    start = CLOCK()
    deadline = start + seconds
    while True:
        actions_taken += play_hands(game, rng, hands, 200)
        hands += 200
        if CLOCK() >= deadline:
            break
    return hands, actions_taken, CLOCK() - start


def game_lines(game_id: str, count: int, seed: int = 54321) -> list[Line]:
    """``count`` scored lines of whole random games, each with the tally before it."""
    game = get_game(game_id)
    rng = random.Random(seed)
    seats = game.seating.seats
    lines: list[Line] = []
    tally = None
    dealer = 0
    while len(lines) < count:
        hand = game.new_hand(dealer=dealer, seed=rng, tally=tally)
        while hand.result is None:
            actions = hand.legal_actions()
            hand.apply(actions[floor(rng.random() * len(actions))])
        result = hand.result
        dealer = (dealer + 1) % seats
        if result.outcome != "scored":
            continue
        lines.append((dict(result.line), hand.tally))
        tally = None if result.score.result is not None else result.score.tally_after
    return lines


def check_lines_rate(game_id: str, lines: list[Line], seconds: float) -> float:
    """Lines checked per second; each pass is a fresh game checking every line once."""
    cls = game_class(game_id)
    checked = 0
    elapsed = 0.0
    while elapsed < seconds:
        check = cls().check_line
        start = CLOCK()
        for line, tally in lines:
            check(line, tally)
        elapsed += CLOCK() - start
        checked += len(lines)
    return checked / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--game", choices=sorted(TARGETS), action="append")
    args = parser.parse_args()
    header = ("game", "hands/s", "target", "us/action", "actions/hand", "lines/s")
    print("{:<10} {:>10} {:>8} {:>10} {:>13} {:>10}".format(*header))
    for game_id in args.game or list(TARGETS):
        hands, actions, elapsed = play_random_hands(game_id, args.seconds)
        rate = hands / elapsed
        per_action = elapsed / actions * 1e6
        line_rate = check_lines_rate(game_id, game_lines(game_id, LINES), args.seconds)
        print(
            f"{game_id:<10} {rate:>10,.0f} {TARGETS[game_id]:>8,} {per_action:>10.2f} "
            f"{actions / hands:>13.1f} {line_rate:>10,.0f}"
        )
    print(f"check_line target: {CHECK_LINE_TARGET:,} lines/s for each game")
    print(f"timed in CPU seconds of this process on {machine()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
