"""A match's time page: its players propose a time and answer the other side's, and the
club's directors set or move it. Nobody else sees it (404, as for an id they cannot see)."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from club.acting import acting_user
from club.errors import DomainError
from club.models import Club, Player
from club.page_errors import form_refusal, refusal_message
from club.permissions import Capability, club_required
from tournaments import selectors
from tournaments.forms_times import MatchTimeForm
from tournaments.models import Match, MatchTime
from tournaments.services.times import (
    match_time_accept,
    match_time_decline,
    match_time_propose,
    match_time_set,
    match_time_withdraw,
)
from tournaments.times_display import MatchTimeView, match_time_view

DONE = {
    "propose": gettext_lazy("Your proposal is sent to the other side."),
    "accept": gettext_lazy("Agreed: the match starts then."),
    "decline": gettext_lazy("Declined: the match keeps its time."),
    "withdraw": gettext_lazy("Your proposal is withdrawn."),
    "set": gettext_lazy("The match's time is set."),
}
ANSWERS = {
    "accept": match_time_accept,
    "decline": match_time_decline,
    "withdraw": match_time_withdraw,
}


def _match(club: Club, event_id: int, round_number: int, table_number: int) -> Match:
    event = selectors.event_get(club=club, event_id=event_id)
    round_ = selectors.round_get(event=event, number=round_number)
    return get_object_or_404(
        Match.objects.select_related("round__event", "table", "sheet"),
        round=round_,
        table__number=table_number,
        online=True,
    )


def _done(request: HttpRequest, action: str) -> None:
    messages.success(request, str(DONE[action]))


def _prefix(action: str) -> str | None:
    """The director's form has names of its own: a director who plays the match sees both."""
    return "set" if action == "set" else None


def _post(request: HttpRequest, view: MatchTimeView, player: Player | None) -> MatchTimeForm | None:
    """Do what the page's form asked; the form again when its time was refused."""
    action = request.POST.get("action", "")
    if action in ANSWERS and player is not None:
        proposal = get_object_or_404(MatchTime, pk=request.POST.get("time") or 0, match=view.match)
        with refusal_message(request):
            ANSWERS[action](proposal=proposal, player=player)
            _done(request, action)
        return None
    form = MatchTimeForm(request.POST, prefix=_prefix(action))
    if not form.is_valid():
        return form
    try:
        if action == "set" and view.can_direct:
            match_time_set(match=view.match, at=form.cleaned_data["at"], by=acting_user(request))
        elif action == "propose" and player is not None:
            match_time_propose(match=view.match, player=player, at=form.cleaned_data["at"])
        else:
            raise Http404
    except DomainError as error:
        form_refusal(form, error)
        return form
    _done(request, action)
    return None


@require_http_methods(["GET", "POST"])
@club_required(Capability.VIEW)
def match_time(
    request: HttpRequest, club: Club, event_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """The current time of an online match, where it came from, the window, every proposal
    with its state, and the forms the viewer may use."""
    match = _match(club, event_id, round_number, table_number)
    player = Player.objects.filter(user_id=cast(int, request.user.pk)).first()
    can_direct = Capability.DIRECT in getattr(request, "club_capabilities", ())
    view = match_time_view(match=match, player=player, can_direct=can_direct)
    if view.side is None and not can_direct:
        raise Http404
    forms = {
        "form": MatchTimeForm(initial={"at": match.starts_at}),
        "set_form": MatchTimeForm(initial={"at": match.starts_at}, prefix=_prefix("set")),
    }
    if request.method == "POST":
        refused = _post(request, view, player if view.side is not None else None)
        if refused is None:
            return redirect(request.path)
        forms["set_form" if refused.prefix else "form"] = refused
    context = {"club": club, "event": match.round.event, "view": view, **forms}
    return render(request, "tournaments/match_time.html", context)
