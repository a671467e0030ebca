"""The Django side of the engine: online tables (the rules themselves live in engine.rules).

Nothing in ``engine/rules`` or ``engine/bots`` may import this module or Django.
"""

from __future__ import annotations

from django.apps import AppConfig


class EngineConfig(AppConfig):
    name = "engine"
    verbose_name = "Online tables"
