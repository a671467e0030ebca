"""The computer explains itself on the pages: a hint at a practice table, a hand's review.

A hint is worked out while the member waits (at most a second or two of CPU, in the request's
thread): the table page's script fetches it as a fragment (``?part=1``) into the page; without
scripts the form opens it as a page. A review is asked for with a POST (worked out in the
background, ``tables.tasks.hand_review``) and read with a GET. A table the member may not watch,
or a hand it does not have, is not found (404); a refusal is shown with its code and status
(403: not this table or not your seat; 409: not your turn, hand not over).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from club.permissions import signed_in_view
from tables import selectors, services
from tables.advice_words import DEFAULT_THRESHOLDS, THRESHOLDS, hint_lines, review_lines
from tables.errors import TableError
from tables.models import LiveTable, TableHand

NO_HAND_OVER = gettext_lazy("No hand is over yet at this table: review one when it is.")
#: What the views answer a signed-in member when the table refuses them: not found (a table
#: they may not watch), 403 (not this kind of table, not their seat), 409 (not now).
REFUSED_BY_STATE = (403, 404, 409)


def _visible(request: HttpRequest, table_id: int) -> LiveTable:
    """A table the member may watch; any other is not found, as an unknown one is."""
    table = get_object_or_404(LiveTable.objects.select_related("club"), pk=table_id)
    if not selectors.may_watch(table, request.user):
        raise Http404("No such table.")
    return table


def advice_parts(table: LiveTable, seat: int | None) -> dict[str, Any]:
    """What the table page's Hint and Review part (``tables/_advice.html``) needs."""
    return {
        "hint_offered": seat is not None and table.is_playing and services.hints_offered(table),
        "review_offered": seat is not None and services.reviews_offered(table),
    }


@signed_in_view
@require_GET
def table_hint(request: HttpRequest, table_id: int) -> HttpResponse:
    """The hint for the member's seat now: a fragment for the page's script, or a page."""
    table = _visible(request, table_id)
    context: dict[str, Any] = {"table": table}
    status = 200
    try:
        hint = services.hint_for(table=table, user=request.user)
    except TableError as error:
        context["refusal"] = error
        status = error.status
    else:
        best = [(choice.action, choice.points) for choice in hint.best]
        context.update(
            hint=hint,
            computer=hint_lines(
                hint.computer.action, [(hint.computer.action, hint.computer.points)]
            )[0],
            lines=hint_lines(hint.computer.action, best),
        )
    template = "tables/_hint_box.html" if request.GET.get("part") else "tables/hint.html"
    return render(request, template, context, status=status)


def _hand(table: LiveTable, number: int) -> TableHand:
    found = table.hands.filter(number=number).first()
    if found is None:
        raise Http404("No such hand at this table.")
    return found


@signed_in_view
@require_http_methods(["GET", "POST"])
def hand_review(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """The member's review of a finished hand; a POST asks for it (or again, once failed)."""
    table = _visible(request, table_id)
    table_hand = _hand(table, number)
    context: dict[str, Any] = {
        "club": table.club,
        "table": table,
        "table_hand": table_hand,
        "thresholds": THRESHOLDS.get(table.game, DEFAULT_THRESHOLDS),
    }
    try:
        if request.method == "POST":
            services.review_request(table=table, table_hand=table_hand, user=request.user)
            return redirect("table_review", table.pk, number)
        player, _ = services.review_seat(table, request.user, table_hand)
    except TableError as error:
        context["refusal"] = error
        return render(request, "tables/hand_review.html", context, status=error.status)
    review = services.review_of(table_hand, player)
    finished = list(table.hands.filter(finished=True).values_list("number", flat=True))
    context.update(
        review=review,
        lines=review_lines(table.game, table_hand.first_seq, review.rows) if review else [],
        previous=number - 1 if number - 1 in finished else None,
        following=number + 1 if number + 1 in finished else None,
    )
    return render(request, "tables/hand_review.html", context)


@signed_in_view
@require_GET
def last_review(request: HttpRequest, table_id: int) -> HttpResponse:
    """To the review of the table's last finished hand."""
    table = _visible(request, table_id)
    last = table.hands.filter(finished=True).order_by("-number").first()
    if last is None:
        messages.info(request, str(NO_HAND_OVER))
        return redirect(reverse("table_detail", args=[table.club.slug, table.pk]))
    return redirect("table_review", table.pk, last.number)


table_hint.refused_by_state = REFUSED_BY_STATE  # type: ignore[attr-defined]
hand_review.refused_by_state = REFUSED_BY_STATE  # type: ignore[attr-defined]
# It sends the member on to the review (302), or answers 404 for a table they may not watch.
last_review.refused_by_state = (302, 404)  # type: ignore[attr-defined]
