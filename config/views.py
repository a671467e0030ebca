"""Site-wide pages that belong to no single app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from club.permissions import public_view
from club.selectors import club_list


@public_view
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """What Kitty is, with the way into clubs, events and the API."""
    return render(request, "home.html", {"clubs": club_list()[:6]})
