"""Round pages of the director: pair the next round (a background job), a round's tables,
swapping seats, publishing, discarding a draft; and the job status the pages poll.

Pairing runs as a Celery task. The director's click records a job and goes back to the
dashboard, which shows the job's progress by polling ``job_status`` with htmx; with eager
tasks (no worker) the job is already over by then and its outcome is shown as a message.
"""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRefresh

from club.acting import acting_user
from club.errors import DomainError
from club.models import Club
from club.page_errors import form_refusal, refusal_message
from club.permissions import Capability, club_required
from club.views.clubs import HtmxHttpRequest
from scoring.tablecodes import tablecodes_live
from tournaments import round_display, round_live, round_online, selectors
from tournaments.change_words import change_words
from tournaments.forms import SwapForm
from tournaments.models import JobState, PlaysAt, RoundStatus
from tournaments.round_noshow import round_no_shows
from tournaments.round_pairer import round_pairer
from tournaments.round_where import round_where
from tournaments.services.events import event_round_add
from tournaments.services.jobs import job_refresh
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_discard, round_pair_ready, round_pair_start
from tournaments.services.seats import seats_swap
from tournaments.times_display import round_times
from tournaments.views.common import confirm_page, job_message
from tournaments.views.publishing import publish_words, published_message, round_publish_choosing


def _dashboard(club: Club, event_id: int) -> str:
    return reverse("event_dashboard", args=[club.slug, event_id])


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def round_pair_view(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    """Pair the next round in the background; the dashboard follows the job."""
    event = selectors.event_get(club=club, event_id=event_id)
    back = _dashboard(club, event.pk)
    if request.method == "POST":
        with refusal_message(request):
            job_message(request, round_pair_start(event=event, by=acting_user(request)))
        return redirect(back)
    try:
        number, refused = round_pair_ready(event=event), ""
    except DomainError as error:
        number, refused = 0, error.message
    return confirm_page(
        request,
        club=club,
        title=gettext("Pair round {number} of {event}?").format(number=number, event=event)
        if number
        else gettext("Pair the next round of {event}").format(event=event),
        text=gettext(
            "Everyone ticked in is paired. The round is a draft until you publish "
            "it: you can still swap seats, or discard it and pair again."
        ),
        button=gettext("Pair round {number}").format(number=number),
        back=back,
        refused=refused,
    )


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def round_add_view(request: HttpRequest, club: Club, event_id: int) -> HttpResponse:
    """Plan one more round than planned: the dashboard then offers to pair it."""
    event = selectors.event_get(club=club, event_id=event_id)
    back = _dashboard(club, event.pk)
    if request.method == "POST":
        with refusal_message(request):
            event = event_round_add(event=event)
            messages.success(
                request,
                gettext("{planned} rounds planned: round {planned} can be paired.").format(
                    planned=event.rounds_planned
                ),
            )
        return redirect(back)
    planned = event.rounds_planned
    return confirm_page(
        request,
        club=club,
        title=gettext("Add a round to {event}?").format(event=event),
        text=ngettext(
            "{planned} round planned. One more is added to the plan; pair it when the current "
            "round is over.",
            "{planned} rounds planned. One more is added to the plan; pair it when the current "
            "round is over.",
            planned,
        ).format(planned=planned)
        if planned
        else gettext("This event plans no fixed number of rounds: pair the next round when ready."),
        button=gettext("Add a round"),
        back=back,
        refused=""
        if planned
        else gettext("Nothing to add: rounds are not counted for this event."),
    )


@require_GET
@club_required(Capability.VIEW)
def round_detail(
    request: HttpRequest, club: Club, event_id: int, round_number: int
) -> HttpResponse:
    """One round: every table with its seats, first dealer, scoresheet and the reasons; once
    published, how far each table's game has come (``round_live``)."""
    return render(
        request,
        "tournaments/round_detail.html",
        _round_context(request, club, event_id, round_number),
    )


@require_GET
@club_required(Capability.VIEW)
def round_live_view(
    request: HttpRequest, club: Club, event_id: int, round_number: int
) -> HttpResponse:
    """The round page's tables again, as they stand now: the page asks for this part every
    few seconds while its tables score themselves."""
    context = _round_context(request, club, event_id, round_number)
    return render(request, "tournaments/round_detail.html#live", context)


def _round_context(
    request: HttpRequest, club: Club, event_id: int, round_number: int
) -> dict[str, object]:
    event = selectors.event_get(club=club, event_id=event_id)
    round_ = selectors.round_get(event=event, number=round_number)
    view = round_display.round_view(round_=round_, kind=event.entrant_kind)
    capabilities = getattr(request, "club_capabilities", ())
    # Table codes open a sheet without an account: only the club's scorers and directors see them.
    can_score = Capability.SCORE in capabilities
    sheet_ids = [t.match.sheet_id for t in view.tables if t.match and t.match.sheet_id]
    codes = tablecodes_live(sheet_ids=sheet_ids) if can_score else {}
    return {
        "club": club,
        "event": event,
        "view": view,
        "live": round_live.round_live(view=view, codes=codes),
        "where": round_where(view),
        "online": round_online.round_online(view=view),
        "can_direct": Capability.DIRECT in capabilities,
        "can_score": can_score,
        "no_shows": round_no_shows(round_=round_),
        **round_times(
            round_=round_, user=request.user, can_direct=Capability.DIRECT in capabilities
        ),
        **round_pairer(round_=round_),
    }


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def round_swap(request: HttpRequest, club: Club, event_id: int, round_number: int) -> HttpResponse:
    event = selectors.event_get(club=club, event_id=event_id)
    round_ = selectors.round_get(event=event, number=round_number)
    form = SwapForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            change = seats_swap(
                round_=round_,
                first=data["first"],
                second=data["second"],
                reason=data["reason"],
                by=acting_user(request),
            )
        except DomainError as error:
            form_refusal(form, error)
        else:
            messages.success(request, f"{change_words(change)}.")
            return redirect(
                "round_detail", slug=club.slug, event_id=event.pk, round_number=round_.number
            )
    context = {
        "club": club,
        "event": event,
        "round": round_,
        "form": form,
        "view": round_display.round_view(round_=round_, kind=event.entrant_kind),
    }
    return render(request, "tournaments/swap_form.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def round_publish_view(
    request: HttpRequest, club: Club, event_id: int, round_number: int
) -> HttpResponse:
    """Publish a draft after asking; a round that may be played online asks where, and
    whether over days, first (``tournaments.views.publishing``)."""
    event = selectors.event_get(club=club, event_id=event_id)
    round_ = selectors.round_get(event=event, number=round_number)
    back = _dashboard(club, event.pk)
    if event.plays_at != PlaysAt.HALL and round_.is_draft:
        return round_publish_choosing(request, club=club, round_=round_, back=back)
    if request.method == "POST":
        with refusal_message(request):
            messages.success(
                request, published_message(round_publish(round_=round_, by=acting_user(request)))
            )
        return redirect(back)
    return confirm_page(
        request,
        club=club,
        **publish_words(round_),
        back=back,
        refused=""
        if round_.status == RoundStatus.DRAFT
        else gettext("Round {number} is already {value}.").format(
            number=round_.number, value=round_.get_status_display()
        ),
    )


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def round_discard_view(
    request: HttpRequest, club: Club, event_id: int, round_number: int
) -> HttpResponse:
    event = selectors.event_get(club=club, event_id=event_id)
    round_ = selectors.round_get(event=event, number=round_number)
    back = _dashboard(club, event.pk)
    if request.method == "POST":
        with refusal_message(request):
            number = round_discard(round_=round_)
            messages.success(
                request,
                gettext("Draft round {number} is discarded; pair it again.").format(number=number),
            )
        return redirect(back)
    return confirm_page(
        request,
        club=club,
        title=gettext("Discard draft round {number}?").format(number=round_.number),
        text=gettext(
            "Its tables and byes are thrown away; pairing again gives the same "
            "round unless who is here has changed."
        ),
        button=gettext("Discard the draft"),
        back=back,
        danger=True,
        refused=""
        if round_.status == RoundStatus.DRAFT
        else gettext("Round {number} is {value}: only a draft can be discarded.").format(
            number=round_.number, value=round_.get_status_display()
        ),
    )


@require_GET
@club_required(Capability.VIEW)
def job_status(request: HttpRequest, club: Club, job_id: int) -> HttpResponse:
    """How a background job is going. htmx polls this fragment while the job runs; once it
    is done the page reloads to show what it made, and a failure stays on the page."""
    job = job_refresh(job=selectors.job_get(club=club, job_id=job_id))
    htmx = cast(HtmxHttpRequest, request).htmx
    if htmx and job.state == JobState.DONE and request.GET.get("reload"):
        messages.success(request, job.message)
        return HttpResponseClientRefresh()
    template = "tournaments/job.html#job" if htmx else "tournaments/job.html"
    return render(request, template, {"club": club, "job": job})
