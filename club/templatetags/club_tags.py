"""Template helpers of the club pages."""

from __future__ import annotations

from django import template
from django.http import HttpRequest

from club.permissions import Capability

register = template.Library()


@register.filter
def can(request: HttpRequest, capability: str) -> bool:
    """``{% if request|can:"admin" %}``: whether the user holds ``capability`` in the club of
    this page (set by ``club_required``)."""
    held: frozenset[Capability] = getattr(request, "club_capabilities", frozenset())
    return Capability(capability) in held
