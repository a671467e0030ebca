"""Template helpers of the event pages."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext, gettext_lazy

from tournaments.change_words import change_words
from tournaments.errors import TournamentError
from tournaments.models import Event, SeatingChange
from tournaments.pairing_words import reason_words
from tournaments.services.standings import event_bye_rule
from tournaments.standings.byes import AVERAGE, WIN, ByeRule
from tournaments.standings_words import explanation_text as words_of_explanation

register = template.Library()


@register.simple_tag
def sheet_url(slug: str, sheet_id: int | None) -> str:
    """The scoresheet entry page of a match's sheet ("" when there is no sheet yet)."""
    if sheet_id is None:
        return ""
    try:
        return reverse("sheet_entry", kwargs={"slug": slug, "sheet_id": sheet_id})
    except NoReverseMatch:  # the scoring pages are not installed
        return ""


@register.filter
def pairing_reason(reason: Any) -> str:
    """``{{ reason|pairing_reason }}``: a stored pairing reason (a round's or table's dict, or a
    bye) in the reader's language."""
    if isinstance(reason, dict):
        return reason_words(
            str(reason.get("code", "")), str(reason.get("text", "")), reason.get("figures")
        )
    return reason_words(reason.code, reason.text)


@register.filter
def change_summary(change: SeatingChange) -> str:
    """``{{ change|change_summary }}``: what a director's swap or substitution did, in the
    reader's language."""
    return change_words(change)


@register.filter
def lookup(mapping: dict[str, object], key: str) -> object:
    """``{{ row.shown|lookup:column.key }}``: a dict entry by a key held in a variable."""
    return mapping.get(key, "") if isinstance(mapping, dict) else ""


#: The figures people look for first, whatever orders the standings: shown right after the name.
FIRST_COLUMNS = ("points", "point_differential")


@register.filter
def columns_first(columns: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """A standings snapshot's columns with Points and Point difference first (when the event
    counts them), the others in the event's order: on a narrow screen those two are never
    the ones pushed out of view."""
    first = [c for key in FIRST_COLUMNS for c in columns if c.get("key") == key]
    return first + [c for c in columns if c not in first]


#: The standings columns in the reader's language. A snapshot stores each metric's English
#: label (the pure standings code has no translations); the page shows the key's label here,
#: or the stored one for a key it does not know.
METRIC_LABELS = {
    "points": gettext_lazy("Points"),
    "games_won": gettext_lazy("Games won"),
    "games_played": gettext_lazy("Games played"),
    "win_percentage": gettext_lazy("Win %"),
    "point_differential": gettext_lazy("Point difference"),
    "points_against": gettext_lazy("Points against"),
    "head_to_head": gettext_lazy("Head-to-head"),
    "buchholz": gettext_lazy("Buchholz"),
    "median_buchholz": gettext_lazy("Median Buchholz"),
    "opponents_points": gettext_lazy("Opponents' points"),
    "lot": gettext_lazy("Drawn lot"),
}


#: The stored label of a capped points column (``metrics.Points``), its cap read back from it.
CAPPED_POINTS = re.compile(r"Points \(at most (\d+) a game\)")


@register.filter
def column_label(column: dict[str, Any]) -> str:
    """A standings column's heading in the reader's language, a points cap included; a key
    this page does not know keeps its stored label."""
    label = METRIC_LABELS.get(str(column.get("key")))
    stored = str(column.get("label", ""))
    capped = CAPPED_POINTS.fullmatch(stored)
    if capped:
        return gettext("Points (at most {cap} a game)").format(cap=capped.group(1))
    if label is None:
        return stored
    return str(label)


@register.filter
def explanation_text(lines: Any) -> str:
    """A standings row's "Why here" in the reader's language (``standings_words``)."""
    return words_of_explanation(lines)


@register.filter
def bye_statement(event: Event) -> str:
    """What a bye scores at ``event``, in the sentence the standings state it with."""
    try:
        return bye_text(event_bye_rule(event))
    except TournamentError:
        return ""


def bye_text(rule: ByeRule) -> str:
    """The rule in a sentence, in the reader's language."""
    if rule.kind == WIN:
        return gettext("A bye counts as a game won, {points} points to none.").format(
            points=rule.win_points
        )
    if rule.kind == AVERAGE:
        return gettext(
            "A bye counts as a game scoring the entrant's average of its other games: "
            "points for, points against and share of games won."
        )
    return gettext("A bye counts for nothing: no points, no win, not a game played.")
