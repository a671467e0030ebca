"""What the online tables do when the club's other parts say so (signals)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tables import lobby_feed, services
from tables.models import LiveTable


def round_going_online_tables(sender: Any, round_id: int, **kwargs: Any) -> None:
    """A round of an event played online is being published: its live tables, now."""
    services.round_tables_set(round_id=round_id)


def match_time_changed_table(
    sender: Any, match_id: int, starts_at: datetime, **kwargs: Any
) -> None:
    """An online match's time moved: its live table, not yet started, moves with it."""
    table_id = LiveTable.objects.filter(match_id=match_id).values_list("pk", flat=True).first()
    if table_id is not None:
        services.table_reschedule(table_id=table_id, at=starts_at)


def table_settings_changed_lobby(sender: Any, club_id: int, **kwargs: Any) -> None:
    """The club's rules for members' tables changed: its members' lobbies list again."""
    lobby_feed.lobby_changed(club_ids=[club_id])
