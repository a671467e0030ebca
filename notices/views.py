"""The one-click unsubscribe page of every notice (``notices.preferences``): no sign-in.

GET shows what the link turns off and a button; POST turns it off. A mail program's own
unsubscribe button (RFC 8058: ``List-Unsubscribe-Post: List-Unsubscribe=One-Click``) POSTs
the same address without a page or a CSRF token, so the POST is exempt from CSRF: it can only
ever turn one kind of email off for the player the signed link names.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from club.permissions import public_view
from notices import preferences

INVALID_CODE = "unsubscribe_link_invalid"
INVALID = gettext_lazy(
    "This unsubscribe link is not valid: it was not copied whole, or the "
    "player it was for is gone. Sign in to choose your emails on your "
    "profile page."
)


@public_view
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, unsubscribe_token: str) -> HttpResponse:
    found = preferences.unsubscribe_read(unsubscribe_token)
    if request.method == "POST" and found is not None:
        found = found if preferences.unsubscribe(unsubscribe_token) else None
    if found is None:
        context = {"message": INVALID, "code": INVALID_CODE}
        return render(request, "notices/unsubscribe.html", context, status=400)
    done = request.method == "POST"
    return render(
        request, "notices/unsubscribe.html", {"stops": preferences.STOPS[found[1]], "done": done}
    )
