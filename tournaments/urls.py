"""Public event pages, mounted under /events/."""

from __future__ import annotations

from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.event_index, name="event_list"),
]
