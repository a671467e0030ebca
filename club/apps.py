"""Clubs, their players, roles and partnerships."""

from __future__ import annotations

from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = "Clubs"

    def ready(self) -> None:
        # Connects the receivers that count failed sign-ins and apply a member's language.
        from club import language, sign_in_throttle  # noqa: F401
