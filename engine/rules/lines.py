"""Checking one scoresheet line (docs/rules.md#scoresheet-lines): the entry point the scoresheet
pages use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.rules.base import Game, HandScore, Tally
from engine.rules.errors import ScoresheetError
from engine.rules.registry import get_game


def check_line(
    game: Game | str,
    line: Mapping[str, Any],
    scores_before: Sequence[int] | Tally,
    options: Mapping[str, Any] | None = None,
) -> HandScore:
    """Validate ``line`` against the totals before it and score it.

    ``game`` is a ``Game`` or a game id (then ``options`` apply). ``scores_before`` may be a
    full ``Tally``; plain scores take the line's ``sets_before`` / ``consecutive_sets_before``
    when it has them (auction45 set limits).

    Returns:
        The score change, new totals, ``made`` and the game result if the line ends the game.

    Raises:
        ScoresheetError: the first failing check of docs/rules.md#line-codes (``code``, ``message``,
            ``field`` at fault).
        OptionError: unknown game or options.
    """
    if isinstance(game, str):
        game = get_game(game, options)
    if not isinstance(line, Mapping):
        raise ScoresheetError("missing_field", "a line must be an object of fields", None)
    if isinstance(scores_before, Tally):
        tally = scores_before
    else:
        sides = len(scores_before)
        tally = Tally.of(
            scores_before,
            _per_side(line.get("sets_before"), sides),
            _per_side(line.get("consecutive_sets_before"), sides),
        )
    return game.check_line(line, tally)


def _per_side(value: Any, sides: int) -> list[int] | None:
    """``value`` if it is one whole number per side, else ``None``: the tally then counts no
    sets, and the game's own check refuses the field as written (``missing_field``)."""
    if (
        isinstance(value, list)
        and len(value) == sides
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return value
    return None
