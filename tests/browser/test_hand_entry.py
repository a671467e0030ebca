"""The one-hand-at-a-time entry page on a 390x844 touch screen, in Chromium: three hands of
120s tapped in without a keyboard (the sheet page offers the page first), the totals right
and always on screen, no sideways scroll, axe-core clean; and hands typed with the hall's
wifi down wait on the phone and are added exactly once when it returns, even when an answer
is lost on the way back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Club
from engine.rules import Tally, get_game
from scoring.models import HandLine, Scoresheet
from scoring.services import SideSpec, scoresheet_create
from tests.browser.checks import PHONE, assert_accessible, assert_fits
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A touch phone's page: 390x844, taps instead of clicks."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def _sheet(club: Club) -> Scoresheet:
    players = {
        seat: MembershipFactory.create(club=club, player__display_name=name).player
        for seat, name in enumerate(NAMES)
    }
    return scoresheet_create(
        club=club,
        by=None,
        game_id="auction45",
        title="Table 7",
        sides=[SideSpec(label="North-South"), SideSpec(label="East-West")],
        seat_players=players,
        first_dealer=0,
    )


def _sign_in(page: Page, live_server: LiveServer, club: Club, to: str) -> None:
    scorer = MembershipFactory.create(club=club, role="scorer", with_account=True)
    assert scorer.player.user is not None
    page.goto(f"{live_server.url}/sign-in/?next={to}")
    page.get_by_label("Username").fill(scorer.player.user.username)
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").tap()


def _tap_hand(page: Page, bidder: str, bid: str, trump: str, steps: list[str]) -> None:
    """Tap the bidder's seat, the bid and the trump, then the steppers' buttons named."""
    page.get_by_role("group", name="Bidder").get_by_role("radio", name=bidder).tap()
    page.get_by_role("group", name="Bid").get_by_role("radio", name=bid, exact=True).tap()
    page.get_by_role("radio", name=trump).tap()
    for step in steps:
        page.get_by_role("button", name=step).tap()


def _expected_totals(lines: list[dict[str, Any]]) -> list[int]:
    game = get_game("auction45")
    tally = Tally.start(2)
    for line in lines:
        tally = game.check_line(line, tally).tally_after
    return list(tally.scores)


def test_three_hands_tapped_in_on_a_phone(live_server: LiveServer, phone: Page) -> None:
    club = ClubFactory.create(slug="taps")
    sheet = _sheet(club)
    _sign_in(phone, live_server, club, f"/clubs/taps/sheets/{sheet.pk}/")
    offer = phone.get_by_role("link", name="Enter hand by hand")
    expect(offer).to_be_visible()
    assert offer.bounding_box()["y"] < phone.locator("h1").bounding_box()["y"]  # type: ignore[index]
    offer.tap()
    expect(phone.get_by_role("heading", name="Table 7")).to_be_visible()
    phone.wait_for_load_state("load")
    assert_fits(phone)
    assert_accessible(phone)
    dealer = phone.get_by_role("group", name="Dealer")
    expect(dealer.get_by_role("radio", name="1 Ann")).to_be_checked()  # the first dealer

    # Hand 1: Bob (East-West) bids 20 in hearts and takes 25.
    _tap_hand(phone, "2 Bob", "20", "Hearts", ["5 more for East-West"])
    expect(phone.locator("#id_points_1")).to_have_value("25")
    expect(phone.locator("#id_points_0")).to_have_value("5")  # filled: 30 less 25
    expect(phone.locator("#line-check")).to_contain_text("Made")
    phone.get_by_role("button", name="Add hand").tap()
    lines = [{"dealer": 0, "bidder": 1, "bid": 20, "trump": "H", "points": [5, 25]}]
    totals = _expected_totals(lines)
    expect(phone.locator("#hand-total-0")).to_have_text(str(totals[0]))
    expect(phone.locator("#hand-total-1")).to_have_text(str(totals[1]))
    expect(dealer.get_by_role("radio", name="2 Bob")).to_be_checked()  # the deal passed
    expect(phone.locator("#line-check")).not_to_contain_text("Made")  # the next hand is blank

    # Hand 2: Cy (North-South) bids 15 in spades; the points start at the bid: 15 to 15.
    _tap_hand(phone, "3 Cy", "15", "Spades", [])
    expect(phone.locator("#id_points_0")).to_have_value("15")
    phone.get_by_role("button", name="Add hand").tap()
    lines.append({"dealer": 1, "bidder": 2, "bid": 15, "trump": "S", "points": [15, 15]})
    totals = _expected_totals(lines)
    expect(phone.locator("#hand-total-0")).to_have_text(str(totals[0]))

    # Hand 3: Di (East-West) bids 25 in diamonds and is set with 20.
    _tap_hand(phone, "4 Di", "25", "Diamonds", ["5 fewer for East-West"])
    expect(phone.locator("#line-check")).to_contain_text("Set")
    phone.get_by_role("button", name="Add hand").tap()
    lines.append({"dealer": 2, "bidder": 3, "bid": 25, "trump": "D", "points": [10, 20]})
    totals = _expected_totals(lines)
    expect(phone.locator("#hand-total-0")).to_have_text(str(totals[0]))
    expect(phone.locator("#hand-total-1")).to_have_text(str(totals[1]))
    expect(phone.locator("#hand-status")).to_contain_text("Line 3 added.")

    stored = list(HandLine.objects.filter(sheet=sheet).order_by("number"))
    assert [line.line["points"] for line in stored] == [line["points"] for line in lines]
    assert [line.dealer for line in stored] == [0, 1, 2]
    assert stored[-1].scores_after == totals
    assert len({line.client_key for line in stored}) == 3 and all(
        line.client_key for line in stored
    )
    # The score bar stays on screen once the page is scrolled to the Add button.
    phone.get_by_role("button", name="Add hand").scroll_into_view_if_needed()
    score = phone.locator(".hand-score").bounding_box()
    assert score is not None and score["y"] >= 0 and score["y"] + score["height"] <= 844
    assert_fits(phone)
    assert_accessible(phone)


def test_a_hand_typed_offline_is_sent_once_when_back_online(
    live_server: LiveServer, phone: Page
) -> None:
    club = ClubFactory.create(slug="wifi")
    sheet = _sheet(club)
    _sign_in(phone, live_server, club, f"/clubs/wifi/sheets/{sheet.pk}/hand/")
    expect(phone.get_by_role("heading", name="Table 7")).to_be_visible()
    phone.wait_for_load_state("load")

    phone.context.set_offline(True)
    _tap_hand(phone, "2 Bob", "20", "Hearts", [])
    phone.get_by_role("button", name="Add hand").tap()
    expect(phone.locator("#hand-status")).to_contain_text("1 hand waiting to be sent (hand 1)")
    expect(phone.locator("#hand-number")).to_have_text("2")  # the next hand can be tapped
    assert not HandLine.objects.filter(sheet=sheet).exists()

    phone.context.set_offline(False)
    expect(phone.locator("#hand-status")).to_contain_text("Line 1 added.")
    expect(phone.locator("#hand-total-1")).to_have_text("20")
    assert HandLine.objects.filter(sheet=sheet).count() == 1

    # The next hand reaches the sheet, but its answer is lost on the way back: the phone
    # keeps it waiting and sends it again with the same key; the sheet adds it once.
    lost: list[str] = []
    back: list[bool] = []

    def lose_the_answer(route: Route) -> None:
        if not lost:
            lost.append(route.request.url)
            route.fetch()  # the hand arrives
            route.abort("internetdisconnected")  # the answer does not
        elif back:
            route.continue_()
        else:
            route.abort("internetdisconnected")  # retries fail until the wifi is back

    phone.route("**/hand/", lose_the_answer)
    _tap_hand(phone, "3 Cy", "15", "Spades", [])
    with phone.expect_event("requestfailed"):  # after the sheet answered, unheard
        phone.get_by_role("button", name="Add hand").tap()
    assert lost
    assert HandLine.objects.filter(sheet=sheet).count() == 2  # arrived once already
    expect(phone.locator("#hand-status")).to_contain_text("1 hand waiting to be sent (hand 2)")
    back.append(True)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    expect(phone.locator("#hand-status")).to_contain_text("Line 2 added.")
    assert HandLine.objects.filter(sheet=sheet).count() == 2
    assert phone.evaluate("localStorage.length") == 1
    assert phone.evaluate(f"localStorage.getItem('kitty-hand-queue-{sheet.pk}')") == "[]"


def assert_opens_at_the_bidder(page: Page) -> None:
    """The page is at its top after loading, the bidder's seats in view: nothing took the
    focus further down (the browser would have scrolled to it)."""
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)  # a late focus would scroll now
    assert page.evaluate("window.scrollY") == 0
    bidder = page.get_by_role("group", name="Bidder").bounding_box()
    viewport = page.viewport_size
    assert bidder is not None and viewport is not None
    assert 0 <= bidder["y"] < viewport["height"]


def test_the_page_opens_at_its_top_on_the_bidder(live_server: LiveServer, phone: Page) -> None:
    club = ClubFactory.create(slug="top")
    sheet = _sheet(club)
    _sign_in(phone, live_server, club, f"/clubs/top/sheets/{sheet.pk}/hand/")
    expect(phone.get_by_role("heading", name="Table 7")).to_be_visible()
    assert_opens_at_the_bidder(phone)
