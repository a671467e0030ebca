"""Choosing other rules on the new-sheet form, in Chromium: htmx redraws the sides for the
new game and what was typed in them stays (a sheet was once started with sides "Seat 1/2/3"
because the names were wiped)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.demo import CLUB_SLUG, DEMO_PASSWORD
from demo.services import demo_load
from scoring.models import Scoresheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_changing_the_rules_keeps_sides_seats_and_first_dealer(
    live_server: LiveServer, page: Page
) -> None:
    demo_load()
    page.goto(f"{live_server.url}/sign-in/?next=/clubs/{CLUB_SLUG}/sheets/new/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state("load")
    page.get_by_label("Title").fill("Table 5")
    page.locator("#id_side_0_label").fill("North-South")
    page.locator("#id_side_1_label").fill("East-West")
    page.get_by_label("First dealer").select_option(label="Seat 3")
    seat_2 = page.locator("#id_seat_1 option").nth(1).get_attribute("value") or ""
    page.locator("#id_seat_1").select_option(seat_2)

    standard_whist = page.locator("#id_rules option", has_text="Standard Bid Whist")
    page.get_by_label("Rules").select_option(standard_whist.get_attribute("value") or "")
    expect(page.locator("#sides")).to_contain_text("Bid Whist")
    expect(page.locator("#id_side_0_label")).to_have_value("North-South")
    expect(page.locator("#id_side_1_label")).to_have_value("East-West")
    expect(page.locator("#id_seat_1")).to_have_value(seat_2)
    expect(page.get_by_label("First dealer")).to_have_value("2")
    expect(page.get_by_label("Title")).to_have_value("Table 5")

    page.get_by_role("button", name="Start the sheet").click()
    expect(page.get_by_role("heading", name="Table 5")).to_be_visible()
    sheet = Scoresheet.objects.get(title="Table 5")
    assert sheet.game == "bidwhist" and sheet.first_dealer == 2
    assert [side.label for side in sheet.sides.all()] == ["North-South", "East-West"]
    assert sheet.seats.get(seat=1).player_id == int(seat_2)
