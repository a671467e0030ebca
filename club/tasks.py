"""Background work for clubs. Tasks take ids, not objects, and are safe to run twice."""

from __future__ import annotations

import logging
import os
from typing import Any

from celery import shared_task

from club import password_reset, services
from club.emails import SEND_RETRY

logger = logging.getLogger(__name__)


@shared_task
def club_member_count_refresh(club_id: int) -> dict[str, Any]:
    """Store the club's member count.

    Returns the count (``None`` if the club was deleted meanwhile) and the id of the process
    that ran the task, which tells an operator, or a test, whether a worker picked it up.
    """
    count = services.club_member_count_refresh(club_id=club_id)
    if count is None:
        logger.info("club %s is gone; member count not refreshed", club_id)
    return {"club_id": club_id, "member_count": count, "worker_pid": os.getpid()}


@shared_task(**SEND_RETRY)
def password_reset_send(email: str, language: str) -> int:
    """Email the reset link asked for on the sign-in page (``club.password_reset``)."""
    return password_reset.password_reset_send(email=email, language=language)
