"""The club's event pages: the event list, new events and seasons, the event dashboard,
finishing an event and recomputing its standings. The door (check-in, late arrivals,
substitutes) is in ``tournaments.views.door``, rounds in ``tournaments.views.rounds``.

Members see events; directors run them. Pages that change something show a confirmation or a
form on GET and act on POST, so every button also works without JavaScript.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from club.acting import acting_user
from club.errors import DomainError
from club.models import Club
from club.page_errors import form_refusal, refusal_message
from club.permissions import Capability, club_required
from tournaments import round_display, selectors
from tournaments.forms import (
    EventForm,
    NightForm,
    SeasonForm,
)
from tournaments.models import ByeScoring, EntrantKind, JobKind, PlaysAt, RoundStatus
from tournaments.services.events import (
    event_create,
    event_finish,
    event_update,
    season_create,
    season_night_create,
)
from tournaments.services.jobs import job_enqueue
from tournaments.views.common import confirm_page, job_message


def _can_direct(request: HttpRequest) -> bool:
    return Capability.DIRECT in getattr(request, "club_capabilities", frozenset())


@require_GET
@club_required(Capability.VIEW)
def club_events(request: HttpRequest, club: Club) -> HttpResponse:
    """The club's events and seasons."""
    context = {
        "club": club,
        "events": selectors.club_events(club=club),
        "seasons": selectors.club_seasons(club=club),
    }
    return render(request, "tournaments/club_events.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def event_new(request: HttpRequest, club: Club) -> HttpResponse:
    form = EventForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = event_create(
                club=club,
                name=data["name"],
                date=data["date"],
                format=data["format"],
                rule_set=data["rule_set"],
                rounds_planned=data["rounds_planned"],
                tiebreaks=form.tiebreaks(),
                points_cap=data["points_cap"],
                third_place=data["third_place"],
                bye_scores=data["bye_scores"] or ByeScoring.NOTHING,
                online=form.online(),
                by=acting_user(request),
            )
        except DomainError as error:
            form_refusal(form, error)
        else:
            messages.success(
                request,
                gettext("{event} is ready: tick players in as they arrive.").format(event=event),
            )
            return redirect("event_dashboard", slug=club.slug, event_id=event.pk)
    return render(request, "tournaments/event_form.html", {"club": club, "form": form})


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def event_edit(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    """Change an event's details; its format and rules only until round 1 is paired."""
    event = selectors.event_get(club=club, event_id=event_id)
    started = event.rounds.exists()
    form = EventForm(request.POST or None, club=club, event=event, started=started)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event_update(
                event=event,
                name=data["name"],
                date=data["date"],
                format=data["format"],
                rule_set=data["rule_set"],
                rounds_planned=data["rounds_planned"],
                tiebreaks=form.tiebreaks(),
                points_cap=data["points_cap"],
                third_place=data["third_place"],
                bye_scores=data["bye_scores"] or None,
                online=form.online(),
                by=acting_user(request),
            )
        except DomainError as error:
            form_refusal(form, error)
        else:
            messages.success(request, gettext("{name}: saved.").format(name=event.name))
            return redirect("event_dashboard", slug=club.slug, event_id=event.pk)
    context = {"club": club, "form": form, "event": event}
    return render(request, "tournaments/event_form.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def season_new(request: HttpRequest, club: Club) -> HttpResponse:
    form = SeasonForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season = season_create(
                club=club,
                name=data["name"],
                format=data["format"],
                rule_set=data["rule_set"],
                best_of=data["best_of"],
                tiebreaks=form.tiebreaks(),
            )
        except DomainError as error:
            form_refusal(form, error)
        else:
            messages.success(
                request, gettext("{season} is ready: add its first night.").format(season=season)
            )
            return redirect("season_detail", slug=club.slug, season_id=season.pk)
    return render(request, "tournaments/season_form.html", {"club": club, "form": form})


@require_GET
@club_required(Capability.VIEW)
def season_detail(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """The season's nights and standings."""
    season = selectors.season_get(club=club, season_id=season_id)
    context = {
        "club": club,
        "season": season,
        "nights": selectors.season_nights(season=season),
        "standings": selectors.standings_of(season=season),
        "can_direct": _can_direct(request),
    }
    return render(request, "tournaments/season_detail.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def night_new(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """The season's next night, with the season's format, rules and standings order."""
    season = selectors.season_get(club=club, season_id=season_id)
    last = season.events.order_by("-date", "-pk").first()
    form = NightForm(request.POST or None, last_plays_at=last.plays_at if last else PlaysAt.HALL)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            night = season_night_create(
                season=season,
                date=data["date"],
                name=data["name"],
                rounds_planned=data["rounds_planned"],
                by=acting_user(request),
                plays_at=data["plays_at"],
            )
        except DomainError as error:
            form_refusal(form, error)
        else:
            messages.success(
                request,
                gettext("{night} is ready: tick players in as they arrive.").format(night=night),
            )
            return redirect("event_dashboard", slug=club.slug, event_id=night.pk)
    context = {"club": club, "season": season, "form": form}
    return render(request, "tournaments/night_form.html", context)


@require_GET
@club_required(Capability.VIEW)
def event_dashboard(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    """Everything about one event: who is here, the rounds and their tables, background work,
    standings. Directors get the buttons."""
    event = selectors.event_get(club=club, event_id=event_id)
    rounds = selectors.event_rounds(event=event)
    latest = rounds[-1] if rounds else None
    views = [round_display.round_view(round_=r, kind=event.entrant_kind) for r in reversed(rounds)]
    door = selectors.door_rows(event=event)
    context: dict[str, Any] = {
        "club": club,
        "event": event,
        "rounds": views,
        "latest": latest,
        "draft": latest if latest and latest.status == RoundStatus.DRAFT else None,
        "unconfirmed": sum(1 for t in views[0].tables if t.sheet_status != "confirmed")
        if views and latest and latest.status == RoundStatus.PUBLISHED
        else 0,
        "next_number": (latest.number + 1) if latest else 1,
        "planned_reached": bool(
            latest and event.rounds_planned and latest.number >= event.rounds_planned
        ),
        "door": door,
        "here": sum(1 for row in door if row.here),
        "jobs": selectors.event_jobs(event=event),
        "standings": selectors.standings_of(event=event),
        "can_direct": _can_direct(request),
        "partnership_event": event.entrant_kind == EntrantKind.PARTNERSHIP,
    }
    return render(request, "tournaments/dashboard.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def event_finish_view(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    event = selectors.event_get(club=club, event_id=event_id)
    back = reverse("event_dashboard", args=[club.slug, event.pk])
    if request.method == "POST":
        with refusal_message(request):
            event_finish(event=event, by=acting_user(request))
            messages.success(
                request,
                gettext("{event} is finished; the final standings are on their way.").format(
                    event=event
                ),
            )
        return redirect(back)
    return confirm_page(
        request,
        club=club,
        title=gettext("Finish {event}?").format(event=event),
        text=gettext(
            "No more rounds can be paired once it is finished; the standings are "
            "computed once more."
        ),
        button=gettext("Finish the event"),
        back=back,
        refused=gettext("{event} is already finished.").format(event=event)
        if event.is_finished
        else "",
    )


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def standings_recompute(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    """Compute the standings again (they also update by themselves when a sheet is confirmed)."""
    event = selectors.event_get(club=club, event_id=event_id)
    back = reverse("event_dashboard", args=[club.slug, event.pk])
    if request.method == "POST":
        job = job_enqueue(
            club=club,
            kind=JobKind.STANDINGS,
            event=event,
            by=acting_user(request),
        )
        job_message(request, job)
        return redirect(back)
    return confirm_page(
        request,
        club=club,
        title=gettext("Recompute the standings of {event}?").format(event=event),
        text=gettext(
            "Standings update by themselves whenever a scoresheet is confirmed; "
            "recompute them after a confirmed sheet was unlocked and corrected."
        ),
        button=gettext("Recompute standings"),
        back=back,
    )
