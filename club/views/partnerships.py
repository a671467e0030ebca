"""Partnership pages: the club's sides of two or three players."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from club import services
from club.forms import PartnershipForm
from club.models import Club, Partnership, Player
from club.permissions import Capability, club_required
from club.selectors import (
    club_members_by_id,
    club_memberships,
    club_partnership_get,
    club_partnerships,
)
from club.views.clubs import form_errors_from


def _members(club: Club) -> list[Player]:
    return [m.player for m in club_memberships(club=club)]


@require_GET
@club_required(Capability.VIEW)
def partnership_list(request: HttpRequest, club: Club) -> HttpResponse:
    context = {"club": club, "partnerships": club_partnerships(club=club)}
    return render(request, "club/partnerships.html", context)


def _save(
    request: HttpRequest, club: Club, partnership: Partnership | None
) -> HttpResponse | PartnershipForm:
    initial = {}
    if partnership is not None:
        initial = {"name": partnership.name, "players": [p.pk for p in partnership.players.all()]}
    form = PartnershipForm(request.POST or None, members=_members(club), initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        players = club_members_by_id(club=club, player_ids=data["players"])
        try:
            if partnership is None:
                partnership = services.partnership_create(
                    club=club, name=data["name"], players=players
                )
            else:
                partnership = services.partnership_update(
                    club=club, partnership=partnership, name=data["name"], players=players
                )
        except ValidationError as error:
            form_errors_from(form, error)
        else:
            messages.success(
                request,
                gettext("Partnership {partnership} is saved.").format(partnership=partnership),
            )
            return redirect("partnership_list", slug=club.slug)
    return form


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def partnership_add(request: HttpRequest, club: Club) -> HttpResponse:
    result = _save(request, club, None)
    if isinstance(result, HttpResponse):
        return result
    return render(request, "club/partnership_form.html", {"club": club, "form": result})


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def partnership_edit(request: HttpRequest, club: Club, partnership_id: int) -> HttpResponse:
    partnership = club_partnership_get(club=club, partnership_id=partnership_id)
    result = _save(request, club, partnership)
    if isinstance(result, HttpResponse):
        return result
    context = {"club": club, "form": result, "partnership": partnership}
    return render(request, "club/partnership_form.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def partnership_delete(request: HttpRequest, club: Club, partnership_id: int) -> HttpResponse:
    """GET asks to confirm; POST deletes."""
    partnership = club_partnership_get(club=club, partnership_id=partnership_id)
    if request.method == "POST":
        services.partnership_delete(club=club, partnership=partnership)
        messages.success(
            request,
            gettext("Partnership {partnership} is deleted.").format(partnership=partnership),
        )
        return redirect("partnership_list", slug=club.slug)
    context = {"club": club, "partnership": partnership}
    return render(request, "club/partnership_delete.html", context)
