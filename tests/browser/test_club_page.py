"""The members page's role filter swaps the member list over htmx in a real browser."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_role_filter_swaps_the_member_list(live_server: LiveServer, page: Page) -> None:
    club = ClubFactory.create(slug="tuesday")
    director = MembershipFactory.create(
        club=club, player__display_name="Maureen Doucette", role="director", with_account=True
    )
    MembershipFactory.create(club=club, player__display_name="Gerald LeBlanc", role="player")
    assert director.player.user is not None

    page.goto(f"{live_server.url}/sign-in/?next=/clubs/tuesday/members/")
    page.get_by_label("Username").fill(director.player.user.get_username())
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/clubs/tuesday/members/")

    results = page.locator("#results")
    expect(results.locator("tbody tr")).to_have_count(2)
    expect(results).to_contain_text("Gerald LeBlanc")
    page.evaluate("window.notReloaded = true")  # gone if the change loaded a whole page

    page.get_by_label("Role").select_option("director")
    expect(results.locator("tbody tr")).to_have_count(1)
    expect(results).to_contain_text("Maureen Doucette")
    expect(results).not_to_contain_text("Gerald LeBlanc")
    expect(page).to_have_url(re.compile(r"/clubs/tuesday/members/\?.*role=director"))
    assert page.evaluate("window.notReloaded") is True
