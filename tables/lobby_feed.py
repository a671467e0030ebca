"""The lobby's live feed: a nudge to open lobby pages that something they list has changed.

The lobby socket (``/ws/lobby/``) joins one group for its user and one for each of the user's
clubs. A service that changes what a lobby lists (an invitation sent, answered, withdrawn or
lapsed; a seat taken or left; a member's table started, finished or abandoned) calls
``lobby_changed`` with whom it concerns, and each page that hears it fetches its lists again.
The message carries nothing else: what a reader may see is decided by their own request, so
nothing private travels through the channel layer.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from django.db import transaction

from tables import notify

CHANGED = "lobby.changed"


def user_group(user_id: int) -> str:
    """The group of one user's lobby pages."""
    return f"lobby-user-{user_id}"


def club_group(club_id: int) -> str:
    """The group of the lobby pages of every member of one club."""
    return f"lobby-club-{club_id}"


def lobby_changed(*, user_ids: Iterable[int | None] = (), club_ids: Iterable[int] = ()) -> None:
    """Nudge the lobby pages of ``user_ids`` (``None`` is skipped: a player without an
    account has no lobby) and of every member of ``club_ids``, once the current transaction
    commits (at once outside one)."""
    groups = sorted(
        {user_group(pk) for pk in user_ids if pk is not None} | {club_group(pk) for pk in club_ids}
    )
    if groups:
        transaction.on_commit(
            partial(notify.send, [(group, {"type": CHANGED}) for group in groups])
        )
