"""A whole online hand in Chromium: sign in, take a seat, play by clicking, reload mid-trick.

The table page talks to the server over a websocket, which pytest-django's live server (WSGI)
cannot serve: Daphne runs on a thread of the test process instead (``daphne_url`` in
tests/browser/conftest.py), with the same settings, database and in-memory channel layer.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, ViewportSize, expect

from club.models import Membership
from scoring.models import HandLine
from tables import live
from tables.models import LiveTable
from tables.naming import seat_names
from tables.services import SeatSpec, table_create, tables_open_due
from tests.browser.checks import LAPTOP, PHONE, assert_member_page, broken_words, contrast
from tests.browser.table_moves import (
    WAIT,
    act_once,
    against_computers,
    assert_first_screen,
    box_of,
    close_pages,
    db_read,
    screenshot,
    wait_for_socket,
)
from tests.browser.test_table_input import Seated
from tests.factories import TEST_PASSWORD, MembershipFactory
from tests.tables.helpers import play_hand

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_in_process"),
]


def _playing_against_computers(
    page: Page,
    daphne_url: str,
    member: Membership,
    title: str,
    *,
    turn_seconds: int,
    game_id: str = "auction45",
    first_hand_played: bool = False,
) -> LiveTable:
    """``member`` at a table already playing (120s unless ``game_id`` says), three computers
    beside them, its page open and its socket connected; with ``first_hand_played``, its
    first hand is played through the service before the page opens."""
    table = against_computers(
        member.club, member.player, title, turn_seconds=turn_seconds, game_id=game_id
    )
    if first_hand_played:
        play_hand(table)
    _sign_in(page, daphne_url, member.player.user)
    page.goto(f"{daphne_url}/clubs/{member.club.slug}/tables/{table.pk}/")
    wait_for_socket(page)
    return table


def _check_seats_placed(page: Page) -> None:
    """The own seat at the bottom, the partner across, the opponents left and right."""
    expect(page.locator(".seat[data-place=bottom] .seat-name")).to_have_text("You")
    expect(page.locator(".seat[data-place=top] .seat-name")).to_have_text("Computer South, random")
    expect(page.locator(".seat[data-place=left] .seat-name")).to_have_text("Computer East, random")
    expect(page.locator(".seat[data-place=right] .seat-name")).to_have_text("Computer West, random")
    bottom, top = (
        box_of(page.locator(".seat[data-place=bottom]")),
        box_of(page.locator(".seat[data-place=top]")),
    )
    left, right = (
        box_of(page.locator(".seat[data-place=left]")),
        box_of(page.locator(".seat[data-place=right]")),
    )
    assert top["y"] + top["height"] <= bottom["y"]
    assert left["x"] + left["width"] <= right["x"]


def _check_trick_in_centre(page: Page) -> None:
    """Each card of the trick lies in the centre of the table, before the seat that played it."""
    centre = box_of(page.locator("#table-picture .trick-centre"))
    cards = page.locator("#trick .trick-card")
    for index in range(cards.count()):
        card = cards.nth(index)
        place = card.get_attribute("data-place")
        seat = card.get_attribute("data-seat-index")
        assert page.locator(f".seat[data-seat-index='{seat}']").get_attribute("data-place") == place
        box = box_of(card.locator("[data-card]"))
        assert centre["x"] <= box["x"] and box["x"] + box["width"] <= centre["x"] + centre["width"]
        assert (
            centre["y"] <= box["y"] and box["y"] + box["height"] <= centre["y"] + centre["height"]
        )
        assert card.locator("[data-card]").get_attribute("aria-label")


def _check_summary(page: Page, viewport: ViewportSize, table: LiveTable) -> None:
    """The finished hand's summary shows over the next deal, fits, and goes on Continue; the
    table has no clock, so none is shown."""
    line = HandLine.objects.get(sheet=table.scoresheet, number=1)
    summary = page.locator("#hand-summary")
    expect(summary).to_be_visible(timeout=WAIT)
    expect(summary.locator("h2")).to_have_text("Hand 1")
    rows = summary.locator("tbody tr")
    expect(rows).to_have_count(2)
    totals = [rows.nth(i).locator("td").last.inner_text() for i in range(2)]
    assert totals == [str(score) for score in line.scores_after]
    tricks = sum(int(rows.nth(i).locator("td").first.inner_text()) for i in range(2))
    assert tricks == 5
    expect(summary.locator(".summary-headline")).to_contain_text(re.compile("made it|was set"))
    assert page.locator("[data-clock]").count() == 0
    assert_member_page(page)
    screenshot(page, "table-summary")
    page.locator("#summary-continue").click()
    expect(summary).to_have_count(0)
    # Continued: the next states do not bring it back.
    page.reload()
    wait_for_socket(page)
    page.wait_for_timeout(300)
    expect(page.locator("#hand-summary")).to_have_count(0)


def _sign_in(page: Page, daphne_url: str, user: object) -> None:
    page.goto(f"{daphne_url}/sign-in/")
    page.fill("input[name=username]", getattr(user, "username", ""))
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_turn_clock_counts_down_in_words_for_the_seat_to_act(
    daphne_url: str, page: Page, viewport: ViewportSize
) -> None:
    page.set_viewport_size(viewport)
    member = MembershipFactory.create(with_account=True, player__display_name="Ann Boudreau")
    _playing_against_computers(page, daphne_url, member, "Clocked 120s", turn_seconds=90)
    clock = page.locator("#turn-clock .clock-text")
    expect(clock).to_have_text(re.compile(r"^1:(2\d|30) left$"), timeout=WAIT)
    expect(page.locator(".seat-to-act #seat-clock")).to_be_visible()
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=5000)  # it counts down
    assert_first_screen(page, viewport)
    assert_member_page(page)


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_player_plays_a_whole_hand_online(
    daphne_url: str, page: Page, viewport: ViewportSize
) -> None:
    page.set_viewport_size(viewport)
    club_member = MembershipFactory.create(
        with_account=True, player__display_name="Maureen Doucette"
    )
    club = club_member.club
    user = club_member.player.user
    assert user is not None
    when = timezone.now() + timedelta(minutes=30)
    table = table_create(
        club=club,
        by=None,
        scheduled_at=when,
        game_id="auction45",
        title="Online 120s",
        seats=[SeatSpec(), *[SeatSpec(bot="random")] * 3],
        seed=4,
        turn_seconds=0,
    )
    tables_open_due(now=when)  # what Celery beat does at the scheduled time

    page.goto(f"{daphne_url}/sign-in/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()
    page.goto(f"{daphne_url}/tables/")
    page.get_by_role("link", name="Online 120s").click()
    page.locator("#take-seat-0").click()
    wait_for_socket(page)
    expect(page.locator("#your-turn")).to_be_visible(timeout=WAIT)
    expect(page.locator("#own-hand .hand-card")).to_have_count(5)
    _check_seats_placed(page)

    reloaded = False
    for _ in range(200):
        db_read(table.refresh_from_db)
        if table.hand_number > 1 and reloaded:
            break
        # The computers' moves are paced for the person: their turn comes after them.
        expect(page.locator("#your-turn")).to_be_visible(timeout=WAIT)
        trick = page.locator("#trick [data-card]")
        if not reloaded and 1 <= trick.count() <= 3 and page.locator("#your-turn").count():
            _check_trick_in_centre(page)
            assert_first_screen(page, viewport)
            assert_member_page(page)
            screenshot(page, "table-mid-trick")
            seen_trick = trick.all_inner_texts()
            seen_hand = page.locator("#own-hand").inner_text()
            page.reload()
            wait_for_socket(page)
            expect(page.locator("#trick [data-card]")).to_have_count(len(seen_trick))
            assert page.locator("#trick [data-card]").all_inner_texts() == seen_trick
            assert page.locator("#own-hand").inner_text() == seen_hand
            _check_seats_placed(page)
            _check_trick_in_centre(page)
            reloaded = True
        expect(page.locator("#your-turn")).to_be_visible(timeout=WAIT)
        if reloaded and page.locator("#hand-summary").count():
            break  # the hand ended as the table was read: its summary is up
        act_once(page)
    else:
        pytest.fail("the hand did not end")

    _check_summary(page, viewport, table)
    line = HandLine.objects.get(sheet=table.scoresheet, number=1)
    row = page.locator("#sheet-lines tr[data-line='1']")
    expect(row).to_be_visible()
    expect(row).to_contain_text(re.compile(r"(made|set|–)"))
    expect(row).to_contain_text(" to ".join(str(s) for s in line.scores_after))
    assert LiveTable.objects.get(pk=table.pk).seq > 20
    # The same line on the match's scoresheet page.
    page.locator("#sheet-link").click()
    expect(page.locator("#line-1")).to_be_visible()


def test_a_director_at_the_table_sees_the_table_first_and_can_read_their_buttons(
    daphne_url: str, page: Page
) -> None:
    page.set_viewport_size(PHONE)
    director = MembershipFactory.create(
        with_account=True, role="director", player__display_name="Rita Melanson"
    )
    table = _playing_against_computers(page, daphne_url, director, "Directed 120s", turn_seconds=0)
    # The table comes first on a phone: the director's panel does not push the hand down.
    expect(page.locator("#your-turn")).to_be_visible(timeout=WAIT)
    assert_first_screen(page, PHONE)
    for button in ("#table-pause", "#table-abandon"):
        expect(page.locator(button)).to_be_visible()
        assert contrast(page.locator(button)) >= 4.5, button
    assert_member_page(page)  # their words contrast with the panel they are on
    close_pages(page.context, table)


#: Kept by the page as it draws: every finished trick shown with its winner (its cards, the
#: winner's line, when it came and went, whether the person was to lead), and the bar during
#: the auction with whether the calls so far were on the first screen.
_WATCH = """() => {
  const seen = window.kittySeen = {tricks: [], auction: []};
  let current = null;
  const look = () => {
    const trick = document.getElementById("trick");
    const winner = document.getElementById("trick-winner");
    const cards = trick ? [...trick.querySelectorAll("[data-card]")].map(c => c.dataset.card) : [];
    const key = winner && cards.length === 4 ? cards.join(" ") : null;
    if (current && current.key !== key) { current.end = performance.now(); current = null; }
    if (key && !current) {
      current = {key, cards, winner: winner.textContent, start: performance.now(), end: null,
        yours: !!document.getElementById("your-turn")};
      seen.tricks.push(current);
    }
    const status = document.getElementById("table-status");
    const bid = document.getElementById("bar-bid");
    if (status && bid && /Auction/.test(status.textContent) && /bid \\d+/.test(bid.textContent)) {
      const calls = [...document.querySelectorAll("#trick .trick-call")];
      const inView = calls.length > 0 && calls.every(c => {
        const box = c.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight;
      });
      seen.auction.push({bid: bid.textContent, calls: calls.map(c => c.textContent), inView});
    }
  };
  new MutationObserver(look).observe(document.getElementById("table-live"),
    {childList: true, subtree: true});
  look();
}"""


def _tricks_of(table: LiveTable, number: int) -> list[tuple[list[str], str]]:
    """Each trick of hand ``number`` as its cards and the name its winner has for seat 0."""
    hand_row = table.hands.get(number=number)
    hand = live.hand_replayed(table, hand_row)
    names = seat_names(list(table.seats.select_related("player").order_by("index")), 0)
    return [
        ([play["card"] for play in trick["plays"]], names[trick["winner"]])
        for trick in hand.view(0)["tricks"]
    ]


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_person_sees_every_trick_finish_and_the_bid_to_beat(
    daphne_url: str, page: Page, viewport: ViewportSize
) -> None:
    page.set_viewport_size(viewport)
    member = MembershipFactory.create(with_account=True, player__display_name="Ann Boudreau")
    table = _playing_against_computers(page, daphne_url, member, "Paced 45s", turn_seconds=0)
    page.evaluate(_WATCH)
    shots: set[str] = set()

    def shoot(name: str) -> None:
        if name not in shots:
            page.evaluate("window.scrollTo(0, 0)")
            screenshot(page, name)
            shots.add(name)

    for _ in range(200):
        db_read(table.refresh_from_db)
        if table.hand_number > 1:
            break
        if page.locator("#trick-winner").count():
            shoot("table-trick-end")
        expect(page.locator("#your-turn")).to_be_visible(timeout=WAIT)
        if page.locator("#trick .trick-call").count():
            shoot("table-auction")
            assert_member_page(page)
        elif 1 <= page.locator("#trick [data-card]").count() <= 3:
            shoot("table-mid-trick")
        elif page.locator("#trick-winner").count():
            shoot("table-trick-end")
            assert_member_page(page)
        act_once(page, highest=True)
    else:
        pytest.fail("the hand did not end")
    # The last trick ends the hand: it is shown before the summary of the hand comes up.
    expect(page.locator("#hand-summary")).to_be_visible(timeout=WAIT)
    seen = page.evaluate("window.kittySeen")
    expected = _tricks_of(table, 1)
    assert len(expected) == 5
    assert [(trick["cards"], trick["winner"]) for trick in seen["tricks"]] == [
        (cards, f"Won by {winner}") for cards, winner in expected
    ]
    for trick in seen["tricks"]:
        if not trick["yours"]:  # the person's own lead ends it sooner
            assert trick["end"] is None or trick["end"] - trick["start"] >= 900, trick
    assert seen["auction"], "the bar never showed the bid to beat during the auction"
    assert all(re.search(r"bid \d+$", shown["bid"]) for shown in seen["auction"])
    assert all(shown["inView"] for shown in seen["auction"])
    assert {"table-auction", "table-mid-trick", "table-trick-end"} <= shots
    close_pages(page.context, table)


def test_on_a_laptop_the_bid_and_trump_buttons_show_without_scrolling(
    browser: Browser, daphne_url: str
) -> None:
    """Bid Whist's bidder names trump and mode from fifteen buttons: all on the first screen."""
    at = Seated(browser, daphne_url, ("bidwhist", 0), LAPTOP, False)  # the player speaks last
    page = at.page
    seen: set[str] = set()
    for _ in range(20):
        at.my_turn()
        buttons = page.locator("#actions [data-action]")
        if buttons.count():
            page.evaluate("window.scrollTo(0, 0)")
            actions = buttons.evaluate_all("all => all.map(b => b.dataset.action)")
            seen.add("trump" if any(" declare " in a for a in actions) else "bid")
            if " declare " in actions[0]:
                screenshot(page, "table-bid-whist-trump")
            for index, action in enumerate(actions):
                box = box_of(buttons.nth(index))
                assert box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"], action
            if "trump" in seen:
                screenshot(page, "table-bid-whist-trump")
                assert len(actions) >= 15
                break
        act_once(page, highest=True)
    assert seen == {"bid", "trump"}
    close_pages(at.context, at.table)


def test_on_a_phone_continue_is_on_the_first_screen_of_a_pitch_summary(
    daphne_url: str, page: Page
) -> None:
    page.set_viewport_size(PHONE)
    member = MembershipFactory.create(with_account=True, player__display_name="Ann Boudreau")
    table = _playing_against_computers(
        page, daphne_url, member, "Pitch", turn_seconds=0, game_id="pitch52", first_hand_played=True
    )
    panel = page.locator("#hand-summary")
    expect(panel).to_be_visible(timeout=WAIT)
    expect(panel.locator(".summary-categories li").first).to_be_visible()
    screenshot(page, "table-pitch-summary")
    shown, button = box_of(panel), box_of(page.locator("#summary-continue"))
    bottom = button["y"] + button["height"]
    assert shown["y"] <= button["y"] and bottom <= shown["y"] + shown["height"], (button, shown)
    assert bottom <= PHONE["height"]
    assert_member_page(page)
    page.locator("#summary-continue").click()
    expect(panel).to_have_count(0)
    close_pages(page.context, table)


def test_in_french_on_a_phone_a_computers_name_breaks_between_words_only(
    daphne_url: str, page: Page
) -> None:
    page.set_viewport_size(PHONE)
    member = MembershipFactory.create(
        with_account=True, player__display_name="Ann Boudreau", player__language="fr"
    )
    table = _playing_against_computers(page, daphne_url, member, "Table 1", turn_seconds=0)
    expect(page.locator(".seat[data-place=right] .seat-name")).to_have_text(
        "Ordinateur Ouest, au hasard"
    )
    expect(page.locator("#your-turn")).to_be_visible(timeout=WAIT)
    assert broken_words(page.locator(".seat-name")) == []
    # The seat says where it is once: its name says it.
    expect(page.locator(".seat[data-place=right] .seat-compass")).to_have_count(0)
    assert_member_page(page)
    screenshot(page, "table-french")
    close_pages(page.context, table)
