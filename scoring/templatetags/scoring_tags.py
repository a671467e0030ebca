"""Template helpers of the scoresheet pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

register = template.Library()


@register.filter
def signed(value: int) -> str:
    """A score change as written on a sheet: ``+20``, ``−20`` (a true minus sign), ``0``."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"


@register.filter
def get_item(mapping: Mapping[Any, Any], key: Any) -> Any:
    """``{{ counts|get_item:status }}``: a dict's value by a key held in a variable."""
    return mapping.get(key, "")


@register.filter
def side_totals(sheet: Any) -> list[tuple[str, int | None]]:
    """A listed sheet's sides with their totals (``scoresheet_list`` annotates ``totals``)."""
    totals = getattr(sheet, "totals", None) or []
    sides = list(sheet.sides.all())
    return [(side.label, totals[i] if i < len(totals) else 0) for i, side in enumerate(sides)]
