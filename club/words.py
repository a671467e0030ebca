"""Numbers in the words a club reads: "1 point", "2 points", "125 to 75", "seat 1".

Every page, message and email that puts a count, a score or a seat in a sentence goes through
these, so the site never says "1 points", "line(s)", "[125, 75]" or "seat 0". Plain Python
(no Django), so a service, a task or a template filter (``club_tags``) can use them alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def _number(value: int | float) -> str:
    """Whole numbers as they are, fractions without trailing zeros (``12.5``, not ``12.50``)."""
    return f"{value:g}" if isinstance(value, float) and not value.is_integer() else f"{value:.0f}"


def counted(count: int | float, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is one (or minus one).

    >>> counted(1, "point"), counted(2, "point"), counted(0, "point"), counted(1.5, "point")
    ('1 point', '2 points', '0 points', '1.5 points')
    >>> counted(3, "entry", "entries")
    '3 entries'
    """
    shown = _number(count)
    if abs(count) == 1:
        return f"{shown} {noun}"
    return f"{shown} {plural or noun + 's'}"


def scores_text(scores: Iterable[int | float | None]) -> str:
    """Scores side by side as people say them: ``"125 to 75"``, ``"52 to 40 to 18"``.

    >>> scores_text([125, 75]), scores_text([-20, 15]), scores_text([]), scores_text([7])
    ('125 to 75', '-20 to 15', '', '7')
    """
    return " to ".join("–" if score is None else _number(score) for score in scores)


def numbered(noun: str, numbers: Sequence[int], plural: str | None = None) -> str:
    """Numbered things named together: ``"line 3"``, ``"lines 3 and 5"``, ``"lines 2, 4 and 7"``.

    >>> numbered("line", [3]), numbered("line", [3, 5]), numbered("line", [2, 4, 7])
    ('line 3', 'lines 3 and 5', 'lines 2, 4 and 7')
    """
    shown = [str(number) for number in numbers]
    listed = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
    return f"{noun if len(shown) == 1 else plural or noun + 's'} {listed}"


def seat_text(seat: int) -> str:
    """A seat as people count it, from 1 (the engine and the API count from 0).

    >>> seat_text(0)
    'seat 1'
    """
    return f"seat {seat + 1}"
