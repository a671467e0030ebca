"""The every-minute beat task picks only the tables due a reminder."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.mail import EmailMessage

from notices import selectors, tasks
from tables.services import tables_open_due
from tests.factories import ClubFactory
from tests.notices.helpers import member, outbox_to, scheduled_table

pytestmark = pytest.mark.django_db


def test_only_tables_opening_within_the_reminder_time_are_picked(
    mailoutbox: list[EmailMessage], monkeypatch: pytest.MonkeyPatch
) -> None:
    club = ClubFactory.create()
    players = [member(club, f"P{n}", f"p{n}@example.org") for n in range(5)]
    soon = scheduled_table(club, [players[0]], minutes=10, title="Soon")
    edge = scheduled_table(club, [players[1]], minutes=29, title="Edge")
    later = scheduled_table(club, [players[2]], minutes=45, title="Later")
    scheduled_table(club, [players[3]], minutes=180, title="Tonight")
    opened = scheduled_table(club, [players[4]], minutes=5, title="Opened")
    tables_open_due(now=opened.scheduled_at)  # open (its time came early)
    scheduled_table(club, [member(club, "No address")], minutes=10, title="Nobody to tell")
    scheduled_table(club, [], minutes=10, title="Computers only")

    assert tasks.tables_remind_due.delay().get() == [soon.pk, edge.pk]
    assert outbox_to(mailoutbox) == ["p0@example.org", "p1@example.org"]

    monkeypatch.setattr("notices.tasks.REMINDER_MINUTES", 60)
    assert tasks.tables_remind_due.delay().get() == [later.pk]
    assert len(mailoutbox) == 3


def test_a_table_whose_time_passed_but_is_not_open_yet_is_still_reminded() -> None:
    club = ClubFactory.create()
    table = scheduled_table(club, [member(club, "Ann", "ann@example.org")], minutes=5)
    # The opening task has not run yet, five minutes after the time.
    after = table.scheduled_at + timedelta(minutes=5)
    assert selectors.tables_to_remind(now=after, minutes=30) == [table.pk]
    before = table.scheduled_at - timedelta(hours=1)
    assert selectors.tables_to_remind(now=before, minutes=30) == []
