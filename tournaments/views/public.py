"""Public event pages: no sign-in needed. Standings, "who sits where tonight", results and
season standings, with CSV exports.

The pairings and standings pages refresh themselves: htmx asks for the same address every
20 seconds and swaps in only the page's live fragment, so a phone at the table and a projector
in the hall follow the night without anyone pressing reload. A draft round is never shown.
"""

from __future__ import annotations

from typing import cast

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from club.permissions import public_view
from club.views.clubs import HtmxHttpRequest
from tournaments import round_display, selectors
from tournaments.exports import results_csv, standings_csv

REFRESH_SECONDS = 20


def _live(request: HttpRequest, template: str, context: dict[str, object]) -> HttpResponse:
    """The page, or only its ``live`` fragment for htmx's refresh."""
    if cast(HtmxHttpRequest, request).htmx:
        template += "#live"
    context["refresh_seconds"] = REFRESH_SECONDS
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _csv(content: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@public_view
@require_GET
def event_index(request: HttpRequest) -> HttpResponse:
    """League nights and tournaments of every club: running ones first."""
    return render(
        request, "tournaments/event_list.html", {"events": selectors.events_public()[:100]}
    )


@public_view
@require_GET
def event_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = selectors.event_get_public(event_id=event_id)
    context: dict[str, object] = {
        "event": event,
        "standings": selectors.standings_of(event=event),
        "here": "standings",
    }
    return _live(request, "tournaments/public_standings.html", context)


@public_view
@require_GET
def event_pairings(request: HttpRequest, event_id: int) -> HttpResponse:
    """Who sits where in the latest published round: big tables for a projector, a name
    finder for phones."""
    event = selectors.event_get_public(event_id=event_id)
    round_ = selectors.round_shown(event=event, public=True)
    view = round_display.round_view(round_=round_, kind=event.entrant_kind) if round_ else None
    context: dict[str, object] = {"event": event, "view": view, "here": "pairings"}
    return _live(request, "tournaments/public_pairings.html", context)


@public_view
@require_GET
def event_results_page(request: HttpRequest, event_id: int) -> HttpResponse:
    event = selectors.event_get_public(event_id=event_id)
    context: dict[str, object] = {
        "event": event,
        "results": round_display.event_results(event=event),
        "here": "results",
    }
    return _live(request, "tournaments/public_results.html", context)


@public_view
@require_GET
def event_standings_csv(request: HttpRequest, event_id: int) -> HttpResponse:
    event = selectors.event_get_public(event_id=event_id)
    content = standings_csv(selectors.standings_of(event=event))
    return _csv(content, f"{slugify(event.name) or 'event'}-standings.csv")


@public_view
@require_GET
def event_results_csv(request: HttpRequest, event_id: int) -> HttpResponse:
    event = selectors.event_get_public(event_id=event_id)
    content = results_csv(round_display.event_results(event=event))
    return _csv(content, f"{slugify(event.name) or 'event'}-results.csv")


@public_view
@require_GET
def season_standings(request: HttpRequest, season_id: int) -> HttpResponse:
    season = selectors.season_get_public(season_id=season_id)
    context: dict[str, object] = {
        "season": season,
        "nights": selectors.season_nights(season=season),
        "standings": selectors.standings_of(season=season),
    }
    return _live(request, "tournaments/public_season.html", context)


@public_view
@require_GET
def season_standings_csv(request: HttpRequest, season_id: int) -> HttpResponse:
    season = selectors.season_get_public(season_id=season_id)
    content = standings_csv(selectors.standings_of(season=season), season=True)
    return _csv(content, f"{slugify(season.name) or 'season'}-standings.csv")
