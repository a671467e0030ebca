"""A table's phone without an account, in Chromium at 390x844: the code printed on the sheet
opens its entry page, a hand is tapped in and added, and the page fits and passes axe-core."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import HandLine, LineRevision
from scoring.tablecodes import tablecode_issue
from tests.browser import test_hand_entry
from tests.browser.checks import assert_member_page
from tests.factories import ClubFactory
from tests.scoring.games import AUCTION45_TOTALS

# The sheet and the 390x844 touch page of the hand-by-hand test.
hand_sheet = test_hand_entry._sheet
touch_phone = test_hand_entry.phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_table_adds_a_hand_with_its_code(live_server: LiveServer, touch_phone: Page) -> None:
    club = ClubFactory.create(slug="codes")
    sheet = hand_sheet(club)  # Ann, Bob, Cy and Di at "Table 7", Ann deals first
    phone = touch_phone
    code = tablecode_issue(sheet=sheet, by=None)

    phone.goto(f"{live_server.url}/t/")
    phone.get_by_label("Table code").fill(code.code.replace("-", "").lower())
    phone.get_by_role("button", name="Open the sheet").tap()
    expect(phone.get_by_role("heading", name="Table 7")).to_be_visible()
    phone.wait_for_load_state("load")
    assert_member_page(phone)

    phone.get_by_role("group", name="Bidder").get_by_role("radio", name="2 Bob").tap()
    phone.get_by_role("group", name="Bid").get_by_role("radio", name="20", exact=True).tap()
    phone.get_by_role("radio", name="Hearts").tap()
    phone.get_by_role("button", name="5 more for East-West").tap()
    expect(phone.locator("#line-check")).to_contain_text("Made")
    phone.get_by_role("button", name="Add hand").tap()
    expect(phone.locator("#hand-status")).to_contain_text("Line 1 added.")
    expect(phone.locator("#hand-total-1")).to_have_text("25")

    line = HandLine.objects.get(sheet=sheet)
    assert line.line["points"] == [5, 25] and line.created_by is None
    assert LineRevision.objects.get(line=line).note.startswith(f"table {code.code}, phone ")


# A whole game of 45s (tests.scoring.games.AUCTION45) as the table taps it: bidder, bid,
# trump, and the stepper taps from the bid to the bidding side's points.
GAME = [
    ("2 Bob", "20", "Hearts", []),
    ("3 Cy", "15", "Spades", ["5 more for North-South"]),
    ("4 Di", "25", "Diamonds", ["5 fewer for East-West"]),
    ("1 Ann", "30", "Clubs", []),
    ("2 Bob", "20", "Hearts", ["5 more for East-West"]),
    ("3 Cy", "20", "Spades", ["5 more for North-South"]),
]


def test_a_table_plays_a_game_through_an_outage_and_the_other_side_confirms(
    live_server: LiveServer, touch_phone: Page
) -> None:
    phone = touch_phone
    sheet = hand_sheet(ClubFactory.create(slug="night"))
    code = tablecode_issue(sheet=sheet, by=None)
    phone.goto(f"{live_server.url}/t/{code.code}/")
    phone.wait_for_load_state("load")
    for number, (bidder, bid, trump, steps) in enumerate(GAME, start=1):
        if number == 2:
            phone.context.set_offline(True)  # the hall's wifi drops for three hands
        test_hand_entry._tap_hand(phone, bidder, bid, trump, steps)
        phone.get_by_role("button", name="Add hand").tap()
        expect(phone.locator("#hand-number")).to_have_text(str(number + 1))
        if (number == 1 or number > 4) and number < len(GAME):
            # Online: the table waits for the answer before the next hand, as the players see
            # it (the answer's line above the form moves the buttons under a thumb).
            expect(phone.locator("#hand-status")).to_contain_text(f"Line {number} added.")
        if number == 4:
            expect(phone.locator("#hand-status")).to_contain_text("3 hands waiting")
            assert HandLine.objects.filter(sheet=sheet).count() == 1
            phone.context.set_offline(False)
            expect(phone.locator("#hand-status")).to_contain_text("Line 4 added.")
    # The last hand ends the game: the page reloads to show it over.
    expect(phone.get_by_text("Game over.")).to_be_visible()
    stored = list(HandLine.objects.filter(sheet=sheet).order_by("number"))
    assert [line.scores_after for line in stored] == AUCTION45_TOTALS

    phone.wait_for_load_state("load")
    assert_member_page(phone)
    phone.get_by_role("button", name="Confirm (other side)").tap()
    expect(phone.get_by_text("The sheet is confirmed.")).to_be_visible()
    sheet.refresh_from_db()
    assert sheet.status == "confirmed"
