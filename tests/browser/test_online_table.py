"""A whole online hand in Chromium: sign in, take a seat, play by clicking, reload mid-trick.

The table page talks to the server over a websocket, which pytest-django's live server (WSGI)
cannot serve: Daphne runs on a thread of the test process instead (``daphne_url`` in
tests/browser/conftest.py), with the same settings, database and in-memory channel layer.
"""

from __future__ import annotations

import os
import re
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.utils import timezone
from playwright.sync_api import Locator, Page, ViewportSize, expect

from engine.tables.models import LiveTable
from engine.tables.services import SeatSpec, table_create, tables_open_due
from scoring.models import HandLine
from tests.browser.checks import LAPTOP, PHONE, assert_member_page
from tests.factories import TEST_PASSWORD, MembershipFactory

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Where the run leaves its pictures of the table mid-trick (printed by the test).
SCREENSHOTS = Path(os.environ.get("KITTY_SCREENSHOTS") or tempfile.gettempdir()) / "kitty-table"

# Computer players move between the player's clicks; a busy machine may take a while.
WAIT = 20_000


@pytest.fixture(autouse=True)
def _in_process_server_settings(settings: Settings) -> None:
    # The server runs in this process, so these reach it too: no turn clock fires mid-test,
    # and the sockets share the in-memory channel layer (the Redis layer has its own tests in
    # tests/tables/test_consumers.py).
    settings.KITTY_TABLE_TIMERS = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def _wait_for_socket(page: Page) -> None:
    page.wait_for_function("() => document.body.dataset.tableSocket === 'open'", timeout=WAIT)


def _seq(page: Page) -> int:
    return int(page.locator(".live").get_attribute("data-seq") or "0")


def _act_once(page: Page) -> None:
    """Press one legal action, preferring to bid (so the hand is played, not thrown in)."""
    before = _seq(page)
    discard = page.locator("[data-discard]")
    if discard.count():
        kind = discard.get_attribute("data-discard")
        boxes = discard.locator("input[data-card]")
        # The bidder keeps five cards of hand and kitty; in the draw, keep them all.
        for index in range(boxes.count() - 5 if kind == "kitty_discard" else 0):
            boxes.nth(index).check()
        discard.locator("[data-discard-submit]").click()
    else:
        bids = page.locator("#actions [data-action*=' call ']").filter(has_text="Bid")
        buttons = page.locator("#actions [data-action]")
        cards = page.locator("#own-hand [data-action]")
        if bids.count():
            bids.first.click()
        elif buttons.count():
            buttons.first.click()
        else:
            cards.first.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('.live').dataset.seq) > {before}", timeout=WAIT
    )


def _box(locator: Locator) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not drawn"
    return {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}


def _check_seats_placed(page: Page) -> None:
    """The own seat at the bottom, the partner across, the opponents left and right."""
    expect(page.locator(".seat[data-place=bottom] .seat-name")).to_have_text("You")
    expect(page.locator(".seat[data-place=top] .seat-name")).to_have_text("Computer South, random")
    expect(page.locator(".seat[data-place=left] .seat-name")).to_have_text("Computer East, random")
    expect(page.locator(".seat[data-place=right] .seat-name")).to_have_text("Computer West, random")
    bottom, top = (
        _box(page.locator(".seat[data-place=bottom]")),
        _box(page.locator(".seat[data-place=top]")),
    )
    left, right = (
        _box(page.locator(".seat[data-place=left]")),
        _box(page.locator(".seat[data-place=right]")),
    )
    assert top["y"] + top["height"] <= bottom["y"]
    assert left["x"] + left["width"] <= right["x"]


def _check_trick_in_centre(page: Page) -> None:
    """Each card of the trick lies in the centre of the table, before the seat that played it."""
    centre = _box(page.locator("#table-picture .trick-centre"))
    cards = page.locator("#trick .trick-card")
    for index in range(cards.count()):
        card = cards.nth(index)
        place = card.get_attribute("data-place")
        seat = card.get_attribute("data-seat-index")
        assert page.locator(f".seat[data-seat-index='{seat}']").get_attribute("data-place") == place
        box = _box(card.locator("[data-card]"))
        assert centre["x"] <= box["x"] and box["x"] + box["width"] <= centre["x"] + centre["width"]
        assert (
            centre["y"] <= box["y"] and box["y"] + box["height"] <= centre["y"] + centre["height"]
        )
        assert card.locator("[data-card]").get_attribute("aria-label")


def _check_first_screen(page: Page, viewport: ViewportSize) -> None:
    """Unscrolled, the hand, the trick, whose turn and the scores are all on screen."""
    page.evaluate("window.scrollTo(0, 0)")
    for selector in ("#own-hand", "#trick", "#table-status", "#table-bar .bar-score"):
        box = _box(page.locator(selector).first)
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], selector


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
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / f"table-summary-{viewport['width']}x{viewport['height']}.png"
    page.screenshot(path=str(shot))
    print(f"The hand's summary: {shot}")
    page.locator("#summary-continue").click()
    expect(summary).to_have_count(0)
    # Continued: the next states do not bring it back.
    page.reload()
    _wait_for_socket(page)
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
    table = table_create(
        club=member.club,
        by=None,
        scheduled_at=timezone.now() - timedelta(minutes=1),
        game_id="auction45",
        title="Clocked 120s",
        seats=[SeatSpec(player=member.player), *[SeatSpec(bot="random")] * 3],
        seed=4,
        turn_seconds=90,
    )
    _sign_in(page, daphne_url, member.player.user)
    page.goto(f"{daphne_url}/clubs/{member.club.slug}/tables/{table.pk}/")
    _wait_for_socket(page)
    clock = page.locator("#turn-clock .clock-text")
    expect(clock).to_have_text(re.compile(r"^1:(2\d|30) left$"), timeout=WAIT)
    expect(page.locator(".seat-to-act #seat-clock")).to_be_visible()
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=5000)  # it counts down
    _check_first_screen(page, viewport)
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
    _wait_for_socket(page)
    expect(page.locator("#your-turn")).to_be_visible(timeout=WAIT)
    expect(page.locator("#own-hand .playing-card, [data-discard] .playing-card")).to_have_count(5)
    _check_seats_placed(page)

    reloaded = False
    for _ in range(200):
        table.refresh_from_db()
        if table.hand_number > 1 and reloaded:
            break
        trick = page.locator("#trick [data-card]")
        if not reloaded and 1 <= trick.count() <= 3 and page.locator("#your-turn").count():
            _check_trick_in_centre(page)
            _check_first_screen(page, viewport)
            assert_member_page(page)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            shot = SCREENSHOTS / f"table-mid-trick-{viewport['width']}x{viewport['height']}.png"
            page.screenshot(path=str(shot))
            print(f"The table mid-trick: {shot}")
            seen_trick = trick.all_inner_texts()
            seen_hand = page.locator("#own-hand").inner_text()
            page.reload()
            _wait_for_socket(page)
            expect(page.locator("#trick [data-card]")).to_have_count(len(seen_trick))
            assert page.locator("#trick [data-card]").all_inner_texts() == seen_trick
            assert page.locator("#own-hand").inner_text() == seen_hand
            _check_seats_placed(page)
            _check_trick_in_centre(page)
            reloaded = True
        expect(page.locator("#your-turn")).to_be_visible(timeout=WAIT)
        if reloaded and page.locator("#hand-summary").count():
            break  # the hand ended as the table was read: its summary is up
        _act_once(page)
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
