"""Club pages open to everyone, signing in and out, and the user's API token."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import LoginView, LogoutView
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods
from django.views.generic.base import TemplateResponseMixin
from django_htmx.middleware import HtmxDetails

from club import sign_in_throttle
from club.acting import acting_user
from club.client_address import client_address
from club.permissions import Capability, capabilities_for, public_view, signed_in_view
from club.selectors import api_token_of, club_get, club_list
from club.services import api_token_rotate


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware."""

    htmx: HtmxDetails


def form_errors_from(form: Form, error: ValidationError) -> None:
    """Put a service's ``ValidationError`` on the form: on the fields it names when the form
    has them, on top of the form otherwise."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, error)


def throttled_response(
    view: TemplateResponseMixin, context: dict[str, Any], *, code: str, message: str, seconds: int
) -> HttpResponse:
    """The page of ``view`` again, answering 429 with the throttle's coded refusal on top and
    ``Retry-After``: how the sign-in and password-reset pages say "wait"."""
    context["refusal"] = {"code": code, "message": message}
    response = view.render_to_response(context, status=429)
    response["Retry-After"] = str(seconds)
    return response


@public_view
class SignInView(LoginView):
    """Signing in; while the sign-in throttle holds the account or the address, a 429 page
    says so, whatever the password (club/sign_in_throttle.py)."""

    template_name = "registration/sign_in.html"
    redirect_authenticated_user = True

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = str(request.POST.get("username", ""))
        if not sign_in_throttle.is_locked(username, client_address(request)):
            return super().post(request, *args, **kwargs)
        form = self.get_form_class()(request, initial={"username": username})
        return throttled_response(
            self,
            self.get_context_data(form=form),
            code=sign_in_throttle.CODE,
            message=sign_in_throttle.lockout_message(),
            seconds=sign_in_throttle.window_seconds(),
        )


@public_view
class SignOutView(LogoutView):
    """GET asks to confirm; POST signs out. A link alone must not sign anyone out."""

    http_method_names = ["get", "post", "options"]
    template_name = "registration/signed_out.html"

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, "registration/sign_out.html")


@public_view
@require_GET
def club_index(request: HttpRequest) -> HttpResponse:
    return render(request, "club/club_list.html", {"clubs": club_list()})


@public_view
@require_GET
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's public page: its name, description and events; members see the way in to
    the member list, partnerships and house rules."""
    club = club_get(slug=slug)
    capabilities = capabilities_for(request.user, club)
    context = {"club": club, "can": {c.value: c in capabilities for c in Capability}}
    return render(request, "club/club_detail.html", context)


@signed_in_view
@require_http_methods(["GET", "POST"])
def api_token(request: HttpRequest) -> HttpResponse:
    """The signed-in user's API token: shown, created, or replaced by a new one (POST)."""
    user = acting_user(request)  # signed_in_view: there is a user
    if request.method == "POST":
        api_token_rotate(user=user)
        messages.success(
            request, gettext("Your new API token is ready; the old one no longer works.")
        )
        return redirect("api_token")
    return render(request, "club/api_token.html", {"token": api_token_of(user=user)})
