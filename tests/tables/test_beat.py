"""``manage.py beat``: the beat schedule on the embedded default opens tables whose time has
come and sends the reminders before a table opens; each task runs at its own period."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.core.mail import EmailMessage
from django.core.management import CommandError, call_command

from tables.beat import Entry, run_schedule
from tables.models import LiveTable, TableStatus
from tests.factories import ClubFactory
from tests.notices.helpers import member, outbox_to, scheduled_table

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings


@pytest.mark.django_db
def test_one_beat_opens_due_tables_and_reminds_players(
    mailoutbox: list[EmailMessage], settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    monkeypatch.setattr("notices.tasks.REMINDER_MINUTES", 30)
    club = ClubFactory.create()
    due = scheduled_table(club, [member(club, "Ann", "ann@example.org")], minutes=1)
    LiveTable.objects.filter(pk=due.pk).update(scheduled_at=due.scheduled_at - timedelta(minutes=2))
    soon = scheduled_table(club, [member(club, "Bob", "bob@example.org")], minutes=20)
    later = scheduled_table(club, [member(club, "Cy", "cy@example.org")], minutes=90)
    mailoutbox.clear()  # the "table scheduled" notices

    call_command("beat", "--once")

    statuses = dict(LiveTable.objects.values_list("pk", "status"))
    assert statuses[due.pk] != TableStatus.SCHEDULED
    assert statuses[soon.pk] == statuses[later.pk] == TableStatus.SCHEDULED
    assert "bob@example.org" in outbox_to(mailoutbox)
    assert "cy@example.org" not in outbox_to(mailoutbox)


def test_the_beat_refuses_to_run_beside_a_broker(settings: Settings) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with pytest.raises(CommandError, match="celery -A config worker -B"):
        call_command("beat", "--once")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_each_task_runs_at_its_period(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[tuple[str, float]] = []
    clock = FakeClock()
    monkeypatch.setattr("tables.beat.run_entry", lambda entry: ran.append((entry.name, clock.now)))
    entries = [Entry("minute", "a", 60.0), Entry("half", "b", 30.0)]
    count = run_schedule(entries, rounds=4, clock=clock, sleep=clock.sleep)

    assert ran == [
        ("minute", 0.0),
        ("half", 0.0),
        ("half", 30.0),
        ("minute", 60.0),
        ("half", 60.0),
        ("half", 90.0),
    ]
    assert count == 6
    assert clock.slept == [30.0, 30.0, 30.0]


def test_a_failing_task_is_logged_and_the_beat_goes_on(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tables import beat

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("mail server down")

    monkeypatch.setitem(beat.current_app.tasks, "tests.broken", type("T", (), {"apply": broken}))
    assert beat.run_entry(Entry("broken", "tests.broken", 60.0)) is None
    assert "beat task broken (tests.broken) failed" in caplog.text
