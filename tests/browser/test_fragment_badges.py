"""Badges and marks refresh with the fragments that change them: the sheet's status badge when
a line ends the game, and a field's red outline once the live check finds it right."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.services import handline_add, scoresheet_create
from tests.browser.checks import PHONE, assert_member_page
from tests.browser.test_scoresheet_entry import submit_line, type_line
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory
from tests.scoring.games import AUCTION45

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


CHECK_WAIT = 15_000


def test_the_last_line_finishes_the_badge_and_a_fixed_field_loses_its_outline(
    live_server: LiveServer, page: Page
) -> None:
    club = ClubFactory.create(slug="badges")
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    user = director.player.user
    assert user is not None
    sheet = scoresheet_create(
        club=club, by=None, game_id="auction45", title="Table 2", first_dealer=0
    )
    for number, line in enumerate(AUCTION45[:5], start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=None)

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/sign-in/?next=/clubs/badges/sheets/{sheet.pk}/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    badge = page.locator("#sheet-status")
    expect(badge).to_have_text("In progress")

    # A bid of 17 is refused: the bid is outlined and announced as invalid.
    type_line(page, ("3", "17", "s", "25", "5"))
    submit_line(page)
    bid = page.locator("#id_bid")
    expect(bid).to_have_attribute("aria-invalid", "true")
    # Corrected, the live check clears its message, and the outline goes with it.
    bid.fill("20")
    # The check answers a moment after the keystroke: on a busy machine, more than a moment.
    expect(page.locator("#error-bid")).to_have_text("", timeout=CHECK_WAIT)
    expect(page.locator("#line-check")).to_contain_text("Made", timeout=CHECK_WAIT)
    expect(bid).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("td.field-error")).to_have_count(0)

    bid.press("Enter")
    expect(page.locator("#line-6")).to_be_visible()
    expect(page.locator("#sheet-end")).to_contain_text("Game over")
    expect(badge).to_have_text("Finished")
    assert_member_page(page)
