"""The phone-width and accessibility checks catch what they are there to catch."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from tests.browser.checks import PHONE, assert_fits, assert_member_page, blocking_violations

pytestmark = [pytest.mark.browser]


def test_a_page_wider_than_the_phone_fails_the_width_check(page: Page) -> None:
    page.set_viewport_size(PHONE)
    page.set_content("<main><table><tr><td style='min-width: 600px'>wide</td></tr></table></main>")
    with pytest.raises(AssertionError, match="px wide at 390 px"):
        assert_fits(page)


def test_axe_reports_a_button_without_a_name_and_an_image_without_text(page: Page) -> None:
    page.set_content(
        "<html lang='en'><head><title>t</title></head><body><main>"
        "<button></button><img src='data:,'></main></body></html>"
    )
    found = {violation["id"] for violation in blocking_violations(page)}
    assert {"button-name", "image-alt"} <= found


@pytest.mark.django_db(transaction=True)
def test_the_sign_in_page_fits_a_phone_and_passes_axe(live_server: LiveServer, page: Page) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/sign-in/")
    assert_member_page(page)
