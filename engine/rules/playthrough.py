"""Golden playthroughs: a seeded hand written out as text, one action per line.

A file reads like the hand at a table: the game and its options, the deal, then each action
on a line of its own (numbered: the seat that acted, what it did in the rules' notation, and
how many actions were legal then), the winner of each trick as it closes, and at every change
of phase what a spectator sees and what each seat sees besides. It ends with the result and the last
views. The actions are chosen by a seeded random player, so a change in what the engine deals,
allows, shows or scores changes the text. The files in ``tests/engine/playthroughs/`` are
written by this module and compared by a test, so the change shows up as a readable diff::

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

#: A seat's legal actions listed in a view; the rest are counted (a kitty discard has 1,820).
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


def _value(value: Any) -> str:
    """JSON, except a list of cards (or other single words), which reads as ``[JS 8H KD]``."""
    if isinstance(value, list) and all(isinstance(v, str) and " " not in v for v in value):
        return "[" + " ".join(value) + "]"
    return _json(value)


def _keyed(data: Mapping[str, Any], indent: str = "  ") -> list[str]:
    """One ``key: value`` line per entry, in key order: a long record read down, not across."""
    return [f"{indent}{key}: {_value(data[key])}" for key in sorted(data)]


def _deal_lines(deal: Mapping[str, Any]) -> list[str]:
    """Each seat's hand, then the other packets (kitty, stock), as cards in a row."""
    lines = [f"  seat {seat}: {_value(cards)}" for seat, cards in enumerate(deal["hands"])]
    lines += [f"  {name}: {_value(deal[name])}" for name in sorted(deal) if name != "hands"]
    return lines


def _views(hand: Any, seats: int) -> list[str]:
    """What a spectator sees now, then what each seat sees besides: every entry of a seat's
    view that differs from the spectator's (its hand, its legal actions, a kitty it was
    shown). Nothing is left out, so a hidden card that leaks into a view shows here."""
    public = hand.view(None)
    lines = ["  spectator sees:", *_keyed(public, "    ")]
    for seat in range(seats):
        view = hand.view(seat)
        own = {key: view.get(key, "(absent)") for key in view.keys() | public.keys()}
        differs = {key: value for key, value in own.items() if public.get(key) != value}
        legal = differs.get("legal")
        if isinstance(legal, list) and len(legal) > MAX_LEGAL_SHOWN:
            differs["legal"] = [
                *legal[:MAX_LEGAL_SHOWN],
                f"… and {len(legal) - MAX_LEGAL_SHOWN} more",
            ]
        lines += [f"  seat {seat} also sees:", *_keyed(differs, "    ")]
    return lines


def _action_line(step: int, action: Any, legal: int) -> str:
    """``  12. seat 3: play AS   (5 legal)``: the action's notation starts with its seat."""
    text = str(action)
    prefix = f"{action.seat} "
    what = text.removeprefix(prefix) if text.startswith(prefix) else text
    return f"{step:>4}. seat {action.seat}: {what:<32} ({legal} legal)"


def _trick_closed(hand: Any, tricks_before: int) -> list[str]:
    tricks = hand.view(None)["tricks"] or []
    if len(tricks) == tricks_before:
        return []
    return [f"      trick {len(tricks)} to seat {tricks[-1]['winner']}"]


def render(spec: Playthrough) -> str:
    """The text of one playthrough. Deterministic for a given engine."""
    game = get_game(spec.game, dict(spec.options))
    hand = game.new_hand(dealer=spec.dealer, seed=spec.seed, scores=spec.scores)
    seats = game.seating.seats
    chooser = random.Random(spec.seed * 7919 + 1)
    lines = [f"game: {game.id}", f"seed: {spec.seed}", f"dealer: {spec.dealer}", "options:"]
    lines += _keyed(game.options_dict())
    lines += [
        "tally before:",
        *_keyed(hand.tally.to_dict()),
        "",
        "# deal",
        *_deal_lines(hand.deal.to_dict()),
    ]
    phase = None
    step = 0
    while hand.result is None:
        if str(hand.phase) != phase:
            phase = str(hand.phase)
            lines += ["", f"# {phase}: seat {hand.to_act} to act", *_views(hand, seats), ""]
        legal = hand.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        step += 1
        lines.append(_action_line(step, action, len(legal)))
        tricks_before = len(hand.view(None)["tricks"] or [])
        hand.apply(action)
        lines += _trick_closed(hand, tricks_before)
    lines += ["", f"# over after {step} actions", "result:", *_keyed(hand.result.to_dict())]
    lines += ["", "# over: what each sees", *_views(hand, seats)]
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
