"""Club member pages: the member list with live search, adding and editing players, the CSV
import, and roles (club admins)."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from club import services
from club.forms import MemberSearchForm, PlayerForm, PlayersImportForm, RoleForm
from club.imports import PlayersImportError, players_import
from club.models import Club, Membership
from club.permissions import Capability, club_required
from club.selectors import club_member_get, club_membership_get, club_memberships
from club.views.clubs import HtmxHttpRequest, form_errors_from


def _can(request: HttpRequest, capability: Capability) -> bool:
    return capability in getattr(request, "club_capabilities", frozenset())


@require_GET
@club_required(Capability.VIEW)
def member_list(request: HttpRequest, club: Club) -> HttpResponse:
    """Members by name, filtered by a search text and a role.

    The search box asks again as one types (htmx) and gets only the results fragment back;
    without JavaScript the form's submit button loads the whole page.
    """
    form = MemberSearchForm(request.GET)
    search = form.cleaned_data["q"] if form.is_valid() else ""
    role = request.GET.get("role", "")
    if role not in Membership.Role.values:
        role = ""
    context = {
        "club": club,
        "form": form,
        "search": search,
        "role": role,
        "roles": Membership.Role.choices,
        "memberships": club_memberships(club=club, role=role or None, search=search),
    }
    template = "club/members.html"
    if cast(HtmxHttpRequest, request).htmx:
        template += "#results"
    response = render(request, template, context)
    # The same URL answers with a fragment or a page: caches must keep them apart.
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def member_add(request: HttpRequest, club: Club) -> HttpResponse:
    can_admin = _can(request, Capability.ADMIN)
    form = PlayerForm(request.POST or None, can_admin=can_admin)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            membership = services.member_add(
                club=club,
                display_name=data["display_name"],
                email=data["email"],
                username=data.get("username", ""),
                role=data.get("role", Membership.Role.PLAYER),
            )
        except ValidationError as error:
            form_errors_from(form, error)
        else:
            messages.success(
                request,
                gettext("{player} is now a member of {club}.").format(
                    player=membership.player, club=club
                ),
            )
            return redirect("member_list", slug=club.slug)
    return render(request, "club/member_form.html", {"club": club, "form": form, "adding": True})


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def member_edit(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    membership = club_member_get(club=club, player_id=player_id)
    can_admin = _can(request, Capability.ADMIN)
    form = PlayerForm(
        request.POST or None, can_admin=can_admin, initial=PlayerForm.initial_for(membership)
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            player = services.player_update(
                club=club,
                player=membership.player,
                display_name=data["display_name"],
                email=data["email"],
                username=data["username"] if can_admin else None,
            )
            if can_admin and data["role"] != membership.role:
                services.membership_role_change(club=club, membership=membership, role=data["role"])
        except ValidationError as error:
            form_errors_from(form, error)
        else:
            messages.success(request, gettext("{player} is saved.").format(player=player))
            return redirect("member_list", slug=club.slug)
    context = {"club": club, "form": form, "membership": membership, "adding": False}
    return render(request, "club/member_form.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.ADMIN)
def members_import(request: HttpRequest, club: Club) -> HttpResponse:
    """Upload a CSV of players. Every row is checked first; one bad row saves nothing, and the
    page lists every problem with its row and column."""
    form = PlayersImportForm(request.POST or None, request.FILES or None)
    errors = []
    if request.method == "POST" and form.is_valid():
        try:
            added = players_import(club=club, content=form.cleaned_data["file"].read())
        except PlayersImportError as error:
            errors = error.errors
        else:
            messages.success(
                request,
                gettext("{added} players imported into {club}.").format(
                    added=len(added), club=club
                ),
            )
            return redirect("member_list", slug=club.slug)
    context = {"club": club, "form": form, "errors": errors}
    return render(request, "club/members_import.html", context, status=400 if errors else 200)


@require_GET
@club_required(Capability.ADMIN)
def role_list(request: HttpRequest, club: Club) -> HttpResponse:
    """Every member with their role, to change it or take them out of the club."""
    context = {
        "club": club,
        "memberships": club_memberships(club=club),
        "roles": Membership.Role.choices,
    }
    return render(request, "club/roles.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.ADMIN)
def role_change(request: HttpRequest, club: Club, membership_id: int) -> HttpResponse:
    membership = club_membership_get(club=club, membership_id=membership_id)
    form = RoleForm(request.POST or None, initial={"role": membership.role})
    if request.method == "POST" and form.is_valid():
        try:
            services.membership_role_change(
                club=club, membership=membership, role=form.cleaned_data["role"]
            )
        except ValidationError as error:
            form_errors_from(form, error)
        else:
            messages.success(
                request, gettext("{player}'s role is saved.").format(player=membership.player)
            )
            return redirect("role_list", slug=club.slug)
    context = {"club": club, "form": form, "membership": membership}
    return render(request, "club/role_form.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.ADMIN)
def member_remove(request: HttpRequest, club: Club, membership_id: int) -> HttpResponse:
    """GET asks to confirm; POST takes the player out of the club."""
    membership = club_membership_get(club=club, membership_id=membership_id)
    error = ""
    if request.method == "POST":
        try:
            services.membership_remove(club=club, membership=membership)
        except ValidationError as refused:
            error = " ".join(refused.messages)
        else:
            messages.success(
                request,
                gettext("{player} is no longer a member of {club}.").format(
                    player=membership.player, club=club
                ),
            )
            return redirect("role_list", slug=club.slug)
    context = {"club": club, "membership": membership, "error": error}
    return render(request, "club/member_remove.html", context)
