"""Standings explanations ("Why here") in the reader's language.

A snapshot stores each row's explanation as data (``tournaments.standings.explain``: a code and
its figures), so the words are chosen when the row is shown, in the active language: the same
snapshot reads in English to one member and in French to another. Snapshots stored before
explanations were data hold English sentences; those are shown as they are.

In English every line reads exactly as ``explain.reason_text`` words it. A metric's figure is
translated whole ("points (412)" is "aux points (412)"): French puts its preposition, which
varies with the noun (au, à la, aux), before each figure where English says "on" once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from club.wording import join_words
from tournaments.standings import explain

logger = logging.getLogger(__name__)

#: Each metric's figure, by metric key; ``{shown}`` is "412" or "412 vs 400".
FIGURES: dict[str, Promise] = {
    "points": pgettext_lazy("standings figure", "points ({shown})"),
    "games_won": pgettext_lazy("standings figure", "games won ({shown})"),
    "games_played": pgettext_lazy("standings figure", "games played ({shown})"),
    "win_percentage": pgettext_lazy("standings figure", "win percentage ({shown})"),
    "point_differential": pgettext_lazy("standings figure", "point difference ({shown})"),
    "points_against": pgettext_lazy("standings figure", "points against ({shown})"),
    "head_to_head": pgettext_lazy("standings figure", "head-to-head wins among the tied ({shown})"),
    "buchholz": pgettext_lazy("standings figure", "Buchholz ({shown})"),
    "median_buchholz": pgettext_lazy("standings figure", "median Buchholz ({shown})"),
    "opponents_points": pgettext_lazy("standings figure", "opponents' points ({shown})"),
    "lot": pgettext_lazy("standings figure", "the drawn lot ({shown})"),
}


def figure_words(figure: Mapping[str, Any]) -> str:
    """One metric's figure: "points (412 vs 400)"."""
    value, other = explain.figure_shown(figure)
    shown = (
        value if other is None else gettext("{value} vs {other}").format(value=value, other=other)
    )
    key = str(figure["metric"])
    wording = FIGURES.get(key)
    if wording is None:  # a metric this code no longer knows: its key, as English does
        return explain.figure_text(figure)
    return str(wording).format(shown=shown)


def _name(reason: Mapping[str, Any]) -> str:
    name = reason.get("name")
    if name:
        return str(name)
    return gettext("entrant {id}").format(id=reason["entrant"])


def reason_words(reason: Mapping[str, Any]) -> str:
    """One explanation line in the active language."""
    code = reason["code"]
    if code == explain.SEASON_BEST:
        dropped = [str(night) for night in reason["dropped"]]
        return ngettext(
            "best {best_of} of {attended} nights: dropped night {nights}",
            "best {best_of} of {attended} nights: dropped nights {nights}",
            len(dropped),
        ).format(best_of=reason["best_of"], attended=reason["attended"], nights=join_words(dropped))
    if code == explain.SEASON_PLAYED:
        values = {"attended": reason["attended"], "nights": reason["nights"]}
        if reason["best_of"] is None:
            return gettext("played {attended} of {nights} nights").format(**values)
        return gettext(
            "played {attended} of {nights} nights; all count towards the best {best_of}"
        ).format(best_of=reason["best_of"], **values)
    name = _name(reason)
    level = join_words([figure_words(figure) for figure in reason.get("on", ())])
    if code == explain.SHARES_RANK:
        return gettext("Level with {name} on {level}: shares rank {rank}").format(
            name=name, level=level, rank=reason["rank"]
        )
    figure = figure_words(reason["figure"])
    if code == explain.BEHIND:
        return gettext("Behind {name} on {figure}").format(name=name, figure=figure)
    if code == explain.AHEAD:
        return gettext("Ahead of {name} on {figure}").format(name=name, figure=figure)
    if code == explain.LEVEL_BEHIND:
        wording = gettext("Level with {name} on {level}; behind on {figure}")
    elif code == explain.LEVEL_AHEAD:
        wording = gettext("Level with {name} on {level}; ahead on {figure}")
    else:
        raise ValueError(f"there is no explanation code {code!r}")
    return wording.format(name=name, level=level, figure=figure)


def line_words(line: object) -> str:
    """A stored explanation line in the active language: a reason worded, an English sentence
    from an older snapshot as it is. A line this code cannot read is left out ("") rather than
    breaking the page."""
    if isinstance(line, str):
        return line
    if isinstance(line, Mapping):
        try:
            return reason_words(line)
        except (KeyError, TypeError, ValueError, IndexError) as error:
            logger.warning("unreadable standings explanation %r: %s", line, error)
    return ""


def explanation_lines(lines: Iterable[object] | None) -> list[str]:
    """Every line of a row's stored explanation, worded; unreadable ones left out."""
    if isinstance(lines, str):
        lines = [lines]
    return [words for words in (line_words(line) for line in lines or ()) if words]


def explanation_text(lines: Iterable[object] | None) -> str:
    """A row's explanation as one sentence, lines joined as the table's "Why here" shows them."""
    return pgettext("standings explanation lines", "; ").join(explanation_lines(lines))
