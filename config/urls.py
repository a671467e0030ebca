"""Top-level URLs: pages, sign-in, the API and its documentation, the admin."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from club.api_errors import server_error
from config.views import favicon, home

# Under /api/ an unknown address answers the API's JSON refusal; elsewhere pages that say what
# the visitor may do next.
handler403 = "config.views.permission_denied"
handler404 = "config.views.not_found"
handler500 = server_error

urlpatterns = [
    path("", home, name="home"),
    path("favicon.ico", favicon, name="favicon"),
    path("", include("club.urls")),
    path("", include("scoring.urls")),
    path("events/", include("tournaments.urls")),
    path("", include("tournaments.urls_club")),
    path("", include("tables.urls")),
    path("", include("notices.urls")),
    path("api/", include("club.api_urls")),
    path("api/", include("scoring.api_urls")),
    path("api/", include("tournaments.api_urls")),
    path("api/", include("tables.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api_schema"),
    # The split view serves Swagger UI's start-up script as a file: no inline script (CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api_schema"), name="api_docs"),
    path("admin/", admin.site.urls),
]
