"""Template helpers of the event pages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template
from django.urls import NoReverseMatch, reverse

from tournaments.errors import TournamentError
from tournaments.models import Event
from tournaments.services.standings import event_bye_rule
from tournaments.standings.byes import bye_text

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


@register.filter
def bye_statement(event: Event) -> str:
    """What a bye scores at ``event``, in the sentence the standings state it with."""
    try:
        return bye_text(event_bye_rule(event))
    except TournamentError:
        return ""
