"""An unsubscribe link whose player is no longer in Kitty, opened on a phone: the page says so
plainly, in a member page's shape, and offers no button."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from notices.preferences import unsubscribe_token
from tests.browser.checks import PHONE, assert_member_page
from tests.factories import MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_link_for_a_player_who_is_gone_says_so_on_a_phone(
    live_server: LiveServer, page: Page
) -> None:
    player = MembershipFactory.create().player
    token = unsubscribe_token(player.pk, "table_reminder")
    player.delete()
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/unsubscribe/{token}/")
    expect(page.get_by_role("heading", name="Nothing to unsubscribe")).to_be_visible()
    expect(page.locator('[data-code="unsubscribe_player_gone"]')).to_contain_text(
        "no longer in Kitty"
    )
    expect(page.locator("main").get_by_role("button")).to_have_count(0)
    assert_member_page(page)
