"""Signing in and out through the real pages, in headless Chromium against a live server."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import TEST_PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sign_in_then_out(live_server: LiveServer, page: Page) -> None:
    UserFactory.create(username="maureen")

    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Sign in").first.click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.get_by_label("Username").fill("maureen")
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()

    page.wait_for_url(f"{live_server.url}/")
    expect(page.locator(".signed-in")).to_have_text("Signed in as maureen")
    expect(page.get_by_text("Welcome back, maureen.")).to_be_visible()
    assert page.evaluate("typeof htmx") == "object"  # htmx loaded from our static

    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Signed out")).to_be_visible()


def test_wrong_password_stays_on_the_sign_in_page(live_server: LiveServer, page: Page) -> None:
    UserFactory.create(username="gerald")
    page.goto(f"{live_server.url}/sign-in/")
    page.get_by_label("Username").fill("gerald")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("correct username and password")
    expect(page.locator(".signed-in")).to_have_count(0)
