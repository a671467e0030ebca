"""Setting up an online table on a phone: the seats follow the rules chosen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from tables.models import LiveTable
from tests.browser.checks import LAPTOP, PHONE, assert_member_page
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory, RuleSetFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_seats_follow_the_rules_and_the_table_starts_now(
    live_server: LiveServer, page: Page, size: ViewportSize
) -> None:
    club = ClubFactory.create(slug="tuesday")
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    six = RuleSetFactory.create(club=club, name="Six-hand", options={"players": 6})
    assert director.player.user is not None
    page.set_viewport_size(size)
    page.goto(f"{live_server.url}/sign-in/?next=/clubs/tuesday/tables/new/")
    page.get_by_label("Username").fill(director.player.user.get_username())
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/clubs/tuesday/tables/new/")

    expect(page.get_by_label("North", exact=True)).to_be_visible()
    expect(page.get_by_label("West", exact=True)).to_be_visible()
    expect(page.locator('[data-seat="4"]')).to_be_hidden()
    expect(page.get_by_label("Opens at")).to_be_hidden()  # "start now" is the first choice
    assert_member_page(page)

    page.get_by_label("Rules").select_option(f"rules:{six.pk}")
    expect(page.get_by_label("North-West", exact=True)).to_be_visible()
    page.get_by_label("North-West", exact=True).select_option("bot:expert")
    page.get_by_label("Rules").select_option("game:auction45")
    expect(page.locator('[data-seat="5"]')).to_be_hidden()
    expect(page.get_by_label("West", exact=True)).to_be_visible()
    page.get_by_label("East", exact=True).select_option("bot:club")
    expect(page.locator("#level-help")).to_contain_text("Plays like a newcomer")
    page.get_by_label("Open at a set time").check()
    expect(page.get_by_label("Opens at")).to_be_visible()
    page.get_by_label("Start now").check()
    assert_member_page(page)

    page.get_by_role("button", name="Set up the table").click()
    expect(page.get_by_text("is set up.")).to_be_visible()
    # The table page before the start: its seats and the form to fill them fit a phone too.
    expect(page.locator("#fill-bots")).to_be_visible()
    expect(page.get_by_label("Computer player")).to_have_value("club")
    assert_member_page(page)
    table = LiveTable.objects.get()
    assert table.status == "open"
    assert [s.bot_name for s in table.seats.order_by("index")] == ["", "club", "", ""]
