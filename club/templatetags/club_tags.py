"""Template helpers of the club pages."""

from __future__ import annotations

from django import template
from django.http import HttpRequest

from club import wording
from club.permissions import Capability
from engine.rules import words

register = template.Library()


@register.filter
def can(request: HttpRequest, capability: str) -> bool:
    """``{% if request|can:"admin" %}``: whether the user holds ``capability`` in the club of
    this page (set by ``club_required``)."""
    held: frozenset[Capability] = getattr(request, "club_capabilities", frozenset())
    return Capability(capability) in held


@register.filter
def counted(count: int | float, noun: str) -> str:
    """``{{ lines|counted:"line" }}``: "1 line", "3 lines". An irregular plural goes after a
    comma: ``{{ n|counted:"entry,entries" }}``."""
    singular, _, plural = noun.partition(",")
    if not plural:
        return wording.counted(count, singular)
    return words.counted(count, singular, plural)


@register.filter
def numbered(numbers: list[int], noun: str) -> str:
    """``{{ differing|numbered:"line" }}``: "line 3", "lines 3 and 5"."""
    return wording.numbered(noun, numbers)


@register.filter
def scores(values: list[int | float | None]) -> str:
    """``{{ totals|scores }}``: "125 to 75" ("125 à 75")."""
    return wording.scores(values)


@register.filter
def rules_name(stored: str) -> str:
    """``{{ table.rule_set_name|rules_name }}``: "standard rules" in the reader's language."""
    return wording.rules_name(str(stored))
