"""What a seat is called at a table: the player's name, or a computer named by its place.

Three computers all called by their level cannot be told apart, so a computer is named by the
compass of its seat and its level ("Computer East, rule-based"); the page a player reads calls
their own seat "You".
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rules.table import seat_compass
from engine.tables.bot_moves import BOT_NAMES
from engine.tables.models import TableSeat

YOU = "You"


def seat_name(seat: TableSeat, count: int) -> str:
    """The name of ``seat`` at a table of ``count`` seats, as anyone at the club reads it."""
    compass = seat_compass(count)[seat.index] if 0 <= seat.index < count else ""
    if seat.player is not None:
        return seat.player.display_name
    if seat.bot_name:
        level = BOT_NAMES.get(seat.bot_name, seat.bot_name).lower()
        return f"Computer {compass}, {level}".replace("  ", " ")
    return f"{compass or f'Seat {seat.index + 1}'} (open)"


def seat_names(seats: list[TableSeat], viewer: int | None = None) -> list[str]:
    """The names of ``seats`` (in seat order); the ``viewer``'s own seat is "You"."""
    return [YOU if seat.index == viewer else seat_name(seat, len(seats)) for seat in seats]


def side_labels(seats: list[TableSeat], sides: Sequence[Sequence[int]]) -> list[str]:
    """Each side's label: its seats' names joined (the sheet's sides, the table's score)."""
    names = seat_names(seats)
    return [" & ".join(names[s] for s in side) for side in sides]


#: Where each seat sits in the picture, counted clockwise from the one at the bottom.
PLACES: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
    6: ("bottom", "left", "top-left", "top", "top-right", "right"),
}


def seat_places(count: int, viewer: int | None) -> list[str]:
    """The place of each of ``count`` seats in the table picture: the ``viewer``'s seat at the
    bottom (a spectator's picture puts seat 0 there), the others round it clockwise.

    >>> seat_places(4, 1)
    ['right', 'bottom', 'left', 'top']
    """
    places = PLACES.get(count)
    if places is None:
        return ["around"] * count
    bottom = viewer if viewer is not None and 0 <= viewer < count else 0
    return [places[(index - bottom) % count] for index in range(count)]
