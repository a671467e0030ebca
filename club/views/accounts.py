"""A person's own account pages: the profile, changing the password, and resetting a
forgotten one by email (Django's views, in Kitty's templates, the reset throttled)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import translation
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from club import reset_throttle, tasks
from club.account_forms import AccountPasswordResetForm, ProfileForm
from club.accounts import profile_update
from club.acting import acting_user
from club.client_address import client_address
from club.language import remember
from club.models import EMAIL_CHOICES
from club.permissions import public_view, signed_in_view
from club.selectors import player_of
from club.views.clubs import throttled_response

SAVED = gettext_lazy("Your profile is saved.")
PASSWORD_CHANGED = gettext_lazy("Your password is changed.")


@signed_in_view
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    """Name, email, language and the emails the person gets, for every club they play in."""
    user = acting_user(request)
    player = player_of(user=user)
    form = ProfileForm(request.POST or None, instance=player) if player else None
    if form is not None and request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        profile_update(
            user=user,
            display_name=data["display_name"],
            email=data["email"],
            language=data["language"],
            emails={field: data[field] for field in EMAIL_CHOICES},
        )
        remember(request, data["language"])
        messages.success(request, SAVED)
        return redirect("profile")
    return render(request, "club/profile.html", {"form": form, "player": player})


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "registration/password_change.html"
    success_url = reverse_lazy("profile")

    def form_valid(self, form: Any) -> HttpResponse:
        messages.success(self.request, PASSWORD_CHANGED)
        return super().form_valid(form)


class PasswordResetView(auth_views.PasswordResetView):
    """Asks for an email address; a worker sends a reset link to the accounts that have it
    (``club.password_reset``), so the answer comes as fast, and says the same, whether one
    does or not. Throttled per address asked for and per client."""

    form_class = AccountPasswordResetForm
    template_name = "registration/password_reset.html"
    success_url = reverse_lazy("password_reset_sent")

    def form_valid(self, form: Any) -> HttpResponse:
        email = str(form.cleaned_data["email"])
        client = client_address(self.request)
        if reset_throttle.is_locked(email, client):
            return throttled_response(
                self,
                self.get_context_data(form=form),
                code=reset_throttle.CODE,
                message=reset_throttle.lockout_message(),
                seconds=reset_throttle.window_seconds(),
            )
        reset_throttle.request_record(email, client)
        tasks.password_reset_send.delay(email=email, language=translation.get_language())
        return HttpResponseRedirect(self.get_success_url())


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "registration/password_reset_confirm.html"
    success_url = reverse_lazy("password_reset_complete")


password_change = signed_in_view(PasswordChangeView.as_view())
password_reset = public_view(PasswordResetView.as_view())
password_reset_sent = public_view(
    auth_views.PasswordResetDoneView.as_view(template_name="registration/password_reset_sent.html")
)
password_reset_confirm = public_view(PasswordResetConfirmView.as_view())
password_reset_complete = public_view(
    auth_views.PasswordResetCompleteView.as_view(
        template_name="registration/password_reset_complete.html"
    )
)
