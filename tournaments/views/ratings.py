"""Club ratings pages: the ladder and one player's rating with its history."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from club.models import Club
from club.permissions import Capability, club_required
from club.selectors import club_member_get
from tournaments import selectors
from tournaments.ratings import DISPLAY_BASE

CHART_WIDTH = 600
CHART_HEIGHT = 160


@require_GET
@club_required(Capability.VIEW)
def club_ratings(request: HttpRequest, club: Club) -> HttpResponse:
    """Every rated player of the club, best first (by the cautious figure, mu - 3 sigma)."""
    context = {"club": club, "ratings": selectors.club_ratings(club=club)}
    return render(request, "tournaments/ratings.html", context)


@require_GET
@club_required(Capability.VIEW)
def player_rating(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """A player's club rating and how every rated game moved it, with a small chart."""
    membership = club_member_get(club=club, player_id=player_id)
    player = membership.player
    history = selectors.rating_history(club=club, player=player)
    figures = [DISPLAY_BASE] + [change.after.display for change in history]
    context = {
        "club": club,
        "player": player,
        "rating": selectors.player_rating(club=club, player=player),
        "history": list(reversed(history)),
        "chart": _chart(figures),
        "chart_width": CHART_WIDTH,
        "chart_height": CHART_HEIGHT,
        "won": sum(1 for change in history if change.won),
    }
    return render(request, "tournaments/player_rating.html", context)


def _chart(figures: list[int]) -> str:
    """SVG polyline points for the rating over games (drawn on the server: no script)."""
    if len(figures) < 2:
        return ""
    low, high = min(figures), max(figures)
    span = max(high - low, 1)
    step = CHART_WIDTH / (len(figures) - 1)
    pad = 10
    usable = CHART_HEIGHT - 2 * pad
    return " ".join(
        f"{i * step:.1f},{pad + usable - (value - low) / span * usable:.1f}"
        for i, value in enumerate(figures)
    )
