"""Conformance runner: replays vector files (``conformance/FORMAT.md``) against the engine.

Usage::

    python -m engine.rules.conformance FILE... [--verbose]

Prints one line per failing case (its id and what differed) and ends with the line
``N passed, M failed``; the exit status is 1 when any case failed. A case passes when every
key present in its ``expect`` matches what the engine computes; other facts are ignored.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.rules.actions import Call, action_from_dict
from engine.rules.base import Deal, Game, HandScore, Phase, Tally
from engine.rules.cards import card_names, parse_cards, parse_suit, parse_trump
from engine.rules.errors import IllegalActionError, NotationError, RulesError, ScoresheetError
from engine.rules.registry import get_game

Answer = dict[str, Any]


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    """The verdict on one case: ``problems`` is empty when it passed."""

    case_id: str
    problems: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.problems


def _trump(case: Mapping[str, Any]) -> int | None:
    return parse_trump(case["trump"], allow_nt=True)


def _tally(
    case: Mapping[str, Any], key: str = "scores_before", source: Mapping[str, Any] | None = None
) -> Tally | None:
    scores = case.get(key)
    if scores is None:
        return None
    extra = source if source is not None else case
    return Tally.of(scores, extra.get("sets_before"), extra.get("consecutive_sets_before"))


def _score_answer(score: HandScore) -> Answer:
    return score.to_dict()


def run_rank_order(game: Game, case: Mapping[str, Any]) -> Answer:
    suit = parse_suit(case["suit"])
    assert suit is not None
    return {"order": card_names(game.rank_order(_trump(case), suit, case.get("mode")))}


def run_trick_winner(game: Game, case: Mapping[str, Any]) -> Answer:
    plays = parse_cards(case["plays"])
    return {"winner": game.trick_winner(plays, _trump(case), case.get("mode"))}


def run_legal_plays(game: Game, case: Mapping[str, Any]) -> Answer:
    legal = game.legal_plays(
        parse_cards(case["hand"]),
        parse_cards(case.get("trick", [])),
        _trump(case),
        case.get("mode"),
        case.get("context") or {},
    )
    return {"legal": card_names(sorted(legal))}


def run_bidding(game: Game, case: Mapping[str, Any]) -> Answer:
    dealer = case["dealer"]
    hand = game.new_hand(dealer=dealer, seed=0, scores=case.get("scores"))
    for index, call in enumerate(case["calls"]):
        seat = hand.to_act if hand.to_act is not None else game.seating.next_seat(dealer)
        try:
            hand.apply(Call(seat, str(call)))
        except IllegalActionError as error:
            return {"error": {"index": index, "code": error.code}}
    if hand.result is not None and hand.result.outcome == "redeal":
        return {"outcome": "redeal"}
    if hand.contract is not None and hand.phase != Phase.AUCTION:
        return {"contract": {"bidder": hand.contract.bidder, "bid": hand.contract.bid}}
    return {"pending": {"to_act": hand.to_act}}


_HAND_SCORE_INPUTS = (
    "bidder",
    "bid",
    "trump",
    "points",
    "books",
    "categories",
    "tricks",
    "no_trump_played",
    "auction_max_bid",
)


def run_hand_score(game: Game, case: Mapping[str, Any]) -> Answer:
    facts = {key: case[key] for key in _HAND_SCORE_INPUTS if key in case}
    tally = _tally(case) or Tally.start(game.seating.sides)
    return _score_answer(game.score(facts, tally))


def run_scoresheet(game: Game, case: Mapping[str, Any]) -> Answer:
    line = case["line"]
    tally = _tally(case, source=line) or Tally.start(game.seating.sides)
    try:
        score = game.check_line(line, tally)
    except ScoresheetError as error:
        return {"valid": False, "code": error.code}
    return {"valid": True, **_score_answer(score)}


def run_replay(game: Game, case: Mapping[str, Any]) -> Answer:
    hand = game.new_hand(
        dealer=case["dealer"], deal=Deal.from_dict(case["deal"]), tally=_tally(case)
    )
    for index, data in enumerate(case["actions"]):
        try:
            hand.apply(action_from_dict(data))
        except (IllegalActionError, NotationError) as error:
            # Refused as written (a trump that is no suit) or by the rules: the hand stops.
            return {"illegal_at": index, "code": error.code}
    if hand.result is None:
        return {
            "final": {
                "unfinished": (
                    f"the hand is still in phase {str(hand.phase)!r}, seat {hand.to_act} to act"
                )
            }
        }
    return {"final": hand.result.to_dict()}


RUNNERS: dict[str, Callable[[Game, Mapping[str, Any]], Answer]] = {
    "rank_order": run_rank_order,
    "trick_winner": run_trick_winner,
    "legal_plays": run_legal_plays,
    "bidding": run_bidding,
    "hand_score": run_hand_score,
    "scoresheet": run_scoresheet,
    "replay": run_replay,
}


def differences(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected``, comparing only keys ``expected`` has."""
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            shown = f"expected an object {json.dumps(expected)}, got {json.dumps(actual)}"
            return [f"{path or 'answer'}: {shown}"]
        found: list[str] = []
        for key, value in expected.items():
            where = f"{path}.{key}" if path else key
            if key not in actual:
                got = json.dumps(actual)
                shown = f"expected {json.dumps(value)}, engine gave nothing (got {got})"
                found.append(f"{where}: {shown}")
            else:
                found.extend(differences(value, actual[key], where))
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list | tuple) or len(actual) != len(expected):
            return [f"{path}: expected {json.dumps(expected)}, got {json.dumps(actual)}"]
        found = []
        for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
            found.extend(differences(want, got, f"{path}[{index}]"))
        return found
    if isinstance(expected, bool) or isinstance(actual, bool) or expected is None or actual is None:
        same = type(expected) is type(actual) and expected == actual
    else:
        same = expected == actual
    return [] if same else [f"{path}: expected {json.dumps(expected)}, got {json.dumps(actual)}"]


def run_case(case: Mapping[str, Any]) -> CaseOutcome:
    """Run one vector; any engine error is a failure that names it."""
    case_id = str(case.get("id", "?"))
    try:
        game = get_game(case["game"], case.get("options") or {})
        runner = RUNNERS[case["kind"]]
        answer = runner(game, case)
    except KeyError as missing:
        return CaseOutcome(case_id, (f"bad case or engine error: missing {missing}",))
    except RulesError as error:
        return CaseOutcome(case_id, (f"engine refused the case: {error}",))
    except Exception as error:  # noqa: BLE001 - a crash is reported as a failing case
        return CaseOutcome(case_id, (f"engine crashed: {type(error).__name__}: {error}",))
    expect = case.get("expect", {})
    if "legal" in expect and isinstance(expect["legal"], list):
        expect = {**expect, "legal": card_names(sorted(parse_cards(expect["legal"])))}
    return CaseOutcome(case_id, tuple(differences(expect, answer)))


def read_cases(path: Path) -> Iterator[Mapping[str, Any]]:
    """The cases of a JSON Lines file; a line that is not JSON yields a case that fails."""
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not text.strip():
            continue
        try:
            case = json.loads(text)
        except json.JSONDecodeError as error:
            yield {"id": f"{path.name}:{number}", "kind": "?", "game": "?", "_bad_json": str(error)}
            continue
        yield case


def run_files(paths: Sequence[Path], *, verbose: bool = False, out: Any = None) -> tuple[int, int]:
    """Run every case of every file, print failures, return (passed, failed)."""
    out = out or sys.stdout
    passed = failed = 0
    for path in paths:
        for case in read_cases(path):
            if "_bad_json" in case:
                outcome = CaseOutcome(str(case["id"]), (f"not JSON: {case['_bad_json']}",))
            else:
                outcome = run_case(case)
            if outcome.passed:
                passed += 1
                if verbose:
                    print(f"ok   {outcome.case_id}", file=out)
            else:
                failed += 1
                print(f"FAIL {outcome.case_id}: " + "; ".join(outcome.problems), file=out)
    return passed, failed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.rules.conformance", description=__doc__.splitlines()[0]
    )
    parser.add_argument("files", nargs="+", type=Path, help="JSON Lines vector files")
    parser.add_argument("-v", "--verbose", action="store_true", help="also list passing cases")
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.files if not p.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    passed, failed = run_files(args.files, verbose=args.verbose)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
