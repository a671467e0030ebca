"""Hint and Review at a practice table on a phone (390×844, by touch): the member asks for a
hint on their turn and reads the computer's choice with its expected points, plays the hand to
its end, then opens the review of that hand and reads the decisions it lists.

The services take no seed for a member's table, so the review's rows are whatever the hand
gave: the page is checked against the rows the review keeps (or its "no decision" line).
"""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, expect

from tables.models import HandReview, ReviewStatus
from tests.browser.checks import assert_member_page
from tests.browser.table_moves import db_read
from tests.browser.test_members_play import (
    LOBBY,
    RULES,
    _member,
    _on_table,
    _play_first_hand,
    _signed_in,
    contexts,  # noqa: F401  (the fixture, shared)
    pytestmark,  # noqa: F401  (the same marks: a browser, the database, tables in process)
)
from tests.factories import ClubFactory


def test_a_hint_on_my_turn_then_the_review_of_the_hand(
    browser: Browser,
    contexts: list[BrowserContext],  # noqa: F811
    daphne_url: str,
) -> None:
    club = ClubFactory.create()
    pat = _member(club, "Pat Arsenault")
    page = _signed_in(browser, contexts, daphne_url, pat, LOBBY)
    page.locator("#practice-now select[name=rules]").select_option(RULES)
    page.locator("#practice-start").tap()
    table = _on_table(page, daphne_url)
    expect(page.locator("#your-turn")).to_be_visible()

    expect(page.locator("#hint-button")).to_be_visible()
    page.locator("#hint-button").tap()
    computer = page.locator("#hint-computer")
    expect(computer).to_contain_text("The computer would choose")
    expect(computer).to_contain_text("points a hand on average")
    rows = page.locator("#hint-best li")
    assert 1 <= rows.count() <= 3
    expect(rows.first).to_contain_text(":")
    assert page.url.endswith(f"/tables/{table.pk}/")  # the table page stayed open
    assert_member_page(page)

    _play_first_hand(table, [page])
    if page.locator("#summary-continue").count():
        page.locator("#summary-continue").tap()
    expect(page.locator("#hint-computer")).to_have_count(0)  # the table moved on

    page.locator("#review-link").tap()
    page.wait_for_url(f"{daphne_url}/tables/{table.pk}/hands/1/review/")
    assert_member_page(page)
    page.locator("#review-ask").tap()
    # Worked out in the background (eager here); a pending page looks again by itself.
    expect(page.locator("#review-rows, #review-none")).to_be_visible(timeout=60_000)
    review = db_read(lambda: HandReview.objects.get(table=table))
    assert review.status == ReviewStatus.DONE and review.decisions > 0
    if review.rows:
        expect(page.locator("#review-rows .review-row")).to_have_count(len(review.rows))
        first = page.locator("#review-rows .review-row").first
        expect(first).to_contain_text("You:")
        expect(first).to_contain_text("The computer:")
        assert first.get_attribute("data-seq") == str(review.rows[0]["seq"])
    else:
        expect(page.locator("#review-none")).to_be_visible()
    assert_member_page(page)
