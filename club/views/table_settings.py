"""The page where a club's directors set the rules for members' own tables."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from club.errors import DomainError
from club.forms import TableSettingsForm
from club.models import Club
from club.page_errors import form_refusal
from club.permissions import Capability, club_required
from club.table_settings import club_table_settings_set


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def club_table_settings(request: HttpRequest, club: Club) -> HttpResponse:
    """GET shows the settings; POST saves them and comes back with a message."""
    form = TableSettingsForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        try:
            club_table_settings_set(club=club, by=request.user, **form.cleaned_data)
        except DomainError as error:
            form_refusal(form, error)
        else:
            messages.success(request, gettext("The club's table settings are saved."))
            return redirect("club_table_settings", slug=club.slug)
    return render(request, "club/table_settings.html", {"club": club, "form": form})
