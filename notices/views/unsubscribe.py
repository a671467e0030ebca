"""The one-click unsubscribe page of every notice (``notices.preferences``): no sign-in.

GET shows what the link turns off and a button; POST turns it off. A mail program's own
unsubscribe button (RFC 8058: ``List-Unsubscribe-Post: List-Unsubscribe=One-Click``) POSTs
the same address without a page or a CSRF token, so the POST is exempt from CSRF: it can only
ever turn one kind of email off for the player the signed link names. A link that turns
nothing off says why on both, with its code: changed by hand (400), or its player is no longer
in Kitty (410), so GET never offers a button that POST would refuse.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from club.permissions import public_view
from notices import preferences


@public_view
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, unsubscribe_token: str) -> HttpResponse:
    try:
        if request.method == "POST":
            kind = preferences.unsubscribe(unsubscribe_token)
        else:
            kind = preferences.unsubscribe_find(unsubscribe_token)
    except preferences.UnsubscribeRefused as error:
        refused = {"message": error.message, "code": error.code}
        return render(request, "notices/unsubscribe.html", refused, status=error.status)
    done = request.method == "POST"
    context = {"stops": preferences.STOPS[kind], "done": done}
    return render(request, "notices/unsubscribe.html", context)
