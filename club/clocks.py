"""The two clocks of a live table, set on the table itself or on the event whose rounds are
played online: one definition of each, so the pages, the API and the database say the same.

A turn clock is the seconds a player may take on a call or a card before the computer plays it
(0: no clock); a grace time is the seconds a player may be away before the computer takes the
seat until they return.
"""

from __future__ import annotations

from django import forms
from django.db import models
from django.utils.translation import gettext_lazy

TURN_SECONDS = 60
GRACE_SECONDS = 120


def turn_seconds_field() -> models.PositiveIntegerField[int, int]:
    return models.PositiveIntegerField(
        gettext_lazy("turn clock (seconds)"),
        default=TURN_SECONDS,
        help_text=gettext_lazy(
            "A player who takes longer is played for by the computer; 0: no clock."
        ),
    )


def grace_seconds_field() -> models.PositiveIntegerField[int, int]:
    return models.PositiveIntegerField(
        gettext_lazy("grace time (seconds)"),
        default=GRACE_SECONDS,
        help_text=gettext_lazy(
            "A player away longer than this is replaced by the computer until they return."
        ),
    )


def turn_seconds_input(**kwargs: object) -> forms.IntegerField:
    return forms.IntegerField(
        label=gettext_lazy("Turn clock (seconds)"),
        initial=TURN_SECONDS,
        min_value=0,
        help_text=gettext_lazy("Past this the computer plays for the player; 0 for no clock."),
        **kwargs,  # type: ignore[arg-type]
    )


def grace_seconds_input(**kwargs: object) -> forms.IntegerField:
    return forms.IntegerField(
        label=gettext_lazy("Grace time (seconds)"),
        initial=GRACE_SECONDS,
        min_value=0,
        help_text=gettext_lazy(
            "A player away longer is replaced by the computer until they return."
        ),
        **kwargs,  # type: ignore[arg-type]
    )
