"""Helpers for notice tests: members with and without email, tables, a mail server that fails."""

from __future__ import annotations

import smtplib
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import ClassVar

from django.core.mail import EmailMessage
from django.core.mail.backends.locmem import EmailBackend
from django.utils import timezone

from club.models import Club, Player
from tables.models import LiveTable
from tables.services import SeatSpec, table_create
from tests.factories import MembershipFactory

SITE = "https://kitty.example.org"
FLAKY_BACKEND = "tests.notices.helpers.FlakyBackend"


def member(club: Club, name: str, email: str = "") -> Player:
    """A member of ``club`` with a site account; ``email`` may be empty."""
    membership = MembershipFactory.create(
        club=club, with_account=True, player__display_name=name, player__email=email
    )
    return membership.player


def scheduled_table(
    club: Club,
    people: Sequence[Player],
    *,
    minutes: float = 20,
    title: str = "Table 1",
    bots: bool = True,
) -> LiveTable:
    """A 120s table opening ``minutes`` from now: ``people`` in the first seats, computer
    players in the rest (or, with ``bots=False``, the rest left empty)."""
    rest = SeatSpec(bot="random") if bots else SeatSpec()
    seats = [SeatSpec(player=p) for p in people] + [rest] * (4 - len(people))
    return table_create(
        club=club,
        by=None,
        scheduled_at=timezone.now() + timedelta(minutes=minutes),
        game_id="auction45",
        title=title,
        seats=seats,
        turn_seconds=0,
    )


def table_url(table: LiveTable) -> str:
    return f"{SITE}/clubs/{table.club.slug}/tables/{table.pk}/"


def outbox_to(outbox: Sequence[EmailMessage]) -> list[str]:
    """Every recipient of every email in ``outbox``, sorted (repeats kept)."""
    return sorted(address for message in outbox for address in message.to)


class FlakyBackend(EmailBackend):
    """The test outbox behind a mail server that refuses some sends.

    ``fail_on`` holds the numbers (from 1) of the send attempts that fail; ``during_send`` is
    called inside the first attempt that goes through, before the email is delivered (to act
    as a second worker running at that moment). Reset by the tests' fixture.
    """

    attempts: ClassVar[int] = 0
    fail_on: ClassVar[set[int]] = set()
    during_send: ClassVar[Callable[[], object] | None] = None

    @classmethod
    def reset(cls) -> None:
        cls.attempts = 0
        cls.fail_on = set()
        cls.during_send = None

    def send_messages(self, messages: Sequence[EmailMessage]) -> int:
        cls = type(self)
        cls.attempts += 1
        if cls.attempts in cls.fail_on:
            raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
        hook, cls.during_send = cls.during_send, None
        if hook is not None:
            hook()
        return super().send_messages(messages)
