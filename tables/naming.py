"""What a seat is called at a table: the player's name, or a computer named by its place.

Three computers all called by their level cannot be told apart, so a computer is named by the
compass of its seat and its level ("Computer East, club"); the page a player reads calls
their own seat "You". Every name is read in the active language (a screen is built under its
reader's); the compass names of a table's seats are read once per language and kept, as every
seat's screen of every action names them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from django.utils.translation import get_language, gettext, gettext_noop, override

from engine.rules.table import seat_compass
from tables.models import TableSeat

YOU = gettext_noop("You")
#: The compass names the rules give seats (``engine.rules.table.COMPASS``), for translation.
COMPASS_NAMES = frozenset(
    {
        gettext_noop("North"),
        gettext_noop("North-East"),
        gettext_noop("East"),
        gettext_noop("South-East"),
        gettext_noop("South"),
        gettext_noop("South-West"),
        gettext_noop("West"),
        gettext_noop("North-West"),
    }
)
#: A computer's level as its seat's name says it (``engine.bots.BOT_NAMES``' keys).
BOT_LEVELS = {
    "beginner": gettext_noop("beginner"),
    "club": gettext_noop("club"),
    "expert": gettext_noop("expert"),
    "rule": gettext_noop("rule-based"),
    "search": gettext_noop("expert"),  # the older name of the strongest level
    "random": gettext_noop("random"),
}


def compass_name(name: str) -> str:
    """A seat's compass name in the active language."""
    return gettext(name) if name in COMPASS_NAMES else name


def seat_compasses(count: int) -> list[str]:
    """The compass name of each of ``count`` seats, in the active language."""
    return list(_compasses_in(count, get_language()))


@lru_cache(maxsize=64)
def _compasses_in(count: int, language: str | None) -> tuple[str, ...]:
    with override(language):
        return tuple(compass_name(name) for name in seat_compass(count))


def seat_name(seat: TableSeat, count: int) -> str:
    """The name of ``seat`` at a table of ``count`` seats, as anyone at the club reads it."""
    compass = _compasses_in(count, get_language())[seat.index] if 0 <= seat.index < count else ""
    if seat.player is not None:
        return seat.player.display_name
    if seat.bot_name:
        level = gettext(BOT_LEVELS[seat.bot_name]) if seat.bot_name in BOT_LEVELS else seat.bot_name
        if not compass:
            return gettext("Computer, {level}").format(level=level)
        return gettext("Computer {compass}, {level}").format(compass=compass, level=level)
    place = compass or gettext("Seat {number}").format(number=seat.index + 1)
    invitee = getattr(seat, "kept_for", None)  # annotated by ``selectors.seats_of``
    if invitee:
        return gettext("{place} (kept for {name})").format(place=place, name=invitee)
    return gettext("{place} (open)").format(place=place)


def seat_names(seats: list[TableSeat], viewer: int | None = None) -> list[str]:
    """The names of ``seats`` (in seat order); the ``viewer``'s own seat is "You"."""
    you = gettext(YOU)
    return [you if seat.index == viewer else seat_name(seat, len(seats)) for seat in seats]


def side_labels(seats: list[TableSeat], sides: Sequence[Sequence[int]]) -> list[str]:
    """Each side's label: its seats' names joined (the sheet's sides, the table's score)."""
    names = seat_names(seats)
    return side_names(names, sides)


def side_names(names: Sequence[str], sides: Sequence[Sequence[int]]) -> list[str]:
    """Each side's label from its seats' ``names``: "Ann & Bob"."""
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
