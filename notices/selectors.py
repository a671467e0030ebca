"""Reads of notices: which tables are due a reminder."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import CharField, Exists, OuterRef, Value
from django.db.models.functions import Cast, Concat

from notices.models import Notice, NoticeKind, table_key
from notices.preferences import EMAIL_CHOICE
from tables.models import LiveTable, TableSeat, TableStatus


def tables_to_remind(*, now: datetime, minutes: int) -> list[int]:
    """Ids of the tables that are not open yet, open within ``minutes`` of ``now``, and have
    a seated player with an email address who wants table reminders and has not been reminded
    (nor is being reminded).

    Tables whose time has passed but which are still waiting to be opened count as due.
    """
    # The same string as ``table_key(table_id, TABLE_REMINDER)``, built in SQL.
    prefix, suffix = table_key(0, NoticeKind.TABLE_REMINDER).split("0", 1)
    key = Concat(
        Value(prefix),
        Cast(OuterRef("table_id"), output_field=CharField()),
        Value(suffix),
        output_field=CharField(),
    )
    reminded = Notice.objects.filter(
        kind=NoticeKind.TABLE_REMINDER, player_id=OuterRef("player_id"), key=key
    )
    waiting = (
        TableSeat.objects.filter(table_id=OuterRef("pk"), player__isnull=False)
        .filter(**{f"player__{EMAIL_CHOICE[NoticeKind.TABLE_REMINDER]}": True})
        .exclude(player__email="")
        .exclude(Exists(reminded))
    )
    return list(
        LiveTable.objects.filter(
            status=TableStatus.SCHEDULED, scheduled_at__lte=now + timedelta(minutes=minutes)
        )
        .filter(Exists(waiting))
        .order_by("scheduled_at", "pk")
        .values_list("pk", flat=True)
    )
