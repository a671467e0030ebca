"""A member looks after their own account, on a phone: a director invites them, they claim
their player with a new account from the emailed link, reset a forgotten password from another
emailed link, and turn table reminders off, after which no reminder reaches them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from django.core.mail import EmailMessage
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Player
from notices import tasks
from tests.browser.checks import PHONE, assert_member_page, open_menu
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory
from tests.notices.helpers import scheduled_table

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANN = "ann@example.org"
NEW_PASSWORD = "forty-fives at the legion"
RESET_PASSWORD = "auction tuesdays at eight"


def link_in(mail: EmailMessage, base: str) -> str:
    found = re.search(rf"{re.escape(base)}/\S+/", str(mail.body))
    assert found is not None, mail.body
    return found.group(0)


def sign_in(page: Page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/sign-in/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".signed-in")).to_contain_text(username)


def sign_out(page: Page) -> None:
    open_menu(page)
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Signed out")).to_be_visible()


def test_invited_claimed_reset_and_no_more_reminders(
    live_server: LiveServer, page: Page, settings: Settings, mailoutbox: list[EmailMessage]
) -> None:
    base = live_server.url
    settings.KITTY_SITE_URL = base
    club = ClubFactory.create(name="Tignish Legion", slug="tignish")
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    ann = MembershipFactory.create(club=club, player__display_name="Ann Doucet").player
    assert director.player.user is not None
    page.set_viewport_size(PHONE)

    # A director invites Ann from her member page.
    sign_in(page, base, director.player.user.get_username(), TEST_PASSWORD)
    page.goto(f"{base}/clubs/tignish/members/{ann.pk}/edit/")
    page.get_by_role("link", name="Invite Ann Doucet by email").click()
    expect(page.get_by_role("heading", name="Invite Ann Doucet")).to_be_visible()
    assert_member_page(page)
    page.get_by_label("Email address").fill(ANN)
    page.get_by_role("button", name="Send the invitation").click()
    expect(page.get_by_text(f"The invitation is on its way to {ANN}.")).to_be_visible()
    sign_out(page)

    # Ann opens the emailed link, creates her account and claims her player.
    [invitation] = mailoutbox
    page.goto(link_in(invitation, base))
    expect(page.get_by_role("heading", name="Join Tignish Legion")).to_be_visible()
    assert_member_page(page)
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Password confirmation").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Create my account and claim Ann Doucet").click()
    expect(page.get_by_text("Welcome to Tignish Legion: Ann Doucet is yours now.")).to_be_visible()
    expect(page.locator(".signed-in")).to_contain_text("ann")
    sign_out(page)

    # She forgets her password and resets it through the emailed link.
    page.goto(f"{base}/sign-in/")
    page.get_by_role("link", name="Forgot your password?").click()
    expect(page.get_by_role("heading", name="Forgot your password?")).to_be_visible()
    assert_member_page(page)
    page.get_by_label("Email").fill(ANN)
    page.get_by_role("button", name="Email me a link").click()
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    page.goto(link_in(mailoutbox[-1], base))
    expect(page.get_by_role("heading", name="Choose a new password")).to_be_visible()
    assert_member_page(page)
    page.get_by_label("New password", exact=True).fill(RESET_PASSWORD)
    page.get_by_label("New password confirmation").fill(RESET_PASSWORD)
    page.get_by_role("button", name="Set my password").click()
    expect(page.get_by_role("heading", name="Password set")).to_be_visible()
    sign_in(page, base, "ann", RESET_PASSWORD)

    # On her profile she turns table reminders off.
    open_menu(page)
    page.get_by_role("link", name="My profile").click()
    expect(page.get_by_role("heading", name="My profile")).to_be_visible()
    assert_member_page(page)
    page.get_by_label("Table reminders").uncheck()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Your profile is saved.")).to_be_visible()
    assert not Player.objects.get(pk=ann.pk).email_table_reminder

    # A table opens soon with Ann seated: she is told it is set up (she still wants that),
    # but the reminder task sends her no reminder.
    sent_before = len(mailoutbox)
    table = scheduled_table(club, [Player.objects.get(pk=ann.pk)], minutes=10)
    tasks.tables_remind_due.delay().get()
    tasks.table_reminder.delay(table.pk).get()
    to_ann = [m.subject for m in mailoutbox[sent_before:] if ANN in m.to]
    assert len(to_ann) == 1 and to_ann[0].startswith("Your online table")
