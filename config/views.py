"""Site-wide pages that belong to no single app."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from club.api_errors import API_PREFIX
from club.api_errors import not_found as api_not_found
from club.permissions import public_view
from club.selectors import club_list, clubs_of, person_name
from tournaments.online_matches import online_matches_of
from tournaments.tonight import tonight_seats


@public_view
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """What Kitty is, with the way into clubs, events and the API; for a player seated in
    tonight's round, where they sit and the way to their table's sheet; their online matches
    still to play, with the way to each table."""
    user = request.user
    context = {
        "clubs": club_list()[:6],
        "person_name": person_name(user=user) if user.is_authenticated else "",
        "tonight": tonight_seats(user=user),
        "online_matches": online_matches_of(user=user),
    }
    return render(request, "home.html", context)


# --- Refusals and lost visitors: what they may do next ---------------------------------------

FAVICON = settings.BASE_DIR / "static" / "kitty" / "favicon.svg"
NOT_ALLOWED = gettext_lazy("You may not open this page.")
FORM_EXPIRED = gettext_lazy(
    "This form could not be sent: the page was open too long, or you signed in or out in "
    "another tab since it was loaded."
)


def _next_steps(request: HttpRequest) -> dict[str, Any]:
    """The ways on shown under a refusal: the visitor's own clubs when signed in."""
    user = request.user
    return {"my_clubs": list(clubs_of(user=user)) if user.is_authenticated else []}


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 404 page (``handler404``) with the ways on; under /api/ the API's JSON refusal."""
    if request.path.startswith(API_PREFIX):
        return api_not_found(request, exception)
    return render(request, "404.html", _next_steps(request), status=404)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 403 page (``handler403``): the refusal's own words, then the ways on."""
    reason = str(exception) if exception is not None and str(exception) else NOT_ALLOWED
    context = {"reason": reason, **_next_steps(request)}
    return render(request, "403.html", context, status=403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form refused for its missing or stale CSRF token (``CSRF_FAILURE_VIEW``): said in a
    member's words (Django's reason is for developers), with the ways on."""
    context = {"reason": FORM_EXPIRED, "csrf_failed": True, **_next_steps(request)}
    return render(request, "403.html", context, status=403)


@public_view
@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers and feed readers ask for /favicon.ico whatever the page says: the icon the pages
    link to, served here as it is (a day in the cache)."""
    response = HttpResponse(FAVICON.read_bytes(), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response
