"""Invitation pages: a director invites a member to claim their player; the person follows the
emailed link, creates an account or signs in, and claims it (``club.invitations``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from club import invitations
from club.account_forms import InvitationEmailForm, NewAccountForm
from club.acting import acting_user
from club.invitations import INVITATION_DAYS, InvitationError
from club.models import Club
from club.page_errors import form_refusal, refusal_message
from club.permissions import Capability, club_required, public_view
from club.selectors import club_invitation_get, club_invitations, club_member_get

SENT = gettext_lazy("The invitation is on its way to {email}.")
REVOKED = gettext_lazy("The invitation is withdrawn: its link no longer works.")
CLAIMED = gettext_lazy("Welcome to {club}: {player} is yours now.")
# Sessions name the backend that checked the password; a new account's password was just set.
PASSWORD_BACKEND = "django.contrib.auth.backends.ModelBackend"


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def invitation_new(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """Invite a member by email to claim their player; lists the player's invitations."""
    player = club_member_get(club=club, player_id=player_id).player
    form = InvitationEmailForm(request.POST or None, initial={"email": player.email})
    status = 200
    if request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"]
        try:
            invitations.invitation_send(
                club=club, player=player, email=email, by=acting_user(request)
            )
        except InvitationError as error:
            form_refusal(form, error)
            status = error.status
        else:
            messages.success(request, SENT.format(email=email))
            return redirect("invitation_new", slug=club.slug, player_id=player.pk)
    context = {
        "club": club,
        "player": player,
        "form": form,
        "invitations": club_invitations(club=club, player_id=player.pk),
        "days": INVITATION_DAYS,
    }
    return render(request, "club/invitation_new.html", context, status=status)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def invitation_revoke(request: HttpRequest, club: Club, invitation_id: int) -> HttpResponse:
    """GET asks to confirm; POST withdraws the invitation."""
    invitation = club_invitation_get(club=club, invitation_id=invitation_id)
    if request.method == "POST":
        with refusal_message(request):
            invitations.invitation_revoke(club=club, invitation=invitation)
            messages.success(request, REVOKED)
        return redirect("invitation_new", slug=club.slug, player_id=invitation.player_id)
    return render(request, "club/invitation_revoke.html", {"club": club, "invitation": invitation})


def _refused(request: HttpRequest, error: InvitationError) -> HttpResponse:
    context = {"message": error.message, "code": error.code}
    return render(request, "club/invitation_refused.html", context, status=error.status)


@public_view
@require_http_methods(["GET", "POST"])
def invitation_accept(request: HttpRequest, token: str) -> HttpResponse:
    """The emailed link. Signed in: a button claims the player for this account. Signed out:
    create an account here (or sign in and come back) to claim it. A link that cannot be
    followed (unknown, expired, used, withdrawn) answers a page saying so."""
    try:
        invitation = invitations.invitation_for_token(token)
    except InvitationError as error:
        return _refused(request, error)
    form = None if request.user.is_authenticated else NewAccountForm(request.POST or None)
    if request.method == "POST" and (form is None or form.is_valid()):
        try:
            if form is None:
                player = invitations.invitation_accept(token=token, user=acting_user(request))
            else:
                player = invitations.invitation_accept_new_account(
                    token=token,
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                )
                login(request, player.user, backend=PASSWORD_BACKEND)
        except InvitationError as error:
            return _refused(request, error)
        messages.success(request, CLAIMED.format(club=invitation.club, player=player))
        return redirect("club_detail", slug=invitation.club.slug)
    context = {"invitation": invitation, "form": form}
    return render(request, "club/invitation_accept.html", context)
