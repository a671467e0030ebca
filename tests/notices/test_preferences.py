"""Each email says which club and why, carries a one-click unsubscribe for its kind, and a
kind turned off is never sent again."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.core.mail import EmailMessage

from club.models import Player
from notices import tasks
from notices.models import NoticeKind
from notices.preferences import unsubscribe_read, unsubscribe_token
from tests.factories import ClubFactory
from tests.notices.helpers import SITE, member, outbox_to, scheduled_table
from tests.tournaments.factories import club_with, event_with
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    CaptureCallbacks = Callable[..., AbstractContextManager[list[Callable[[], object]]]]

pytestmark = pytest.mark.django_db

ANN = "ann@example.org"
BOB = "bob@example.org"


def test_a_reminder_names_the_club_says_why_and_unsubscribes_in_one_click(
    mailoutbox: list[EmailMessage],
) -> None:
    club = ClubFactory.create(name="Souris Card Club")
    ann = member(club, "Ann", ANN)
    tasks.table_reminder.delay(scheduled_table(club, [ann]).pk).get()
    [mail] = mailoutbox
    assert (
        "You get this because you play at Souris Card Club and asked for table reminders."
        in mail.body
    )
    link = mail.extra_headers["List-Unsubscribe"].strip("<>")
    assert link.startswith(f"{SITE}/unsubscribe/") and link in mail.body
    assert f"open your profile: {SITE}/account/" in mail.body
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    token = link.rstrip("/").rsplit("/", 1)[1]
    assert unsubscribe_read(token) == (ann.pk, NoticeKind.TABLE_REMINDER)


def test_turned_off_reminders_are_never_sent(mailoutbox: list[EmailMessage]) -> None:
    club = ClubFactory.create()
    ann, bob = member(club, "Ann", ANN), member(club, "Bob", BOB)
    Player.objects.filter(pk=ann.pk).update(email_table_reminder=False)
    table = scheduled_table(club, [ann, bob], minutes=10)
    assert tasks.tables_remind_due.delay().get() == [table.pk]
    assert outbox_to(mailoutbox) == [BOB]
    # With Bob reminded and Ann not wanting it, the table is not picked again.
    assert tasks.tables_remind_due.delay().get() == []
    assert outbox_to(mailoutbox) == [BOB]


def test_a_table_whose_only_player_turned_reminders_off_is_not_picked(
    mailoutbox: list[EmailMessage],
) -> None:
    club = ClubFactory.create()
    ann = member(club, "Ann", ANN)
    Player.objects.filter(pk=ann.pk).update(email_table_reminder=False)
    scheduled_table(club, [ann], minutes=10)
    assert tasks.tables_remind_due.delay().get() == []
    assert mailoutbox == []


def test_turning_off_pairings_stops_only_pairings(
    django_capture_on_commit_callbacks: CaptureCallbacks, mailoutbox: list[EmailMessage]
) -> None:
    setup = club_with(players=4)
    for player in setup.players:
        player.email = f"p{player.pk}@example.org"
        player.email_pairings = player.pk != setup.players[0].pk
        player.save()
    event = event_with(setup, format="progressive")
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_=round_pair(event=event))
    assert outbox_to(mailoutbox) == sorted(p.email for p in setup.players[1:])
    assert all(
        f"play at {setup.club.name} and asked to hear when pairings are up" in m.body
        for m in mailoutbox
    )


@pytest.mark.parametrize(
    "token",
    [
        "nonsense",
        unsubscribe_token(1, "table_reminder")[:-2],
        unsubscribe_token(1, "no_such_kind"),
    ],
)
def test_a_link_changed_or_unknown_names_nothing(token: str) -> None:
    assert unsubscribe_read(token) is None
