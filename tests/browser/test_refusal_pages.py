"""The 404 and 403 pages fit a phone, pass axe-core, and lead somewhere."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.checks import PHONE, assert_member_page
from tests.factories import ClubFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_lost_visitor_on_a_phone_is_offered_the_ways_on(
    page: Page, live_server: LiveServer
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/clubs/no-such-club/")
    expect(page.get_by_role("heading", name="Page not found")).to_be_visible()
    assert_member_page(page)
    page.get_by_role("link", name="Sign in").last.click()
    expect(page).to_have_url(f"{live_server.url}/sign-in/?next=/clubs/no-such-club/")


def test_a_refused_form_on_a_phone_says_what_to_do(page: Page, live_server: LiveServer) -> None:
    ClubFactory.create()
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/sign-in/")
    page.context.clear_cookies()
    page.get_by_label("Username").fill("nobody")
    page.get_by_label("Password", exact=True).fill("wrong password")
    page.get_by_role("button", name="Sign in").last.click()
    expect(page.get_by_role("heading", name="Form expired")).to_be_visible()
    assert_member_page(page)
