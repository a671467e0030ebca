"""A member invited to a seat of another member's table is emailed, by their preferences
and in their language, with the lobby where they answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.core.mail import EmailMessage

from club.models import Club, Membership, Player
from notices import tasks
from notices.models import Notice, NoticeKind
from tables.models import TableInvitation
from tables.services import SeatSpec, friendly_create, invitation_withdraw
from tests.factories import ClubFactory, MembershipFactory
from tests.notices.helpers import SITE
from tests.tables.helpers import account

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    CaptureCallbacks = Callable[..., AbstractContextManager[list[Callable[[], object]]]]

pytestmark = pytest.mark.django_db


def member(club: Club, name: str, email: str, **fields: object) -> Membership:
    membership = MembershipFactory.create(
        club=club, with_account=True, player__display_name=name, player__email=email
    )
    Player.objects.filter(pk=membership.player.pk).update(**fields)
    membership.player.refresh_from_db()
    return membership


def invite(club: Club, host: Membership, guest: Membership) -> TableInvitation:
    friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        title="Sunday game",
        seats=[SeatSpec(player=host.player), SeatSpec(player=guest.player)],
    )
    return TableInvitation.objects.get()


def test_the_invitee_is_emailed_once_with_the_lobby(
    django_capture_on_commit_callbacks: CaptureCallbacks, mailoutbox: list[EmailMessage]
) -> None:
    club = ClubFactory.create(name="Cape Breton 45s")
    host, guest = member(club, "Ann", "ann@example.org"), member(club, "Bob", "bob@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        invitation = invite(club, host, guest)
    assert [m.to for m in mailoutbox] == [["bob@example.org"]]
    mail = mailoutbox[0]
    assert mail.subject == "Ann invites you to a game of 120s / Auction Forty-Fives"
    assert "Hello Bob," in mail.body
    assert "Ann invites you to play at their online table at Cape Breton 45s." in mail.body
    assert "Your seat: seat 2" in mail.body
    assert "Sunday game" in mail.body
    assert f"{SITE}/tables/" in mail.body
    assert "Your seat is kept for you until" in mail.body
    notice = Notice.objects.get()
    assert (notice.kind, notice.key) == (NoticeKind.TABLE_INVITATION, f"invitation:{invitation.pk}")
    assert tasks.table_invitation.delay(invitation.pk).get() == 0
    assert len(mailoutbox) == 1


def test_no_email_when_the_invitee_turned_it_off(
    django_capture_on_commit_callbacks: CaptureCallbacks, mailoutbox: list[EmailMessage]
) -> None:
    club = ClubFactory.create()
    host = member(club, "Ann", "ann@example.org")
    guest = member(club, "Bob", "bob@example.org", email_table_invitation=False)
    with django_capture_on_commit_callbacks(execute=True):
        invite(club, host, guest)
    assert mailoutbox == []


def test_no_email_for_an_invitation_withdrawn_before_it_went(
    mailoutbox: list[EmailMessage],
) -> None:
    club = ClubFactory.create()
    host, guest = member(club, "Ann", "ann@example.org"), member(club, "Bob", "bob@example.org")
    invitation = invite(club, host, guest)
    invitation_withdraw(invitation_id=invitation.pk, by=account(host))
    assert tasks.table_invitation.delay(invitation.pk).get() == 0
    assert mailoutbox == []


def test_the_email_is_in_the_invitees_language(
    django_capture_on_commit_callbacks: CaptureCallbacks, mailoutbox: list[EmailMessage]
) -> None:
    club = ClubFactory.create()
    host = member(club, "Ann", "ann@example.org")
    guest = member(club, "Bob", "bob@example.org", language="fr")
    with django_capture_on_commit_callbacks(execute=True):
        invite(club, host, guest)
    assert "Bonjour Bob," in mailoutbox[0].body
    assert "vous invite" in mailoutbox[0].subject
