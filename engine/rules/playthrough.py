"""Golden playthroughs: a seeded hand rendered as text, step by step.

Each step shows the phase, the seat to act, its legal actions, what every seat (and a
spectator) sees, and the action taken (chosen by a seeded random player). The files in
``tests/engine/playthroughs/`` are written by this module and compared by a test, so any change
in behaviour shows up as a readable diff::

    python -m engine.rules.playthrough auction45 --seed 1            # print one
    python -m engine.rules.playthrough --write tests/engine/playthroughs   # regenerate all
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.rules.registry import get_game

MAX_LEGAL_SHOWN = 24


@dataclass(frozen=True)
class Playthrough:
    """One golden file: a game, its options, the deal seed and the dealer."""

    name: str
    game: str
    seed: int
    dealer: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    scores: Sequence[int] | None = None


#: The golden set; the names are the file names under tests/engine/playthroughs/.
PLAYTHROUGHS: tuple[Playthrough, ...] = (
    Playthrough("auction45_default_seed1", "auction45", seed=1, dealer=3),
    Playthrough("auction45_default_seed2", "auction45", seed=2, dealer=0),
    Playthrough(
        "auction45_variants_seed3",
        "auction45",
        seed=3,
        dealer=1,
        options={
            "kitty_size": 3,
            "auction_style": "open",
            "follow_nontrump": "follow_or_trump",
            "kitty_rule": "trumps_only",
            "kitty_taste": True,
        },
        scores=(-30, 40),
    ),
    Playthrough(
        "auction45_cutthroat3_seed4", "auction45", seed=4, dealer=2, options={"players": 3}
    ),
    Playthrough("bidwhist_default_seed1", "bidwhist", seed=1, dealer=3),
    Playthrough(
        "bidwhist_contract_seed2",
        "bidwhist",
        seed=2,
        dealer=0,
        options={"scoring": "contract", "kitty_book": "bidder"},
    ),
    Playthrough("pitch52_default_seed1", "pitch52", seed=1, dealer=3),
    Playthrough(
        "pitch52_card_scheme_seed2",
        "pitch52",
        seed=2,
        dealer=1,
        options={"point_scheme": "card", "rob": "bidder_all", "low_to": "captor"},
    ),
    Playthrough("pitch52_six_players_seed3", "pitch52", seed=3, dealer=5, options={"players": 6}),
)


def _json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def render(spec: Playthrough) -> str:
    """The text of one playthrough. Deterministic for a given engine."""
    game = get_game(spec.game, dict(spec.options))
    hand = game.new_hand(dealer=spec.dealer, seed=spec.seed, scores=spec.scores)
    chooser = random.Random(spec.seed * 7919 + 1)
    lines = [
        f"game: {game.id}",
        f"options: {_json(game.options_dict())}",
        f"seed: {spec.seed}",
        f"dealer: {spec.dealer}",
        f"tally: {_json(hand.tally.to_dict())}",
        f"deal: {_json(hand.deal.to_dict())}",
        "",
    ]
    step = 0
    while hand.result is None:
        legal = hand.legal_actions()
        shown = [str(a) for a in legal[:MAX_LEGAL_SHOWN]]
        more = f" … and {len(legal) - len(shown)} more" if len(legal) > len(shown) else ""
        lines.append(f"== step {step}: phase {hand.phase}, seat {hand.to_act} to act")
        lines.append(f"legal ({len(legal)}): " + " | ".join(shown) + more)
        for seat in range(game.seating.seats):
            lines.append(f"view {seat}: {_json(hand.view(seat))}")
        lines.append(f"spectator: {_json(hand.view(None))}")
        action = legal[chooser.randrange(len(legal))]
        lines.append(f"action: {action}")
        lines.append("")
        hand.apply(action)
        step += 1
    lines.append(f"== over after {step} actions")
    lines.append(f"result: {_json(hand.result.to_dict())}")
    for seat in range(game.seating.seats):
        lines.append(f"view {seat}: {_json(hand.view(seat))}")
    lines.append(f"spectator: {_json(hand.view(None))}")
    return "\n".join(lines) + "\n"


def write_all(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for spec in PLAYTHROUGHS:
        path = directory / f"{spec.name}.txt"
        path.write_text(render(spec), encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.rules.playthrough")
    parser.add_argument("game", nargs="?", help="game id to print one playthrough of")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dealer", type=int, default=0)
    parser.add_argument("--write", type=Path, help="regenerate every golden file into this folder")
    args = parser.parse_args(argv)
    if args.write:
        for path in write_all(args.write):
            print(path)
        return 0
    if not args.game:
        parser.error("name a game or use --write")
    sys.stdout.write(render(Playthrough("adhoc", args.game, args.seed, args.dealer)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
