"""What notices do when other apps tell them something happened: queue the emails.

The senders (``tables.signals``, ``tournaments.signals``) send after their transaction
commits, so the task finds what it tells of; a task that cannot run (a mail server down, with
eager Celery) fails only this receiver, logged by the sender's ``send_robust``.
"""

from __future__ import annotations

from typing import Any

from notices import tasks


def table_scheduled_notify(sender: Any, table_id: int, **kwargs: Any) -> None:
    """A new table with seated players: tell them when it opens and where to sit."""
    tasks.table_scheduled.delay(table_id)


def table_invited_notify(sender: Any, invitation_id: int, **kwargs: Any) -> None:
    """A member invited a player to a seat of their table: tell the invitee."""
    tasks.table_invitation.delay(invitation_id)


def round_published_notify(sender: Any, round_id: int, **kwargs: Any) -> None:
    """A round was published: tell each seated player where they sit."""
    tasks.round_published.delay(round_id)


def match_time_news_notify(
    sender: Any, match_id: int, what: str, time_id: int, **kwargs: Any
) -> None:
    """A step of arranging an online match's time: tell its players."""
    tasks.match_time_news.delay(match_id, what, time_id)
