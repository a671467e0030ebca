"""Template helpers of the event pages."""

from __future__ import annotations

from django import template
from django.urls import NoReverseMatch, reverse

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
