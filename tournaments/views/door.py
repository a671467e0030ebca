"""At the door: ticking people in and out as they arrive or leave, someone new to the club,
and a substitute for a partnership's missing player.

The door list is on the event dashboard and on a page of its own for a phone at the door.
Each tick is an htmx POST answered with the one row it changed (and the count of who is
here); without JavaScript the same form reloads the page.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from club.acting import acting_user
from club.models import Club, Partnership
from club.page_errors import form_refusal
from club.permissions import Capability, club_required
from club.views.clubs import HtmxHttpRequest
from tournaments import selectors
from tournaments.errors import TournamentError
from tournaments.forms import DoorForm, LateArrivalForm, SubstituteForm
from tournaments.models import EntrantKind, Event
from tournaments.services import entrants as entrant_services
from tournaments.services.substitutes import entrant_substitute


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def event_door(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    """The door: tick people in or out as they arrive (a page for a phone at the door; the
    dashboard has the same list). htmx gets the changed row back; a plain form the page."""
    event = selectors.event_get(club=club, event_id=event_id)
    if request.method == "GET":
        door = selectors.door_rows(event=event)
        context = {
            "club": club,
            "event": event,
            "door": door,
            "here": sum(1 for row in door if row.here),
            "can_direct": True,
        }
        return render(request, "tournaments/door.html", context)
    form = DoorForm(request.POST)
    error = ""
    key = request.POST.get("who", "")
    if form.is_valid() and (target := form.target(event)) is not None:
        try:
            _tick(event, target, form.cleaned_data["here"])
        except TournamentError as refused:
            error = refused.message
    else:
        error = "Nobody like that can play in this event."
    if cast(HtmxHttpRequest, request).htmx:
        rows = selectors.door_rows(event=event)
        context = {
            "club": club,
            "event": event,
            "row": next((r for r in rows if r.key == key), None),
            "error": error,
            "can_direct": True,
            "here": sum(1 for r in rows if r.here),
            "oob": True,
        }
        response = render(request, "tournaments/dashboard.html#door_row", context)
        patch_vary_headers(response, ["HX-Request"])
        return response
    if error:
        messages.error(request, error)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("event_dashboard", args=[club.slug, event.pk])
    return redirect(back)


def _tick(event: Event, target: Any, here: bool) -> None:
    kind = {"partnership": target} if isinstance(target, Partnership) else {"player": target}
    if here:
        entrant_services.entrant_arrive(event=event, **kind)
        return
    entrant = selectors.event_entrants(event=event).filter(**kind).first()
    if entrant is not None:
        entrant_services.entrant_check_out(entrant=entrant)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def late_arrival(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    """Somebody new at the door: made a member (or a partnership) and checked in."""
    event = selectors.event_get(club=club, event_id=event_id)
    form = LateArrivalForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            entrant = entrant_services.late_arrival_add(
                event=event,
                display_name=data.get("display_name", ""),
                partnership_name=data.get("partnership_name", ""),
                players=[p for p in (data.get("first"), data.get("second")) if p],
            )
        except TournamentError as error:
            form_refusal(form, error)
        else:
            messages.success(
                request,
                gettext("{entrant} is checked in and plays from the next round.").format(
                    entrant=entrant
                ),
            )
            return redirect("event_dashboard", slug=club.slug, event_id=event.pk)
    return render(
        request, "tournaments/late_arrival.html", {"club": club, "event": event, "form": form}
    )


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def substitute(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    event = selectors.event_get(club=club, event_id=event_id)
    form = SubstituteForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            sub = entrant_substitute(
                entrant=data["entrant"],
                player_out=data["player_out"],
                player_in=data["player_in"],
                reason=data["reason"],
                by=acting_user(request),
            )
        except TournamentError as error:
            form_refusal(form, error)
        else:
            messages.success(
                request,
                gettext("{player_in} plays for {player_out} from round {from_round}.").format(
                    player_in=sub.player_in, player_out=sub.player_out, from_round=sub.from_round
                ),
            )
            return redirect("event_dashboard", slug=club.slug, event_id=event.pk)
    context = {
        "club": club,
        "event": event,
        "form": form,
        "partnership_event": event.entrant_kind == EntrantKind.PARTNERSHIP,
        "substitutions": event.substitutions.select_related("entrant", "player_in", "player_out"),
    }
    return render(request, "tournaments/substitute.html", context)
