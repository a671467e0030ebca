"""The member's lobby (My tables): what is waiting for them first, then their games, the seats
to take, the tables to watch and the recent games; its lists alone for the live refresh; and
the member's finished games, page by page.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from club.models import Club, Player
from club.permissions import signed_in_view
from tables import lobby as member_reads
from tables import naming, selectors
from tables.errors import TableError
from tables.member_forms import PracticeForm
from tables.models import LiveTable, TableInvitation
from tournaments.times_display import matches_to_arrange

GAMES_PER_PAGE = 25


def named(tables: Iterable[LiveTable]) -> list[LiveTable]:
    """``tables`` with each seat's name as the table page says it (``listed_name``): three
    computers read "Computer East, rule-based" and so on, not "Computer" three times."""
    listed = list(tables)
    for table in listed:
        seats = list(table.seats.all())
        for seat, name in zip(seats, naming.seat_names(seats), strict=True):
            seat.listed_name = name  # type: ignore[attr-defined]
    return listed


def with_reserved(tables: list[LiveTable]) -> list[LiveTable]:
    """``tables`` each with the seats kept for invitees (``reserved``): no Take seat there."""
    kept = TableInvitation.objects.filter(
        table__in=tables, status=TableInvitation.Status.PENDING
    ).values_list("table_id", "seat")
    for table in tables:
        table.reserved = {seat for table_id, seat in kept if table_id == table.pk}  # type: ignore[attr-defined]
    return tables


def clubs_of(user: User) -> list[Club]:
    return list(Club.objects.filter(memberships__player__user_id=user.pk).order_by("name"))


def start_refusal(club: Club, user: User) -> TableError | None:
    """Why ``user`` may not start a member's table at ``club`` now, if they may not."""
    return member_reads.start_refusal(club, user)


def practice_context(user: User) -> dict[str, Any]:
    """The Practice now card (for the clubs where the member may start a table), or why
    not, and the clubs whose friendly table page the member may open."""
    clubs = clubs_of(user)
    refusals = {club.pk: start_refusal(club, user) for club in clubs}
    allowed = [club for club in clubs if refusals[club.pk] is None]
    first_refusal = next((error for error in refusals.values() if error is not None), None)
    return {
        "practice_form": PracticeForm(clubs=allowed) if allowed else None,
        "start_clubs": allowed,
        "start_refused": first_refusal.message if first_refusal and not allowed else "",
    }


def lists_context(user: User) -> dict[str, Any]:
    """The lobby's lists, as the page and its live refresh show them."""
    mine = named(selectors.user_tables(user))
    results = selectors.recent_results(user)
    sat_at = set(
        LiveTable.objects.filter(
            pk__in=[result.table.pk for result in results], seats__player__user_id=user.pk
        ).values_list("pk", flat=True)
    )
    return {
        "invitations": list(member_reads.invitations_waiting(user)),
        "mine": mine,
        "open_tables": with_reserved(named(selectors.open_tables_for(user))),
        "to_watch": named(selectors.tables_to_watch(user)),
        "results": results,
        "again_ids": {r.table.pk for r in results if r.table.pk in sat_at and r.table.is_members},
        "user_id": user.pk,
        "can_sit": Player.objects.filter(user_id=user.pk).exists(),
        "to_arrange": matches_to_arrange(user),
    }


@signed_in_view
@require_GET
def lobby_lists(request: HttpRequest) -> HttpResponse:
    """The lobby's lists alone: the page fetches them again whenever the lobby changes."""
    context = lists_context(cast(User, request.user))
    return render(request, "tables/_lobby_lists.html", context)


@signed_in_view
@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    """The member's finished games, newest first: scores, sheet and replay of each."""
    pages = Paginator(selectors.games_of(cast(User, request.user)), GAMES_PER_PAGE)
    page = pages.get_page(request.GET.get("page"))
    context = {"page": page, "results": selectors.results_of(page.object_list)}
    return render(request, "tables/my_games.html", context)
