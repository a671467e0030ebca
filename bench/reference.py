"""Kitty's engine beside a C++ game engine, on this machine, in one run.

Hands per second say little on their own: the same code ran two and a half times faster on one
2-core machine than on another. OpenSpiel (a C++ library of games with Python bindings) plays
euchre, a 5-card trick game like 45s, and hearts, 13 tricks like bid whist. This script plays
random hands of both through its Python bindings with the loop ``bench/engine.py`` uses (list
the legal actions, take one at random by index, apply it; chance nodes, the deal, the same way)
and Kitty's games with ``bench/engine.py`` itself, then prints each pair and their ratio::

    pip install open_spiel     # into any Python 3.11 environment with Kitty's; not a dependency
    python bench/reference.py [--seconds 3]

Prints figures; asserts nothing. Without OpenSpiel it prints Kitty's figures and says how to
add the other column.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from math import floor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine import CLOCK, play_random_hands  # noqa: E402
from bench.machine import machine  # noqa: E402

#: Kitty's game and the OpenSpiel game of the same shape.
PAIRS = (("auction45", "euchre"), ("pitch52", "euchre"), ("bidwhist", "hearts"))
ROW = "{:<10} {:>10}   {:<8} {:>10} {:>7}"


def reference_hands(spiel: Any, name: str, seconds: float) -> float:
    """Random hands per second of OpenSpiel's ``name``, CPU time of this process."""
    game = spiel.load_game(name)
    rand = random.Random(12345).random
    hands = 0
    start = CLOCK()
    deadline = start + seconds
    while CLOCK() < deadline:
        for _ in range(100):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()  # uniform: every unseen card
                    state.apply_action(outcomes[floor(rand() * len(outcomes))][0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[floor(rand() * len(actions))])
        hands += 100
    return hands / (CLOCK() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    try:
        spiel: Any = importlib.import_module("pyspiel")
    except ImportError:
        spiel = None
    reference: dict[str, float] = {}
    print(ROW.format("game", "hands/s", "C++", "hands/s", "ratio"))
    for kitty_game, other in PAIRS:
        hands, _actions, elapsed = play_random_hands(kitty_game, args.seconds)
        rate = hands / elapsed
        if spiel is None:
            print(ROW.format(kitty_game, f"{rate:,.0f}", other, "-", "-"))
            continue
        if other not in reference:
            reference[other] = reference_hands(spiel, other, args.seconds)
        theirs = reference[other]
        ratio = rate / theirs
        print(ROW.format(kitty_game, f"{rate:,.0f}", other, f"{theirs:,.0f}", f"{ratio:.2f}"))
    if spiel is None:
        print("OpenSpiel is not installed: pip install open_spiel adds its column")
    print(f"timed in CPU seconds of this process on {machine()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
