"""Pairing reasons ("why this table?") in the reader's language.

The pairing algorithms are plain Python and write their reasons in English, with the figures
they quote (``tournaments.pairing.types.Reason``); a round stores both. The words are chosen
when the round is shown, in the active language, from the reason's code and figures. A reason
this module does not word, or one stored before reasons kept their figures, is shown in the
English it was stored with.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

logger = logging.getLogger(__name__)

Figures = Mapping[str, Any]


def _whist_design(f: Figures) -> str:
    return gettext(
        "Whist schedule for {players} players, row {row} of {rows}: everyone partners "
        "everyone once and opposes everyone twice"
    ).format(players=f["players"], row=f["row"], rows=f["rows"])


def _repeat_partner(f: Figures) -> str:
    return ngettext(
        "{a} and {b} have partnered {times} time before; the search found no seating "
        "without a repeated partner",
        "{a} and {b} have partnered {times} times before; the search found no seating "
        "without a repeated partner",
        int(f["times"]),
    ).format(a=f["a"], b=f["b"], times=f["times"])


def _repeat_opponents(f: Figures) -> str:
    return ngettext(
        "{pairings} opponent pairing at this table happened before",
        "{pairings} opponent pairings at this table happened before",
        int(f["pairings"]),
    ).format(pairings=f["pairings"])


def _sit_out_by_lot(f: Figures) -> str:
    return gettext(
        "Sits out: fewest sit-outs so far ({count}); drawn by lot among the {tied} players "
        "tied on that count"
    ).format(count=f["count"], tied=f["tied"])


def _sit_out_fewest(f: Figures) -> str:
    return gettext("Sits out: fewest sit-outs so far ({count})").format(count=f["count"])


#: Reasons worded from their figures, by code.
WITH_FIGURES: dict[str, Callable[[Figures], str]] = {
    "whist_design": _whist_design,
    "repeat_partner": _repeat_partner,
    "repeat_opponents": _repeat_opponents,
    "sit_out_by_lot": _sit_out_by_lot,
    "sit_out_fewest": _sit_out_fewest,
}

#: Reasons that quote no figure, by code: the same words whatever the round.
FIXED: dict[str, Callable[[], str]] = {
    "fresh_table": lambda: gettext("No partner or opponent repeated"),
    "local_search": lambda: gettext(
        "Seated by a seeded search that avoids repeated partners first, then repeated opponents"
    ),
    "sit_out_design": lambda: gettext(
        "Sits out: the whist schedule rests one player a round, each player once, and this "
        "player has sat out least"
    ),
    "joined_after_draw": lambda: gettext(
        "Bye: arrived after the round robin was drawn, so the schedule has no place for them"
    ),
    "opponent_absent": lambda: gettext(
        "Bye: the round robin opponent for this round has left or is not here"
    ),
    "round_robin_bye": lambda: gettext(
        "Bye: odd number of entrants; each entrant has one bye per cycle"
    ),
    "complete_graph": lambda: gettext("Every possible pairing of the field was considered"),
    "ideal_pairing": lambda: gettext("The ideal pairing has no rematch and was kept as it is"),
    "bye_lowest_without_bye": lambda: gettext(
        "Bye: lowest in the standings of those without a bye"
    ),
    "knockout_bye": lambda: gettext(
        "Bye: the field is not a power of two, so the top seeds go through to round 2"
    ),
    "walkover": lambda: gettext("Walkover: nobody is left in the other half of this match"),
}


def reason_words(code: str, text: str, figures: Figures | None = None) -> str:
    """A stored pairing reason in the active language; its English ``text`` when this module
    cannot word it (an unknown code, or figures missing or unreadable)."""
    fixed = FIXED.get(code)
    if fixed is not None:
        return fixed()
    wording = WITH_FIGURES.get(code)
    if wording is None or not figures:
        return text
    try:
        return wording(figures)
    except (KeyError, TypeError, ValueError) as error:
        logger.warning("unreadable pairing reason %r %r: %s", code, figures, error)
        return text
