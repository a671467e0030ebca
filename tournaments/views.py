"""Public event pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from club.permissions import public_view


@public_view
@require_GET
def event_index(request: HttpRequest) -> HttpResponse:
    """League nights and tournaments; the list fills in once events can be scheduled."""
    return render(request, "tournaments/event_list.html", {"events": []})
