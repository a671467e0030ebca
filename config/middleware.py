"""The Content-Security-Policy header on every response.

Kitty's pages load scripts and styles only from the site itself, so a name that slipped past
escaping still could not run a script. The policy is data in settings
(``CONTENT_SECURITY_POLICY``); ``connect-src`` also names the site's own websocket address
(``ws://`` or ``wss://`` and the host), which browsers without CSP level 3 do not count as
'self'. ``CONTENT_SECURITY_POLICY_PATHS`` replaces directives under a path prefix (the API
documentation's Swagger UI writes inline styles).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponseBase
from django.utils.deprecation import MiddlewareMixin

HEADER = "Content-Security-Policy"


def policy_for(request: HttpRequest) -> str:
    """The header's value for ``request``: the site's policy with the path's replacements."""
    directives: dict[str, list[str]] = {
        name: list(sources) for name, sources in settings.CONTENT_SECURITY_POLICY.items()
    }
    for prefix, replaced in settings.CONTENT_SECURITY_POLICY_PATHS.items():
        if request.path.startswith(prefix):
            directives.update(replaced)
    try:
        host = request.get_host()
    except DisallowedHost:
        host = ""
    if host and "connect-src" in directives:
        scheme = "wss" if request.is_secure() else "ws"
        directives["connect-src"].append(f"{scheme}://{host}")
    return "; ".join(" ".join([name, *sources]) for name, sources in directives.items())


class ContentSecurityPolicyMiddleware(MiddlewareMixin):
    """Adds the policy to every response that has none of its own."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if HEADER not in response:
            response[HEADER] = policy_for(request)
        return response
