"""The director's publish step for an event not played at the hall only: where the round is
played (an event choosing round by round: all at the hall, all online, or table by table) and,
for its online tables, a window over days with a default time.

It only parses, into ``round_publish``'s ``online_tables`` and ``window``; the service decides
what is allowed, and its refusals come back onto the form (``refusal_field``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from tournaments.services.publish import RoundWindow

HALL = "hall"
ONLINE = "online"
TABLES = "tables"

WINDOW_FIELDS = ("opens_at", "closes_at", "default_at")
WINDOW_PART_MISSING = gettext_lazy(
    "Give the window's opening, its deadline and the default time, or leave all three empty."
)
TABLES_NEEDED = gettext_lazy("Tick the tables played online, or choose all at the hall.")
TABLE_CHOICE = gettext_lazy("Table {number}")

# The service names the input at fault by its own argument; the form's field for it.
REFUSAL_FIELDS = {
    "online_tables": "online_tables",
    "window.closes_at": "closes_at",
    "window.default_at": "default_at",
}


def _moment(label: Any, help_text: Any = "") -> forms.DateTimeField:
    """A time typed in the club's time zone, the way phones offer a date and a time."""
    return forms.DateTimeField(
        label=label,
        required=False,
        help_text=help_text,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )


class PublishForm(forms.Form):
    where = forms.ChoiceField(
        label=gettext_lazy("Where this round is played"),
        choices=[
            (HALL, gettext_lazy("All at the hall")),
            (ONLINE, gettext_lazy("All online")),
            (TABLES, gettext_lazy("Table by table")),
        ],
        initial=HALL,
        required=False,
        widget=forms.RadioSelect,
    )
    online_tables = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Tables played online"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy(
            "Table by table: the tables ticked play online, the others at the hall."
        ),
    )
    opens_at = _moment(gettext_lazy("Window opens"))
    closes_at = _moment(gettext_lazy("Deadline"), gettext_lazy("Every match is played by then."))
    default_at = _moment(
        gettext_lazy("Default time"),
        gettext_lazy("A match whose players agree no other time starts then."),
    )

    def __init__(self, *args: Any, by_round: bool, table_numbers: list[int], **kwargs: Any) -> None:
        """``by_round``: the event chooses where each round is played; then the round's
        tables (``table_numbers``) are offered one checkbox each. Otherwise the round is
        played where the event is, and only the window is asked."""
        super().__init__(*args, **kwargs)
        self.table_numbers = table_numbers
        self.by_round = by_round
        if by_round:
            field = self.fields["online_tables"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [(n, TABLE_CHOICE.format(number=n)) for n in table_numbers]
        else:
            del self.fields["where"], self.fields["online_tables"]

    def window_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in WINDOW_FIELDS]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        given = [name for name in WINDOW_FIELDS if data.get(name)]
        if given and len(given) < len(WINDOW_FIELDS):
            for name in WINDOW_FIELDS:
                if name not in given and name not in self.errors:
                    self.add_error(
                        name, ValidationError(WINDOW_PART_MISSING, code="window_part_missing")
                    )
        if (
            data.get("where") == TABLES
            and not data.get("online_tables")
            and not self.has_error("online_tables")
        ):
            self.add_error("online_tables", ValidationError(TABLES_NEEDED, code="tables_needed"))
        return data

    def tables_online(self) -> list[int] | None:
        """The tables played online for an event choosing round by round; ``None`` (the
        event's own place) for the others."""
        if not self.by_round:
            return None
        where = self.cleaned_data.get("where") or HALL
        if where == ONLINE:
            return list(self.table_numbers)
        if where == TABLES:
            return sorted(self.cleaned_data.get("online_tables") or ())
        return []

    def window(self) -> RoundWindow | None:
        """The window over days, or ``None``: the online matches start at once."""
        opens_at, closes_at, default_at = (self.cleaned_data.get(name) for name in WINDOW_FIELDS)
        if opens_at is None or closes_at is None or default_at is None:
            return None
        return RoundWindow(opens_at=opens_at, closes_at=closes_at, default_at=default_at)

    def refusal_field(self, name: str) -> str | None:
        """The input a refusal of ``round_publish`` names (``club.page_errors``)."""
        return REFUSAL_FIELDS.get(name)
