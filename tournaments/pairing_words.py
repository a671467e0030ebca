"""Pairing reasons ("why this table?") in the reader's language.

The pairing algorithms are plain Python and write their reasons in English, with the figures
they quote (``tournaments.pairing.types.Reason``); a round stores both. The words are chosen
when the round is shown, in the active language, from the reason's code and figures. A bye
(which stores its text alone) and a reason stored before reasons kept their figures have their
figures read back from the English text, which the algorithms write in one fixed way
(``tournaments.pairing_text``). A reason this module does not word is shown in the English it
was stored with; every code the algorithms write has words here (a test reads the codes from
their source).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from tournaments.pairing_text import RECODED, figures_in

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


def _number(value: Any) -> str:
    """A score as the reader writes it (12, 12.5; 12,5 in French)."""
    number = float(value)
    return number_format(int(number) if number.is_integer() else number)


def _points(value: Any) -> str:
    number = float(value)
    # A fraction of a point reads as several: "0.5 points", "12,5 points".
    count = int(number) if number.is_integer() else 2
    return ngettext("{points} point", "{points} points", count).format(points=_number(value))


def _score_group(f: Figures) -> str:
    return gettext("Same score group ({points})").format(points=_points(f["points"]))


def _score_float(f: Figures) -> str:
    return gettext(
        "Score-group float: {points} against {against} (a group was odd or could not be "
        "paired within itself without a rematch)"
    ).format(points=_number(f["points"]), against=_points(f["against"]))


def _repaired_pairing(f: Figures) -> str:
    return ngettext(
        "The ideal pairing was kept except near its {rematches} rematch, where pairings "
        "within {window} places of each entrant and of its ideal partner were considered",
        "The ideal pairing was kept except near its {rematches} rematches, where pairings "
        "within {window} places of each entrant and of its ideal partner were considered",
        int(f["rematches"]),
    ).format(rematches=f["rematches"], window=f["window"])


def _bye_moved_to_avoid_rematch(f: Figures) -> str:
    return gettext(
        "Bye: giving it to the lowest-placed eligible entrant ({a}) would force a rematch, so "
        "it goes to a higher-placed entrant with as few byes"
    ).format(a=f["a"])


def _knockout_round_name(round_number: int, rounds: int) -> str:
    """``tournaments.pairing.knockout.round_name`` in the reader's language."""
    left = rounds - round_number
    if left == 0:
        return gettext("Final")
    if left == 1:
        return gettext("Semi-final")
    if left == 2:
        return gettext("Quarter-final")
    return gettext("Round of {count}").format(count=2 ** (left + 1))


def _knockout_match(f: Figures) -> str:
    return gettext("{round}: seed {seed_a} against seed {seed_b}").format(
        round=_knockout_round_name(int(f["round"]), int(f["rounds"])),
        seed_a=f["seed_a"],
        seed_b=f["seed_b"],
    )


def _met_before(f: Figures) -> str:
    return ngettext(
        "Met before: {pairs} pair of players at this table",
        "Met before: {pairs} pairs of players at this table",
        int(f["pairs"]),
    ).format(pairs=f["pairs"])


def _table_plan(f: Figures) -> str:
    sizes = f["sizes"]
    # Stored as a list; read back from an older text as "4, 4, 3".
    shown = sizes if isinstance(sizes, str) else ", ".join(map(str, sizes))
    if int(f.get("out") or 0):
        return gettext("{players} players: tables of {sizes}; {out} sitting out").format(
            players=f["players"], sizes=shown, out=f["out"]
        )
    return gettext("{players} players: tables of {sizes}").format(players=f["players"], sizes=shown)


def _swapped_out(f: Figures) -> str:
    return gettext("Sits out: swapped out by the director ({reason})").format(reason=f["reason"])


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
    "score_group": _score_group,
    "score_float": _score_float,
    "repaired_pairing": _repaired_pairing,
    "bye_moved_to_avoid_rematch": _bye_moved_to_avoid_rematch,
    "knockout_match": _knockout_match,
    "met_before": _met_before,
    "table_plan": _table_plan,
    "swapped_out": _swapped_out,
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
    recoded = RECODED.get(code)
    if recoded is not None and text.startswith(recoded[0]):
        code = recoded[1]
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
