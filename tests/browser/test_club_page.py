"""The club page's role filter swaps the member list over htmx in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import ClubFactory, MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_role_filter_swaps_the_member_list(live_server: LiveServer, page: Page) -> None:
    club = ClubFactory.create(slug="tuesday")
    MembershipFactory.create(club=club, player__display_name="Maureen Doucette", role="director")
    MembershipFactory.create(club=club, player__display_name="Gerald LeBlanc", role="player")

    page.goto(f"{live_server.url}/clubs/tuesday/")
    members = page.locator("#members")
    expect(members).to_contain_text("Gerald LeBlanc")
    page.evaluate("window.notReloaded = true")  # gone if the click loaded a whole page

    page.get_by_role("link", name="Director").click()
    expect(members.locator("tbody tr")).to_have_count(1)
    expect(members).to_contain_text("Maureen Doucette")
    expect(members.locator(".chip-on")).to_have_text("Director")
    expect(page).to_have_url(f"{live_server.url}/clubs/tuesday/?role=director")
    assert page.evaluate("window.notReloaded") is True
