"""What the online tables do when the club's other parts say so (signals)."""

from __future__ import annotations

from typing import Any

from tables import services


def round_going_online_tables(sender: Any, round_id: int, **kwargs: Any) -> None:
    """A round of an event played online is being published: its live tables, now."""
    services.round_tables_set(round_id=round_id)
