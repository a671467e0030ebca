"""The form of a match's time page: a time, in the club's time zone. It only parses; the
services decide which times are allowed."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy


class MatchTimeForm(forms.Form):
    at = forms.DateTimeField(
        label=gettext_lazy("Time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
