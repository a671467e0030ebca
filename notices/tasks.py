"""Background work of notices. Tasks take ids and call one service; they are safe to run twice
or at once on two workers (each notice is claimed before it is sent, see
``notices.services``). A mail server that fails is retried with backoff; the notices already
sent are not sent again by the retry.
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from club.emails import SEND_RETRY
from notices import selectors, services

#: How long before an online table opens its players are reminded: time to finish supper.
REMINDER_MINUTES = 30


@shared_task(**SEND_RETRY)
def table_scheduled(table_id: int) -> int:
    """Tell the players seated at a new online table when it opens."""
    return services.table_scheduled_send(table_id=table_id)


@shared_task(**SEND_RETRY)
def table_reminder(table_id: int) -> int:
    """Remind the players of a table that opens soon, with the link to their seat."""
    return services.table_reminder_send(table_id=table_id)


@shared_task(**SEND_RETRY)
def table_invitation(invitation_id: int) -> int:
    """Tell a member invited to a seat of another member's table."""
    return services.table_invitation_send(invitation_id=invitation_id)


@shared_task(**SEND_RETRY)
def round_published(round_id: int) -> int:
    """Tell the players of a published round where they sit."""
    return services.round_published_send(round_id=round_id)


@shared_task(**SEND_RETRY)
def match_time_news(match_id: int, what: str, time_id: int) -> int:
    """Tell the players of an online match a step of arranging its time."""
    return services.match_time_news_send(match_id=match_id, what=what, time_id=time_id)


@shared_task
def tables_remind_due() -> list[int]:
    """Celery beat, every minute: remind the players of tables opening within
    ``REMINDER_MINUTES``. Returns the ids of the tables reminded about."""
    ids = selectors.tables_to_remind(now=timezone.now(), minutes=REMINDER_MINUTES)
    for table_id in ids:
        table_reminder.delay(table_id)
    return ids
