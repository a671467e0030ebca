"""The directors' page of the club's rules for members' tables on a 390 px phone: it fits,
passes axe-core, saves, and shows a limit out of range next to its field."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Club
from tests.browser.checks import PHONE, assert_member_page
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_sets_the_tables_rules_on_a_phone(live_server: LiveServer, page: Page) -> None:
    page.set_viewport_size(PHONE)
    club = ClubFactory.create(slug="tuesday")
    user = MembershipFactory.create(club=club, role="director", with_account=True).player.user
    assert user is not None
    page.goto(f"{live_server.url}/sign-in/?next=/clubs/tuesday/")
    page.get_by_label("Username").fill(user.get_username())
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/clubs/tuesday/")
    page.locator("main").get_by_role("link", name="Members' tables").first.click()
    page.wait_for_url(f"{live_server.url}/clubs/tuesday/settings/tables/")
    assert_member_page(page)

    page.get_by_label("Tables per member").fill("25")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".field-error")).to_contain_text("less than or equal to 20")
    assert_member_page(page)

    page.get_by_label("Tables per member").fill("6")
    page.get_by_label("Members may start tables").uncheck()
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("The club's table settings are saved.")
    assert_member_page(page)
    club = Club.objects.get(pk=club.pk)
    assert (club.members_start_tables, club.member_table_limit) == (False, 6)
