"""Online tables email their players: when a table is scheduled for them, and a reminder
shortly before it opens, each with the link to the table where they sit."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import pytest
from django.core.mail import EmailMessage
from django.utils import timezone

from notices import tasks
from notices.models import Notice, NoticeKind
from scoring.services import scoresheet_create
from tables.services import SeatSpec, seat_take, table_create, tables_open_due
from tests.factories import ClubFactory, RuleSetFactory
from tests.notices.helpers import member, outbox_to, scheduled_table, table_url
from tournaments.models import Event, Match, Round, Table

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    CaptureCallbacks = Callable[..., AbstractContextManager[list[Callable[[], object]]]]

pytestmark = pytest.mark.django_db

ANN = "ann@example.org"
BOB = "bob@example.org"


def by_recipient(outbox: list[EmailMessage]) -> dict[str, EmailMessage]:
    return {message.to[0]: message for message in outbox}


def test_a_new_table_emails_each_seated_player_with_an_address_once(
    django_capture_on_commit_callbacks: CaptureCallbacks, mailoutbox: list[EmailMessage]
) -> None:
    club = ClubFactory.create(name="Cape Breton 45s")
    ann, bob = member(club, "Ann", ANN), member(club, "Bob", BOB)
    carl = member(club, "Carl")  # no address: skipped
    with django_capture_on_commit_callbacks(execute=True):
        table = scheduled_table(club, [ann, bob, carl], minutes=120, title="Friday table")
    assert outbox_to(mailoutbox) == [ANN, BOB]
    mails = by_recipient(mailoutbox)
    for address, seat in ((ANN, 1), (BOB, 2)):
        body = mails[address].body
        assert table_url(table) in body
        assert f"Your seat: seat {seat}\n" in body
        assert "Seat 3: Carl" in body
        assert "Seat 4: Computer West, random" in body  # named as the table names it
        assert "Friday table" in mails[address].subject
    assert "&amp;" not in mails[ANN].body  # plain text, not HTML-escaped
    assert "Hello Ann," in mails[ANN].body

    # The task running again (a redelivered message) sends nothing more.
    assert tasks.table_scheduled.delay(table.pk).get() == 0
    assert len(mailoutbox) == 2
    notices = Notice.objects.filter(kind=NoticeKind.TABLE_SCHEDULED)
    assert {(n.key, n.email) for n in notices} == {
        (f"table:{table.pk}:scheduled", ANN),
        (f"table:{table.pk}:scheduled", BOB),
    }
    assert all(n.sent_at is not None for n in notices)


def test_a_table_of_computer_players_only_sends_nothing(
    django_capture_on_commit_callbacks: CaptureCallbacks, mailoutbox: list[EmailMessage]
) -> None:
    club = ClubFactory.create()
    member(club, "Ann", ANN)  # a member, but not seated
    with django_capture_on_commit_callbacks(execute=True):
        scheduled_table(club, [])
    assert mailoutbox == []
    assert not Notice.objects.exists()


def test_a_match_table_tells_its_players_which_event_and_round(
    django_capture_on_commit_callbacks: CaptureCallbacks, mailoutbox: list[EmailMessage]
) -> None:
    club = ClubFactory.create()
    ann = member(club, "Ann", ANN)
    rules = RuleSetFactory.create(club=club)
    sheet = scoresheet_create(club=club, by=None, rule_set=rules, title="Round 2, table 1")
    event = Event.objects.create(
        club=club,
        name="Winter tournament",
        date=datetime.date(2026, 1, 6),
        format="swiss",
        game="auction45",
        seed=1,
    )
    round_ = Round.objects.create(event=event, number=2)
    match = Match.objects.create(
        round=round_, table=Table.objects.create(round=round_, number=1), sheet=sheet
    )
    with django_capture_on_commit_callbacks(execute=True):
        table = table_create(
            club=club,
            by=None,
            scheduled_at=timezone.now() + datetime.timedelta(hours=1),
            seats=[SeatSpec(bot="random"), SeatSpec(player=ann)],
            match=match,
            turn_seconds=0,
        )
    [mail] = mailoutbox
    assert mail.to == [ANN]
    assert "Winter tournament, round 2" in mail.body
    assert "Your seat: seat 2\n" in mail.body
    assert table_url(table) in mail.body


def test_the_reminder_links_each_player_to_their_seat_once(
    mailoutbox: list[EmailMessage],
) -> None:
    club = ClubFactory.create()
    ann, bob = member(club, "Ann", ANN), member(club, "Bob", BOB)
    carl = member(club, "Carl")
    table = scheduled_table(club, [carl, ann, bob], minutes=20)
    assert mailoutbox == []  # no commit in this test: the "scheduled" notice did not go

    assert tasks.tables_remind_due.delay().get() == [table.pk]
    assert outbox_to(mailoutbox) == [ANN, BOB]
    mails = by_recipient(mailoutbox)
    assert "opens in 20 minutes" in mails[ANN].body
    assert mails[ANN].subject.startswith("Reminder: Table 1 opens at ")
    for address, seat in ((ANN, 2), (BOB, 3)):
        assert f"Take your seat here:\n{table_url(table)}\n" in mails[address].body
        assert f"Your seat: seat {seat}\n" in mails[address].body

    # The next minute's beat finds nothing left to do; the task itself sends nothing more.
    assert tasks.tables_remind_due.delay().get() == []
    assert tasks.table_reminder.delay(table.pk).get() == 0
    assert len(mailoutbox) == 2


def test_a_player_seated_after_the_reminder_is_reminded_on_the_next_run(
    mailoutbox: list[EmailMessage],
) -> None:
    club = ClubFactory.create()
    ann, bob = member(club, "Ann", ANN), member(club, "Bob", BOB)
    table = scheduled_table(club, [ann], minutes=10, bots=False)
    assert tasks.tables_remind_due.delay().get() == [table.pk]
    assert outbox_to(mailoutbox) == [ANN]

    seat_take(table_id=table.pk, index=2, player=bob)
    assert tasks.tables_remind_due.delay().get() == [table.pk]
    assert outbox_to(mailoutbox) == [ANN, BOB]
    assert "Your seat: seat 3\n" in mailoutbox[1].body


def test_no_reminder_once_the_table_is_open(mailoutbox: list[EmailMessage]) -> None:
    club = ClubFactory.create()
    ann = member(club, "Ann", ANN)
    table = scheduled_table(club, [ann], minutes=10)
    tables_open_due(now=table.scheduled_at)  # the table opened (and its game started)
    assert tasks.table_reminder.delay(table.pk).get() == 0
    assert mailoutbox == []
