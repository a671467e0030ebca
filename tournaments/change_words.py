"""A director's seating change ("what changed" on the round page) in the reader's language.

A swap or a substitution stores an English summary, for the admin and the audit trail, and
the code and figures it was made from (``SeatingChange.code`` and ``figures``); the words are
chosen when the change is shown, in the active language. A change stored before changes kept
a code, or one with figures this module cannot read, is shown in the English it was stored with.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext

from tournaments.models import SeatingChange

logger = logging.getLogger(__name__)

Figures = Mapping[str, Any]


def _swapped_places(f: Figures) -> str:
    return gettext("{first} and {second} swapped places").format(
        first=f["first"], second=f["second"]
    )


def _plays_in_place(f: Figures) -> str:
    return gettext("{second} plays in place of {first}, who sits out").format(
        first=f["first"], second=f["second"]
    )


def _substitute(f: Figures) -> str:
    return gettext(
        "{player_in} plays for {player_out} ({entrant}) at table {table}, seat {seat}"
    ).format(**{key: f[key] for key in ("player_in", "player_out", "entrant", "table", "seat")})


#: Changes worded from their figures, by code.
WORDED: dict[str, Callable[[Figures], str]] = {
    "swapped_places": _swapped_places,
    "plays_in_place": _plays_in_place,
    "substitute": _substitute,
}


def change_words(change: SeatingChange) -> str:
    """What ``change`` did, in the active language; its stored English summary when it has no
    code this module words, or figures it cannot read."""
    wording = WORDED.get(change.code)
    if wording is None:
        return change.summary
    try:
        return wording(change.figures)
    except (KeyError, TypeError) as error:
        logger.warning("unreadable seating change %r %r: %s", change.code, change.figures, error)
        return change.summary
