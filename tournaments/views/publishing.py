"""The publish step of a round whose event is not played at the hall only: the director says
where the round is played and whether its online matches are played over days, then
publishes (``tournaments.publish_form``, ``round_publish``)."""

from __future__ import annotations

from typing import TypedDict

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from club.acting import acting_user
from club.errors import DomainError
from club.models import Club
from club.page_errors import form_refusal
from tournaments.models import PlaysAt, Round
from tournaments.publish_form import PublishForm
from tournaments.services.publish import round_publish


class PublishWords(TypedDict):
    title: str
    text: str
    button: str


def publish_words(round_: Round) -> PublishWords:
    """The publish step's title, what publishing does, and its button."""
    return {
        "title": gettext("Publish round {number} of {event}?").format(
            number=round_.number, event=round_.event
        ),
        "text": gettext(
            "The pairings go up on the public page and a scoresheet is made for "
            "every table. Seats cannot be swapped after this."
        ),
        "button": gettext("Publish round {number}").format(number=round_.number),
    }


def published_message(round_: Round) -> str:
    """What the director is told once ``round_`` is published."""
    if round_.online:
        return gettext(
            "Round {number} is published: the online tables are set and their players told"
            " where to play."
        ).format(number=round_.number)
    return gettext("Round {number} is published: the scoresheets are ready.").format(
        number=round_.number
    )


def round_publish_choosing(
    request: HttpRequest, *, club: Club, round_: Round, back: str
) -> HttpResponse:
    """The publish form of a draft ``round_``: a refusal stays on the form, with its message
    next to the input it names, and nothing is published."""
    event = round_.event
    numbers = list(round_.tables.order_by("number").values_list("number", flat=True))
    posted = request.POST if request.method == "POST" else None  # an empty post is a choice
    by_round = event.plays_at == PlaysAt.BY_ROUND
    form = PublishForm(posted, by_round=by_round, table_numbers=numbers)
    if form.is_valid():
        try:
            round_ = round_publish(
                round_=round_,
                by=acting_user(request),
                online_tables=form.tables_online(),
                window=form.window(),
            )
        except DomainError as error:
            form_refusal(form, error)
        else:
            messages.success(request, published_message(round_))
            return redirect(back)
    context = {
        "club": club,
        "event": event,
        "round": round_,
        "form": form,
        "back": back,
        **publish_words(round_),
    }
    return render(request, "tournaments/publish_form.html", context)
