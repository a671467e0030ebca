"""Clubs, their players, roles and partnerships."""

from __future__ import annotations

from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = "Clubs"
