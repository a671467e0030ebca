"""The one place where scoresheets meet the rules engine.

Everything the scoring app knows about a game comes through here: the game built from a sheet's
copied options, the tally carried between lines, and ``line_check``, which runs the engine's
``check_line`` (after ``scoring.lineshape`` has screened the line's keys and values) and turns
its ``ScoresheetError`` into the app's ``LineRefused``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy

from engine.rules import Game, HandScore, ScoresheetError, Tally, get_game
from scoring.errors import LineRefused
from scoring.lineshape import line_screen
from scoring.refusal_words import line_refusal_text

if TYPE_CHECKING:
    from scoring.models import HandLine, Scoresheet

REASONS = {
    "target": gettext_lazy("reached the target"),
    "bidder_out_first": gettext_lazy("the bidding side went out first"),
    "highest_score": gettext_lazy("the highest score past the target"),
    "loss_line": gettext_lazy("the other side fell past the loss line"),
    "set_limit": gettext_lazy("the other side reached the set limit"),
}


@lru_cache(maxsize=256)
def _game(game_id: str, options_json: str) -> Game:
    return get_game(game_id, json.loads(options_json))


def game_for(sheet: Scoresheet) -> Game:
    """The engine game of a sheet, from the options copied onto it (cached: games are immutable)."""
    return _game(sheet.game, json.dumps(sheet.options, sort_keys=True))


def tally_start(game: Game) -> Tally:
    return Tally.start(game.seating.sides)


def tally_from_json(data: Mapping[str, Any]) -> Tally:
    return Tally(tuple(data["scores"]), tuple(data["sets"]), tuple(data["consecutive_sets"]))


def tally_after(game: Game, last: HandLine | None) -> Tally:
    """The tally after ``last`` (the start of the game when there is no line yet)."""
    return tally_from_json(last.tally_after) if last is not None else tally_start(game)


def line_check(game: Game, line: Mapping[str, Any], tally: Tally) -> HandScore:
    """Check and score one line from ``tally``: first its keys and the shapes of its values
    (``scoring.lineshape``), then the engine's checks. Every line stored or re-scored passes
    here, so nothing else reaches the sheet or its history.

    Raises:
        LineRefused: the engine's reason code (docs/rules.md#line-codes), its message and the
            field at fault; or
            the screen's ``unknown_key``, ``bad_value``, ``too_large``.
    """
    line_screen(game.id, line)
    try:
        return game.check_line(line, tally)
    except ScoresheetError as error:
        text = line_refusal_text(error.code, error.message)
        raise LineRefused(error.code, text, error.field) from error


def lines_replay(
    game: Game, lines: Sequence[Mapping[str, Any]], tally: Tally, first_number: int = 1
) -> list[HandScore]:
    """Check ``lines`` one after another from ``tally``.

    Raises:
        LineRefused: for the first refused line; ``number`` on the error names it.
    """
    scores: list[HandScore] = []
    for offset, line in enumerate(lines):
        try:
            score = line_check(game, line, tally)
        except LineRefused as error:
            error.number = first_number + offset
            raise
        scores.append(score)
        tally = score.tally_after
    return scores


def result_json(score: HandScore) -> dict[str, Any] | None:
    return score.result.to_dict() if score.result is not None else None


def reason_text(reason: str) -> str:
    return str(REASONS.get(reason, reason.replace("_", " ")))


def normalise(line: Mapping[str, Any]) -> dict[str, Any]:
    """A line as compared between two entries: unwritten fields dropped, trump in capitals."""
    out = {key: value for key, value in line.items() if value is not None and value is not False}
    if isinstance(out.get("trump"), str):
        out["trump"] = out["trump"].strip().upper()
    for key, value in list(out.items()):
        if isinstance(value, tuple):
            out[key] = list(value)
    return out
