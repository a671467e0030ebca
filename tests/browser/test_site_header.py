"""The site's header (templates/base.html): one line on a phone, with its links behind a Menu
button that opens by touch or keyboard; on a laptop the links are shown in the line."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.checks import LAPTOP, PHONE, assert_member_page
from tests.browser.table_moves import box_of
from tests.factories import TEST_PASSWORD, MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LINKS = ("Clubs", "Events", "My tables", "API", "My profile")


def _signed_in(page: Page, live_server: LiveServer) -> None:
    member = MembershipFactory.create(with_account=True)
    user = member.player.user
    assert user is not None
    page.goto(f"{live_server.url}/sign-in/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()
    expect(page.locator(".signed-in")).to_contain_text(user.username)


def test_on_a_phone_the_header_is_one_line_and_its_menu_opens_by_touch(
    live_server: LiveServer, browser: Browser
) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    _signed_in(page, live_server)
    page.goto(f"{live_server.url}/tables/")
    header = box_of(page.locator(".site-header"))
    assert header["height"] <= 64, header
    for name in LINKS:
        expect(page.get_by_role("link", name=name, exact=True)).to_be_hidden()
    assert_member_page(page)
    page.get_by_text("Menu", exact=True).tap()
    for name in LINKS:
        link = page.get_by_role("link", name=name, exact=True)
        expect(link).to_be_visible()
        assert box_of(link)["height"] >= 40, name  # a finger's target
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    assert_member_page(page)
    page.get_by_role("link", name="Events", exact=True).tap()
    expect(page).to_have_url(f"{live_server.url}/events/")
    context.close()


def test_on_a_laptop_the_links_are_in_the_header_line(live_server: LiveServer, page: Page) -> None:
    page.set_viewport_size(LAPTOP)
    _signed_in(page, live_server)
    page.goto(f"{live_server.url}/tables/")
    expect(page.get_by_text("Menu", exact=True)).to_be_hidden()
    for name in LINKS:
        expect(page.get_by_role("link", name=name, exact=True)).to_be_visible()
    assert box_of(page.locator(".site-header"))["height"] <= 80
    assert_member_page(page)
    page.get_by_role("link", name="Clubs", exact=True).click()
    expect(page).to_have_url(f"{live_server.url}/clubs/")
