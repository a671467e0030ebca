"""Numbers in the words people read: "1 point", "2 points", "125 to 75", "seat 1".

The engine's messages, the pages, services, tasks and emails all put counts, scores and seats in
sentences through these, so nothing says "1 points", "line(s)", "[125, 75]" or "seat 0". The
engine counts seats from 0 (``Action.seat``, records, the API); a person counts them from 1.
Plain Python, in the lowest layer, so every layer above may use it (the pairing algorithms,
which import nothing, keep a copy of ``counted``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeGuard

from engine.rules.errors import shown


def _number(value: int | float) -> str:
    """Whole numbers as they are, fractions without trailing zeros (``12.5``, not ``12.50``)."""
    return f"{value:g}" if isinstance(value, float) and not value.is_integer() else f"{value:.0f}"


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def counted(count: int | float, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is one (or minus one).

    >>> counted(1, "point"), counted(2, "point"), counted(0, "point"), counted(1.5, "point")
    ('1 point', '2 points', '0 points', '1.5 points')
    >>> counted(3, "entry", "entries")
    '3 entries'
    """
    if abs(count) == 1:
        return f"{_number(count)} {noun}"
    return f"{_number(count)} {plural or noun + 's'}"


def points_text(count: object) -> str:
    """``1 point``, ``2 points``; a value that is not a number (a refused line's) as given."""
    return counted(count, "point") if _is_number(count) else f"{shown(count)} points"


def scores_text(scores: Iterable[object]) -> str:
    """Scores side by side as people say them: ``"125 to 75"``, ``"52 to 40 to 18"``; a score
    not known yet is a dash.

    >>> scores_text([125, 75]), scores_text([-20, None]), scores_text([]), scores_text([7.0])
    ('125 to 75', '-20 to –', '', '7')
    """
    return " to ".join(_score(score) for score in scores)


def _score(score: object) -> str:
    if score is None:
        return "–"
    return _number(score) if _is_number(score) else shown(score)


def changes_text(delta: Iterable[int]) -> str:
    """``+10 and -20``: what a hand changed, per side."""
    return " and ".join(f"{change:+d}" for change in delta)


def numbered(noun: str, numbers: Sequence[int], plural: str | None = None) -> str:
    """Numbered things named together: ``"line 3"``, ``"lines 3 and 5"``, ``"lines 2, 4 and 7"``.

    >>> numbered("line", [3]), numbered("line", [3, 5]), numbered("line", [2, 4, 7])
    ('line 3', 'lines 3 and 5', 'lines 2, 4 and 7')
    """
    shown_numbers = [str(number) for number in numbers]
    listed = (
        shown_numbers[0]
        if len(shown_numbers) == 1
        else f"{', '.join(shown_numbers[:-1])} and {shown_numbers[-1]}"
    )
    return f"{noun if len(shown_numbers) == 1 else plural or noun + 's'} {listed}"


def seat_name(seat: object) -> str:
    """``seat 1`` for seat 0; a value that is not a seat number is shown as given."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        return f"seat {seat + 1}"
    return f"seat {shown(seat)}"
