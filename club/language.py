"""The language a page is shown in: the member's stored choice, else the cookie, else the browser.

Django's ``LocaleMiddleware`` picks the language from the language cookie or the browser's
``Accept-Language``. A signed-in member's own choice (``Player.language``, on My profile) wins
over both: it is copied into the session when they sign in or change it, and
``MemberLanguageMiddleware`` reads it again on each request, so a member reads Kitty in their
language on any device, and a switch on one device reaches the pages open on another. The
switcher on every page posts to ``language_switch``: it sets the cookie as Django's
``set_language`` does and, for a member, stores the choice on their profile.
A connection that is not a page (a table's websocket) finds its reader's language by the same
rule (``reader_language``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.http import require_http_methods
from django.views.i18n import set_language

from club.models import Player
from club.permissions import public_view

#: The session key holding the signed-in member's language.
SESSION_KEY = "kitty_language"


def supported(code: str | None) -> str | None:
    """``code`` when it is one of the site's languages, else None."""
    return code if code in dict(settings.LANGUAGES) else None


def remember(request: HttpRequest, code: str) -> None:
    """Use ``code`` for this member's pages from now on (this request included)."""
    if supported(code) and hasattr(request, "session"):
        request.session[SESSION_KEY] = code
        translation.activate(code)
        request.LANGUAGE_CODE = code


def reader_language(
    user: Any,
    *,
    session_code: str | None = None,
    cookie_code: str | None = None,
    accept_language: str = "",
) -> str:
    """The language to write to ``user`` in, as pages choose it: the member's stored choice,
    else the session's, else the language cookie, else the browser's ``Accept-Language``,
    else the site's language."""
    if user is not None and getattr(user, "is_authenticated", False):
        code = account_language(user)
        if code:
            return code
    for code in (session_code, cookie_code):
        if supported(code):
            return str(code)
    for accepted, _ in parse_accept_lang_header(accept_language or ""):
        try:
            return translation.get_supported_language_variant(accepted)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


def account_language(user: Any) -> str | None:
    """The language ``user``'s player chose on My profile; None for an account without a
    player (an email to it is written in the language of the page that sends it)."""
    code = Player.objects.filter(user=user).values_list("language", flat=True).first()
    return supported(code)


@receiver(user_logged_in, dispatch_uid="club.language.sign_in")
def _on_sign_in(sender: object, request: HttpRequest | None, user: Any, **kwargs: object) -> None:
    if request is None:
        return
    code = Player.objects.filter(user=user).values_list("language", flat=True).first()
    if code:
        remember(request, code)


class MemberLanguageMiddleware:
    """After ``LocaleMiddleware`` and authentication: a member's stored language wins.

    The profile is read on each request, not only at sign-in: a member who switches language
    on another device gets it here too, on the page as on its table's live screens (which read
    the profile, ``reader_language``), so no page mixes two languages. The session follows the
    profile; it alone speaks for an account without a player."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        code = _member_language(request) if request.user.is_authenticated else None
        if code:
            translation.activate(code)
            request.LANGUAGE_CODE = code
        return self.get_response(request)


def _member_language(request: HttpRequest) -> str | None:
    """The signed-in member's language: their profile's, kept in the session, else the
    session's alone."""
    session = getattr(request, "session", None)
    stored = supported(session.get(SESSION_KEY)) if session is not None else None
    code = account_language(request.user)
    if code is None:
        return stored
    if session is not None and stored != code:
        session[SESSION_KEY] = code
    return code


@public_view
@require_http_methods(["GET", "POST"])
def language_switch(request: HttpRequest) -> HttpResponse:
    """GET: the languages to choose from. POST, the switcher's form: Django's
    ``set_language`` (cookie, then back to ``next``), and the choice stored on a signed-in
    member's profile."""
    if request.method == "GET":
        return render(request, "language.html", {"languages": settings.LANGUAGES})
    response = set_language(request)
    code = supported(request.POST.get("language"))
    if code and request.user.is_authenticated:
        Player.objects.filter(user=request.user).update(language=code)
        remember(request, code)
    return response
