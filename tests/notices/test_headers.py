"""A line break in a name typed by a member (a table's title, an event's name) does not stop
the emails that carry it in their subject: the subject goes out on one line."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.core.mail import EmailMessage

from club.emails import header_text
from notices import tasks
from tests.factories import ClubFactory
from tests.notices.helpers import member, outbox_to, scheduled_table
from tests.tournaments.factories import club_with, event_with
from tournaments.models import Event
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    CaptureCallbacks = Callable[..., AbstractContextManager[list[Callable[[], object]]]]

pytestmark = pytest.mark.django_db


def test_a_table_titled_over_two_lines_still_gets_its_reminder(
    mailoutbox: list[EmailMessage],
) -> None:
    club = ClubFactory.create()
    ann = member(club, "Ann", "ann@example.org")
    table = scheduled_table(club, [ann], minutes=20, title="Friday\ntable\r\n3")
    assert tasks.table_reminder.delay(table.pk).get() == 1
    assert outbox_to(mailoutbox) == ["ann@example.org"]
    subject = mailoutbox[0].subject
    assert subject.startswith("Reminder: Friday table 3 opens at ")
    assert "\n" not in subject and "\r" not in subject


def test_an_event_named_over_two_lines_still_sends_its_pairings(
    django_capture_on_commit_callbacks: CaptureCallbacks, mailoutbox: list[EmailMessage]
) -> None:
    setup = club_with(players=4)
    for player in setup.players:
        player.email = f"p{player.pk}@example.org"
        player.save(update_fields=["email"])
    event = event_with(setup, format="progressive")
    Event.objects.filter(pk=event.pk).update(name="Spring\nnight\u2028two")
    round_ = round_pair(event=event)
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_=round_)
    assert outbox_to(mailoutbox) == sorted(p.email for p in setup.players)
    assert {mail.subject for mail in mailoutbox} == {
        "Spring night two: the pairings for round 1 are up"
    }


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a\nb", "a b"),
        ("a\r\nb", "a b"),
        ("a \n  b", "a b"),
        ("a\u2028b\u2029c\x85d\x0be\x0cf", "a b c d e f"),
        ("plain subject", "plain subject"),
    ],
)
def test_header_text_puts_any_line_break_on_one_line(text: str, line: str) -> None:
    assert header_text(text) == line
