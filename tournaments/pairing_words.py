"""Pairing reasons ("why this table?") in the reader's language.

The pairing algorithms are plain Python and write their reasons in English, with the figures
they quote (``tournaments.pairing.types.Reason``); a round stores both. The words are chosen
when the round is shown, in the active language, from the reason's code and figures. A bye
(which stores its text alone) and a reason stored before reasons kept their figures have their
figures read back from the English text, which the algorithms write in one fixed way. A reason
this module does not word is shown in the English it was stored with.
"""

from __future__ import annotations

import logging
import re
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


def _round_robin(f: Figures) -> str:
    return gettext(
        "Round robin round {row} of {rows}, cycle {cycle} of {cycles} (circle method)"
    ).format(row=f["row"], rows=f["rows"], cycle=f["cycle"], cycles=f["cycles"])


def _walkover_withdrawn(f: Figures) -> str:
    return gettext("Walkover: seed {seed}, due to meet them, withdrew").format(seed=f["seed"])


def _rematch_unavoidable(f: Figures) -> str:
    return ngettext(
        "Rematch unavoidable: {a} and {b} have met {times} time; no pairing of the whole "
        "field avoids every rematch",
        "Rematch unavoidable: {a} and {b} have met {times} times; no pairing of the whole "
        "field avoids every rematch",
        int(f["times"]),
    ).format(a=f["a"], b=f["b"], times=f["times"])


def _bye_lowest_fewest_byes(f: Figures) -> str:
    return gettext(
        "Bye: every entrant has had a bye; lowest in the standings of those with the fewest "
        "({fewest})"
    ).format(fewest=f["fewest"])


def _cutthroat_table(f: Figures) -> str:
    return gettext("Cut-throat table of {size}").format(size=f["size"])


#: Reasons worded from their figures, by code.
WITH_FIGURES: dict[str, Callable[[Figures], str]] = {
    "whist_design": _whist_design,
    "repeat_partner": _repeat_partner,
    "repeat_opponents": _repeat_opponents,
    "sit_out_by_lot": _sit_out_by_lot,
    "sit_out_fewest": _sit_out_fewest,
    "round_robin": _round_robin,
    "walkover_withdrawn": _walkover_withdrawn,
    "rematch_unavoidable": _rematch_unavoidable,
    "bye_lowest_fewest_byes": _bye_lowest_fewest_byes,
    "cutthroat_table": _cutthroat_table,
}

#: The figures in the English text of a reason stored without them (a bye, an older round).
FROM_TEXT: dict[str, re.Pattern[str]] = {
    "whist_design": re.compile(
        r"^(?:Round (?P<row>\d+) of the (?P<rows>\d+)-round whist schedule for (?P<players>\d+)"
        r"|Whist schedule for (?P<players2>\d+) players, row (?P<row2>\d+) of (?P<rows2>\d+))"
    ),
    "repeat_partner": re.compile(r"^(?P<a>.+) and (?P<b>.+) have partnered (?P<times>\d+) times? "),
    "repeat_opponents": re.compile(r"^(?P<pairings>\d+) opponent pairings? at this table"),
    "sit_out_by_lot": re.compile(
        r"so far \((?P<count>\d+)\); drawn by lot among the (?P<tied>\d+)"
    ),
    "sit_out_fewest": re.compile(r"^Sits out: fewest sit-outs so far \((?P<count>\d+)\)$"),
    "round_robin": re.compile(
        r"^Round robin round (?P<row>\d+) of (?P<rows>\d+), cycle (?P<cycle>\d+) of (?P<cycles>\d+)"
    ),
    "walkover_withdrawn": re.compile(r"^Walkover: seed (?P<seed>\d+), due to meet them"),
    "rematch_unavoidable": re.compile(
        r"^Rematch unavoidable: (?P<a>.+) and (?P<b>.+) have met (?P<times>\d+) times?;"
    ),
    "bye_lowest_fewest_byes": re.compile(r"those with the fewest \((?P<fewest>\d+)\)$"),
    "cutthroat_table": re.compile(r"^Cut-throat table of (?P<size>\d+)$"),
}


def figures_in(code: str, text: str) -> dict[str, str]:
    """The figures of a reason read back from its English ``text`` ({} when it does not
    read as the algorithms write it)."""
    pattern = FROM_TEXT.get(code)
    found = pattern.search(text) if pattern is not None else None
    if found is None:
        return {}
    # A pattern that reads two wordings names the second's groups with a "2".
    return {k.rstrip("2"): v for k, v in found.groupdict().items() if v is not None}


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
    "seed_order": lambda: gettext("Paired by seed: top half of the field against the bottom half"),
    "third_place_match": lambda: gettext("Third-place match between the losing semi-finalists"),
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
    if wording is None:
        return text
    figures = figures or figures_in(code, text)
    if not figures:
        return text
    try:
        return wording(figures)
    except (KeyError, TypeError, ValueError) as error:
        logger.warning("unreadable pairing reason %r %r: %s", code, figures, error)
        return text
