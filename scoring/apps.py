"""Scoresheets and hand lines, each line checked by the rules engine."""

from __future__ import annotations

from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"
