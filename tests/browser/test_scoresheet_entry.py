"""A director types a whole 120s game into a scoresheet with the keyboard alone, in headless
Chromium: each line is checked as it is typed, Enter adds it, a bad line is refused with the
reason next to its field and nothing typed is lost, a line is corrected, and the sheet is
confirmed once the game is over."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from club.demo import CLUB_SLUG, DEMO_PASSWORD
from demo.services import demo_load
from scoring.models import HandLine, LineRevision, Scoresheet, SheetStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# (bidder seat from 1, bid, trump, points of side 1, points of side 2); the dealer is filled
# in by the page (seat 1 deals first). Tuesday 120s is played to 125.
HANDS = [
    ("2", "20", "h", "10", "20"),
    ("3", "15", "s", "20", "10"),
    ("4", "25", "d", "10", "20"),
    ("1", "30", "c", "30", "0"),
    ("2", "20", "h", "5", "25"),
    ("3", "20", "s", "25", "5"),
]


def type_line(page: Page, hand: tuple[str, ...]) -> None:
    """From the dealer field (focused): Tab past the dealer, then type the hand; the last
    value is left unsubmitted. Typing waits for the page's deferred scripts (htmx) as a
    person would: keys pressed before htmx is set up send no check."""
    page.wait_for_load_state("load")
    expect(page.locator("#id_dealer")).to_be_focused()
    page.keyboard.press("Tab")
    for index, value in enumerate(hand):
        page.keyboard.type(value)
        if index < len(hand) - 1:
            page.keyboard.press("Tab")


def submit_line(page: Page, field: Locator | None = None) -> None:
    """Press Enter (in ``field``, else where the focus is) and wait until the sheet's answer is
    in place: the live check may mark the form being replaced before the answer arrives, and a
    field typed into then is gone."""
    with page.expect_response(lambda response: response.request.method == "POST"):
        if field is None:
            page.keyboard.press("Enter")
        else:
            field.press("Enter")
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def test_director_types_a_whole_120s_game(live_server: LiveServer, page: Page) -> None:
    demo_load()
    page.goto(f"{live_server.url}/sign-in/?next=/clubs/{CLUB_SLUG}/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("link", name="Scoresheets").first.click()
    page.get_by_role("link", name="New scoresheet").click()

    # The club's default 120s rules are chosen first; partnerships name the sides.
    expect(page.get_by_label("Rules")).to_have_value(
        page.locator("#id_rules option", has_text="Tuesday 120s").get_attribute("value") or ""
    )
    page.get_by_label("Title").fill("Table 1")
    page.locator("#id_side_0_partnership").select_option(label="Five of Trumps")
    page.locator("#id_side_1_partnership").select_option(label="Jack Be Nimble")
    page.get_by_label("First dealer").select_option(label="Seat 1")
    page.get_by_role("button", name="Start the sheet").click()
    expect(page.get_by_role("heading", name="Table 1")).to_be_visible()
    sheet = Scoresheet.objects.get(title="Table 1")
    assert sheet.target == 125

    # Line 1: the check shows made/set and the totals before Enter.
    type_line(page, HANDS[0])
    check = page.locator("#line-check")
    expect(check).to_contain_text("Made")
    expect(check).to_contain_text("→ 20")
    page.keyboard.press("Enter")
    expect(page.locator("#line-1")).to_contain_text("made")
    expect(page.get_by_text("No line yet.")).to_have_count(0)
    expect(page.locator("#total-0")).to_have_text("10")
    expect(page.locator("#total-1")).to_have_text("20")
    expect(page.locator("#id_dealer")).to_have_value("2")  # the deal passed to the left

    # Line 2 typed with a bid of 12: refused, the reason next to the bid, nothing lost.
    type_line(page, (HANDS[1][0], "12", *HANDS[1][2:]))
    page.keyboard.press("Enter")
    expect(page.locator("#error-bid")).to_contain_text("Bid 12 is not allowed")
    expect(page.locator("#id_bid")).to_be_focused()
    expect(page.locator("#id_bid")).to_have_value("12")
    expect(page.locator("#id_points_0")).to_have_value("20")
    assert HandLine.objects.filter(sheet=sheet).count() == 1
    page.keyboard.type("15")  # the field's text is selected: typing replaces it
    page.keyboard.press("Enter")
    expect(page.locator("#line-2")).to_contain_text("15")
    expect(page.locator("#error-bid")).to_be_empty()

    for number, hand in enumerate(HANDS[2:4], start=3):
        type_line(page, hand)
        page.keyboard.press("Enter")
        expect(page.locator(f"#line-{number}")).to_be_visible()
    expect(page.locator("#total-0")).to_have_text("100")
    # Lines added while the game goes on are swapped in place: each row once, in order.
    rows = page.locator("#sheet-lines tr.line-row")
    expect(rows).to_have_count(4)
    assert rows.evaluate_all("rows => rows.map(row => row.id)") == [
        f"line-{n}" for n in range(1, 5)
    ]
    expect(page.locator("#sheet-notice")).to_have_text("Line 4 added.")
    expect(page.locator("input[name=number]")).to_have_value("5")

    # Line 1 was misread: side 1 took 15, not 10. Correct it; later totals follow.
    page.get_by_role("link", name="Correct line 1").click()
    page.locator("#id_points_0").fill("15")
    page.locator("#id_points_1").fill("15")
    page.locator("#id_points_1").press("Enter")
    expect(page.locator(".messages")).to_contain_text("Line 1 corrected")
    expect(page.locator("#line-1")).to_contain_text("set")
    expect(page.locator("#total-0")).to_have_text("105")
    expect(page.locator("#total-1")).to_have_text("-35")

    for number, hand in enumerate(HANDS[4:], start=5):
        type_line(page, hand)
        page.keyboard.press("Enter")
        expect(page.locator(f"#line-{number}")).to_be_visible()

    # Side 1 reached 125 on line 6: the game is over and no line is accepted.
    expect(page.locator(".game-over")).to_contain_text("Five of Trumps won")
    expect(page.locator("#id_dealer")).to_have_count(0)
    expect(page.locator("#total-0")).to_have_text("130")

    page.get_by_role("link", name="Confirm the sheet").click()
    page.get_by_role("button", name="Confirm and lock").click()
    expect(page.locator(".messages")).to_contain_text("confirmed and locked")
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.CONFIRMED
    assert HandLine.objects.live().filter(sheet=sheet).count() == 6
    edit = LineRevision.objects.get(line__sheet=sheet, action="edit")
    assert edit.before is not None and edit.before["line"]["points"] == [10, 20]
    assert edit.by is not None and edit.by.get_username() == "director"
