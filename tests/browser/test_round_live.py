"""The director's round page at 390x844 follows a table that scores itself: the phone (no
account) adds hands by the table's code, through an outage, and the page shows them without
being reloaded; the other side confirms and the public standings count the game; a
disagreement shows as flagged and the director clears it. Every page fits and passes axe-core."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Club
from scoring.models import Scoresheet
from scoring.selectors import sheet_view
from scoring.tablecodes import sheet_flag, tablecode_revoke
from tests.browser.checks import PHONE, assert_member_page
from tests.factories import TEST_PASSWORD, MembershipFactory
from tests.tournaments.factories import ClubSetup, club_with, event_with
from tournaments.models import Event, Match
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.simulate import sheet_play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _phone(browser: Browser) -> Page:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(10_000)
    return context.new_page()


def _director_at(browser: Browser, live_server: LiveServer, club: Club, url: str) -> Page:
    """A phone signed in as a director of ``club``, at ``url``."""
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    assert director.player.user is not None
    page = _phone(browser)
    page.goto(f"{live_server.url}/sign-in/?next={url}")
    page.get_by_label("Username").fill(director.player.user.username)
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").tap()
    return page


def _published(players: int) -> tuple[ClubSetup, Event, list[Scoresheet]]:
    """Round 1 of a progressive night published: its club, event and sheets by table."""
    setup = club_with(players=players)
    event = event_with(setup, format="progressive")
    round_ = round_publish(round_=round_pair(event=event))
    matches = Match.objects.filter(round=round_).select_related("sheet").order_by("table__number")
    sheets = [match.sheet for match in matches if match.sheet is not None]
    return setup, event, sheets


def test_the_round_page_follows_the_tables_live(live_server: LiveServer, browser: Browser) -> None:
    setup, event, (first, second) = _published(players=8)
    url = f"/clubs/{setup.club.slug}/events/{event.pk}/rounds/1/"
    page = _director_at(browser, live_server, setup.club, url)
    expect(page.locator(".live-summary")).to_contain_text("2 no hand yet")
    table = page.locator('.table-card[data-table="1"]')
    expect(table).to_contain_text("No hand yet")
    page.wait_for_load_state("load")
    assert_member_page(page)

    # The table's phone, without an account, adds a hand by its code.
    phone = _phone(browser)
    phone.goto(f"{live_server.url}/t/{first.codes.get().code}/")
    phone.get_by_role("group", name="Bidder").get_by_role("radio").nth(1).tap()
    phone.get_by_role("group", name="Bid").get_by_role("radio", name="20", exact=True).tap()
    phone.get_by_role("radio", name="Hearts").tap()
    phone.get_by_role("button", name="Add hand").tap()
    expect(phone.locator("#hand-status")).to_contain_text("Line 1 added.")

    # The director's page shows it by itself: no reload.
    expect(table).to_contain_text("1 hand", timeout=15_000)
    expect(table).to_contain_text("Playing")
    expect(table.locator(".side-line").nth(1)).to_contain_text("20")
    sheet_play(sheet=second, rng=random.Random(2))  # the sides disagree once it is over
    sheet_flag(code=second.codes.get(), phone="f0f0f0")
    flagged = page.locator('.table-card[data-table="2"]')
    expect(flagged).to_contain_text("Flagged: the sides disagree.", timeout=15_000)
    expect(flagged).to_contain_text("phone f0f0f0")
    expect(page.locator(".live-summary")).to_contain_text("1 flagged")
    assert_member_page(page)
    phone.context.close()
    page.context.close()


def test_the_round_page_holds_every_tables_code_and_prints_every_sheet(
    live_server: LiveServer, browser: Browser
) -> None:
    setup, event, sheets = _published(players=12)
    codes = [sheet.codes.get().code for sheet in sheets]
    tablecode_revoke(sheet=sheets[2])
    url = f"/clubs/{setup.club.slug}/events/{event.pk}/rounds/1/"
    page = _director_at(browser, live_server, setup.club, url)
    for number, code in enumerate(codes[:2], start=1):
        expect(page.locator(f'.table-card[data-table="{number}"] .table-code')).to_have_text(code)
    expect(page.locator('.table-card[data-table="3"]')).to_contain_text("No table code")
    page.wait_for_load_state("load")
    assert_member_page(page)

    page.get_by_role("button", name="Issue the missing codes").tap()
    expect(page.get_by_text("Table codes issued for 1 table")).to_be_visible()
    new = page.locator('.table-card[data-table="3"] .table-code')
    expect(new).to_have_text(re.compile(r"^[A-Z2-9]{3}-[A-Z2-9]{3}$"))
    issued = new.inner_text()
    assert_member_page(page)

    page.get_by_role("link", name="Print every sheet").tap()
    expect(page.locator(".paper-sheet")).to_have_count(3)
    expect(page.locator(".paper-sheet .table-code")).to_have_text([*codes[:2], issued])
    page.emulate_media(media="print")
    breaks = page.locator(".paper-sheet").evaluate_all(
        "sheets => sheets.map(s => getComputedStyle(s).breakBefore)"
    )
    assert breaks == ["auto", "page", "page"]
    page.context.close()


def test_the_director_clears_a_flag_from_a_phone(live_server: LiveServer, browser: Browser) -> None:
    setup, event, (sheet,) = _published(players=4)
    sheet_play(sheet=sheet, rng=random.Random(3))  # the sides disagree once it is over
    sheet_flag(code=sheet.codes.get(), phone="c0ffee")
    page = _director_at(
        browser, live_server, setup.club, f"/clubs/{setup.club.slug}/sheets/{sheet.pk}/"
    )
    expect(page.get_by_role("alert")).to_contain_text("phone c0ffee")
    page.wait_for_load_state("load")
    assert_member_page(page)
    page.get_by_label("What was done").fill("checked with both sides: the sheet is right")
    page.get_by_role("button", name="Clear the flag").tap()
    expect(page.get_by_text("The flag is cleared")).to_be_visible()
    expect(page.get_by_role("button", name="Clear the flag")).to_have_count(0)
    page.get_by_role("link", name="History", exact=True).tap()
    expect(page.get_by_text("checked with both sides: the sheet is right")).to_be_visible()
    assert_member_page(page)
    page.context.close()


# The 45s game of tests.scoring.games.AUCTION45 as a tournament table taps it: the bidder's
# seat (from 0), bid, trump, and the stepper's taps as (step, side) from the bid.
GAME = [
    (1, "20", "Hearts", []),
    (2, "15", "Spades", [("more", 0)]),
    (3, "25", "Diamonds", [("fewer", 1)]),
    (0, "30", "Clubs", []),
    (1, "20", "Hearts", [("more", 1)]),
    (2, "20", "Spades", [("more", 0)]),
]


def test_a_published_rounds_table_scores_its_game_and_the_standings_follow(
    live_server: LiveServer, browser: Browser
) -> None:
    setup, event, (sheet,) = _published(players=4)
    sides = sheet_view(sheet=sheet).side_labels
    url = f"/clubs/{setup.club.slug}/events/{event.pk}/rounds/1/"
    director = _director_at(browser, live_server, setup.club, url)
    table = director.locator('.table-card[data-table="1"]')
    expect(table).to_contain_text("No hand yet")

    # The phone scans the printed code: no account, 390x844, taps only.
    phone = _phone(browser)
    phone.goto(f"{live_server.url}/t/{sheet.codes.get().code}/")
    for number, (bidder, bid, trump, steps) in enumerate(GAME, start=1):
        if number == 2:
            phone.context.set_offline(True)  # three hands while the hall's wifi is down
        phone.get_by_role("group", name="Bidder").get_by_role("radio").nth(bidder).tap()
        phone.get_by_role("group", name="Bid").get_by_role("radio", name=bid, exact=True).tap()
        phone.get_by_role("radio", name=trump).tap()
        for word, side in steps:
            phone.get_by_role("button", name=f"5 {word} for {sides[side]}").tap()
        phone.get_by_role("button", name="Add hand").tap()
        expect(phone.locator("#hand-number")).to_have_text(str(number + 1))
        if number == 1:
            expect(table).to_contain_text("1 hand", timeout=15_000)  # live on the round page
        if number == 4:
            expect(phone.locator("#hand-status")).to_contain_text("3 hands waiting")
            phone.context.set_offline(False)
            expect(table).to_contain_text("4 hands", timeout=15_000)
    expect(phone.get_by_text("Game over.")).to_be_visible()
    expect(table).to_contain_text("Game over: to confirm", timeout=15_000)
    expect(table.locator(".side-line").first).to_contain_text("125")

    # The other side confirms on a phone of its own: the one that entered may not.
    expect(phone.get_by_text("This phone entered the hands")).to_be_visible()
    other_side = _phone(browser)
    other_side.goto(f"{live_server.url}/t/{sheet.codes.get().code}/")
    other_side.get_by_role("button", name="Confirm the scores").tap()
    expect(other_side.get_by_text("The sheet is confirmed.")).to_be_visible()
    expect(table).to_contain_text("Confirmed", timeout=15_000)
    standings = _phone(browser)
    standings.goto(f"{live_server.url}/events/{event.pk}/")
    expect(standings.locator("table").first).to_contain_text("125")
    assert_member_page(standings)
    for page in (phone, other_side, director, standings):
        page.context.close()
