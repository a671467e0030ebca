"""How the engine's messages name seats, scores and points for the people who read them.

The engine counts seats from 0 (``Action.seat``, records, the API); a person counts them
from 1, so every message names ``seat 0`` as "seat 1". Scores read "125 to 75", what a hand
changed "+10 and -20", points "1 point" and "2 points".
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.rules.errors import shown


def seat_name(seat: object) -> str:
    """``seat 1`` for seat 0; a value that is not a seat number is shown as given."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        return f"seat {seat + 1}"
    return f"seat {shown(seat)}"


def scores_text(scores: Iterable[object]) -> str:
    """``125 to 75`` (one score per side, in side order)."""
    return " to ".join(str(score) for score in scores)


def changes_text(delta: Iterable[int]) -> str:
    """``+10 and -20``: what a hand changed, per side."""
    return " and ".join(f"{change:+d}" for change in delta)


def points_text(count: object) -> str:
    """``1 point``, ``2 points`` (and ``0 points``)."""
    one = isinstance(count, int) and not isinstance(count, bool) and count == 1
    return f"{shown(count)} point" if one else f"{shown(count)} points"
