"""Buttons in Chromium: the primary button is a calm colour, not red (which reads as danger),
with AA contrast; red is kept for the buttons that destroy or remove something."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.checks import assert_member_page, contrast
from tests.factories import TEST_PASSWORD, MembershipFactory, PartnershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RED = "rgb(199, 54, 54)"  # --red in static/kitty/kitty.css


def test_primary_buttons_are_calm_and_red_means_destroy(
    live_server: LiveServer, page: Page
) -> None:
    director = MembershipFactory.create(role="director", with_account=True)
    partnership = PartnershipFactory.create(club=director.club)
    assert director.player.user is not None
    page.goto(f"{live_server.url}/sign-in/")
    sign_in = page.locator("main button[type=submit]")
    assert sign_in.evaluate("b => getComputedStyle(b).backgroundColor") != RED
    assert contrast(sign_in) >= 4.5
    page.locator("#id_username").fill(director.player.user.username)
    page.locator("#id_password").fill(TEST_PASSWORD)
    sign_in.click()
    expect(page.locator(".signed-in")).to_be_visible()

    page.goto(f"{live_server.url}/clubs/{director.club.slug}/partnerships/{partnership.pk}/delete/")
    delete = page.locator("main button[type=submit]")
    expect(delete).to_have_css("background-color", RED)
    assert contrast(delete) >= 4.5
    assert_member_page(page)
