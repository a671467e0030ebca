"""Who is acting: the signed-in user a service records as ``by``.

Views reach services only through a capability check (``club_required``, ``ClubApi``), so a
signed-in user is there; ``acting_user`` says so to the type checker, and refuses properly if
a view is ever reached without one rather than handing an anonymous user to a service.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request

SIGN_IN_FIRST = gettext_lazy("Sign in first.")


def acting_user(request: HttpRequest | Request) -> User:
    """The signed-in user of ``request``.

    Raises:
        NotAuthenticated: an API request without a user (403/401 ``not_authenticated``).
        PermissionDenied: a page request without a user (the 403 page).
    """
    user = request.user
    if isinstance(user, User) and user.is_authenticated:
        return user
    if isinstance(request, Request):
        raise NotAuthenticated(SIGN_IN_FIRST)
    raise PermissionDenied(SIGN_IN_FIRST)
