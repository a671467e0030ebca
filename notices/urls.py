"""Pages of notices: the one-click unsubscribe link of every email."""

from __future__ import annotations

from django.urls import path

from notices.views import unsubscribe

urlpatterns = [
    path("unsubscribe/<str:unsubscribe_token>/", unsubscribe.unsubscribe, name="unsubscribe"),
]
