"""Who else writes a sheet: an online table owns the sheet it plays on while it plays.

While a table is being played (or paused), its hands are written to its sheet one by one, each
as the line after the last. A line typed or corrected by hand meanwhile would make the table's
next line stale, so people's writes are refused there until the game ends or a director stops
the table; the table's own writes pass (``by_table``).
"""

from __future__ import annotations

from django.apps import apps
from django.utils.translation import gettext_lazy

from scoring.errors import TablePlaying
from scoring.models import Scoresheet

TABLE_PLAYING = gettext_lazy(
    "This sheet belongs to the online table {table} while it plays; correct"
    " it after the game, or stop the table."
)


def playing_table_name(sheet: Scoresheet) -> str | None:
    """The name of the online table that owns ``sheet`` now, or ``None``."""
    live_table = apps.get_model("engine", "LiveTable")
    owner = live_table.objects.owning_sheets().filter(scoresheet_id=sheet.pk).first()
    return str(owner) if owner is not None else None


def refuse_table_owned(sheet: Scoresheet) -> None:
    """Refuse a person's write to a sheet an online table owns now.

    Raises:
        TablePlaying: code ``table_playing``.
    """
    name = playing_table_name(sheet)
    if name is not None:
        raise TablePlaying("table_playing", TABLE_PLAYING.format(table=name))
