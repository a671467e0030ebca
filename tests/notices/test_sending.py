"""Each notice reaches each player at most once: a task run twice, a second worker running it at
the same moment, and a retry after the mail server failed all leave one email per player."""

from __future__ import annotations

import smtplib
import threading
import time
from typing import TYPE_CHECKING

import pytest
from django.core.mail import EmailMessage
from django.db import connection, connections

from notices import services, tasks
from notices.models import Notice, NoticeKind
from tests.factories import ClubFactory
from tests.notices.helpers import FlakyBackend, member, outbox_to, scheduled_table

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

ANN = "ann@example.org"
BOB = "bob@example.org"


@pytest.mark.django_db
def test_players_without_an_address_are_skipped(mailoutbox: list[EmailMessage]) -> None:
    club = ClubFactory.create()
    ann, carl = member(club, "Ann", ANN), member(club, "Carl", "   ")
    table = scheduled_table(club, [carl, ann])
    assert tasks.table_reminder.delay(table.pk).get() == 1
    assert outbox_to(mailoutbox) == [ANN]
    assert list(Notice.objects.values_list("player_id", flat=True)) == [ann.pk]


@pytest.fixture
def retrying(settings: Settings) -> None:
    """Eager Celery retries a failed task at once, as a worker would after the backoff
    (propagating errors instead, the default, would stop at the first one)."""
    settings.CELERY_TASK_EAGER_PROPAGATES = False


@pytest.mark.django_db
@pytest.mark.usefixtures("retrying")
def test_a_send_that_fails_is_retried_and_sent_once(
    flaky: type[FlakyBackend], mailoutbox: list[EmailMessage]
) -> None:
    club = ClubFactory.create()
    ann, bob = member(club, "Ann", ANN), member(club, "Bob", BOB)
    table = scheduled_table(club, [ann, bob])
    flaky.fail_on = {2}  # Ann's email goes through, Bob's is refused
    result = tasks.table_reminder.delay(table.pk)
    assert result.get() == 1  # the retry's own count: Bob
    assert flaky.attempts == 3  # Ann, Bob refused, Bob again (not Ann again)
    assert outbox_to(mailoutbox) == [ANN, BOB]
    assert Notice.objects.filter(sent_at__isnull=False).count() == 2


@pytest.mark.django_db
@pytest.mark.usefixtures("retrying")
def test_a_mail_server_that_stays_down_leaves_the_notice_to_send_later(
    flaky: type[FlakyBackend], mailoutbox: list[EmailMessage]
) -> None:
    club = ClubFactory.create()
    table = scheduled_table(club, [member(club, "Ann", ANN)])
    flaky.fail_on = set(range(1, 100))
    result = tasks.table_reminder.delay(table.pk)
    assert result.failed()
    assert isinstance(result.result, smtplib.SMTPServerDisconnected)
    assert flaky.attempts == 1 + tasks.table_reminder.max_retries
    assert mailoutbox == []
    assert not Notice.objects.exists()  # the claim was given back

    flaky.fail_on = set()  # the server is back: the next beat sends it, once
    assert tasks.tables_remind_due.delay().get() == [table.pk]
    assert tasks.tables_remind_due.delay().get() == []
    assert outbox_to(mailoutbox) == [ANN]


@pytest.mark.django_db
def test_a_failed_send_gives_its_claim_back_for_the_retry(
    flaky: type[FlakyBackend], mailoutbox: list[EmailMessage]
) -> None:
    """Without retries: the error reaches the caller and the notice can be sent again."""
    club = ClubFactory.create()
    table = scheduled_table(club, [member(club, "Ann", ANN)])
    flaky.fail_on = {1}
    with pytest.raises(smtplib.SMTPServerDisconnected):
        services.table_reminder_send(table_id=table.pk)
    assert not Notice.objects.exists()
    assert services.table_reminder_send(table_id=table.pk) == 1
    assert services.table_reminder_send(table_id=table.pk) == 0
    assert outbox_to(mailoutbox) == [ANN]


@pytest.mark.django_db
def test_a_second_run_during_the_first_send_sends_nothing_twice(
    flaky: type[FlakyBackend], mailoutbox: list[EmailMessage]
) -> None:
    club = ClubFactory.create()
    table = scheduled_table(club, [member(club, "Ann", ANN), member(club, "Bob", BOB)])
    second_run: list[int] = []
    # While Ann's email is on its way, another worker runs the same task: Ann is claimed
    # already, so it sends Bob's only; the first run then finds Bob's claimed too.
    flaky.during_send = lambda: second_run.append(services.table_reminder_send(table_id=table.pk))
    assert services.table_reminder_send(table_id=table.pk) == 1
    assert second_run == [1]
    assert outbox_to(mailoutbox) == [ANN, BOB]


@pytest.mark.django_db
def test_a_notice_claimed_by_another_worker_is_not_sent(mailoutbox: list[EmailMessage]) -> None:
    club = ClubFactory.create()
    ann = member(club, "Ann", ANN)
    # Another worker claimed it and is still sending (no sent_at yet).
    Notice.objects.create(
        kind=NoticeKind.TABLE_REMINDER, key="table:1:reminder", player=ann, email=ANN
    )
    sent = services.notice_send(
        kind=NoticeKind.TABLE_REMINDER,
        key="table:1:reminder",
        player=ann,
        club=club,
        subject="s",
        body="b",
    )
    assert sent is False
    assert mailoutbox == []
    # A different event for the same player is its own notice.
    assert services.notice_send(
        kind=NoticeKind.TABLE_REMINDER,
        key="table:2:reminder",
        player=ann,
        club=club,
        subject="s",
        body="b",
    )
    assert outbox_to(mailoutbox) == [ANN]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_send_each_email_once(
    flaky: type[FlakyBackend], mailoutbox: list[EmailMessage]
) -> None:
    assert connection.vendor == "postgresql"
    club = ClubFactory.create()
    people = [member(club, name, f"{name.lower()}@example.org") for name in ("Ann", "Bob", "Cy")]
    table = scheduled_table(club, people)
    flaky.during_send = lambda: time.sleep(0.2)  # the first email is slow to go out
    barrier = threading.Barrier(2)
    results: list[object] = []

    def worker() -> None:
        try:
            barrier.wait(timeout=10)
            results.append(services.table_reminder_send(table_id=table.pk))
        except Exception as error:
            results.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(results) == 2 and all(isinstance(r, int) for r in results), results
    assert sum(r for r in results if isinstance(r, int)) == 3
    # (Committed here, so the table's "scheduled" emails went out too, once each.)
    reminders = [m for m in mailoutbox if m.subject.startswith("Reminder:")]
    assert outbox_to(reminders) == [p.email for p in people]
    sent = Notice.objects.filter(kind=NoticeKind.TABLE_REMINDER, sent_at__isnull=False)
    assert sent.count() == 3
