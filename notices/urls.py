"""Pages of notices: the one-click unsubscribe link of every email."""

from __future__ import annotations

from django.urls import path

from notices import views

urlpatterns = [
    path("unsubscribe/<str:unsubscribe_token>/", views.unsubscribe, name="unsubscribe"),
]
