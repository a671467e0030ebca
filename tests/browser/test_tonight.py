"""A player signed in on a 390x844 phone on the night: the home page says where they sit in
the round just published, and its button opens their table's hand-by-hand page, where the hand
they tap is added in their own name. Both pages fit and pass axe-core."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import LineRevision
from tests.browser.checks import PHONE, assert_member_page
from tests.factories import TEST_PASSWORD
from tests.tournaments.factories import published_tonight
from tournaments.models import Seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_goes_from_tonights_seat_to_entering_their_tables_hands(
    live_server: LiveServer, browser: Browser
) -> None:
    tonight = published_tonight()
    player, user = tonight.player, tonight.user
    seat = Seating.objects.get(round=tonight.round, player=player)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/sign-in/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").tap()

    compass = ("North", "East", "South", "West")[seat.seat]
    expect(page.locator(".tonight")).to_contain_text(f"Tonight: round 1, table 1, {compass}")
    page.wait_for_load_state("load")
    assert_member_page(page)
    page.get_by_role("link", name="Enter your table's hands").tap()

    page.get_by_role("group", name="Bidder").get_by_role("radio").nth(1).tap()
    page.get_by_role("group", name="Bid").get_by_role("radio", name="20", exact=True).tap()
    page.get_by_role("radio", name="Hearts").tap()
    page.get_by_role("button", name="Add hand").tap()
    expect(page.locator("#hand-status")).to_contain_text("Line 1 added.")
    assert_member_page(page)
    assert LineRevision.objects.get().by == user
    context.close()
