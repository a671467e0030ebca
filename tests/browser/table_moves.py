"""How the browser tests take their turn at an online table, as a player does: a card is
picked by one tap (or click) and played by a second, a discard is chosen card by card and
confirmed, anything else is one button. Each move waits for the server's next state."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

from django.conf import settings
from django.contrib.auth.models import User
from django.db import OperationalError
from django.test import Client
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect

from club.models import Club, Player
from tables.models import LiveTable
from tables.services import SeatSpec, table_create

#: Where the runs leave their pictures of the table (printed by the tests that take them).
SCREENSHOTS = Path(os.environ.get("KITTY_SCREENSHOTS") or tempfile.gettempdir()) / "kitty-table"

T = TypeVar("T")

# Computer players move between the player's taps; a busy machine may take a while.
WAIT = 20_000


def against_computers(
    club: Club, player: Player, title: str, *, turn_seconds: int, game_id: str = "auction45"
) -> LiveTable:
    """A table of ``club`` already playing (120s unless ``game_id`` says): ``player`` in seat
    1, three computers beside them, the same deal every time (seed 4)."""
    return table_create(
        club=club,
        by=None,
        scheduled_at=timezone.now() - timedelta(minutes=1),
        game_id=game_id,
        title=title,
        seats=[SeatSpec(player=player), *[SeatSpec(bot="random")] * 3],
        seed=4,
        turn_seconds=turn_seconds,
    )


def signed_in_page(browser: Browser, url: str, user: User, *, javascript: bool = True) -> Page:
    """A page of its own context at ``url``'s site, signed in as ``user`` through a session
    made on the server (no sign-in form), with JavaScript on or off."""
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    context = browser.new_context(java_script_enabled=javascript)
    context.set_default_timeout(WAIT)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": url}])
    return context.new_page()


def wait_for_socket(page: Page) -> None:
    page.wait_for_function("() => document.body.dataset.tableSocket === 'open'", timeout=WAIT)


def seq(page: Page) -> int:
    return int(page.locator(".live").get_attribute("data-seq") or "0")


def wait_past(page: Page, before: int) -> None:
    """Until the page draws a state after ``before``."""
    page.wait_for_function(
        f"() => Number(document.querySelector('.live').dataset.seq) > {before}", timeout=WAIT
    )


def press(locator: Locator, *, touch: bool) -> None:
    """A tap on a touch screen, else a click."""
    if touch:
        locator.tap()
    else:
        locator.click()


def play_card(page: Page, card: Locator, *, touch: bool = False, confirm: bool = False) -> None:
    """Pick ``card``, see it offered ("Play 5 of hearts"), then play it by a second tap on
    the card or (``confirm``) on the Play button."""
    press(card, touch=touch)
    offer = page.locator("#play-confirm")
    expect(offer).to_be_visible()
    expect(offer).to_have_text(f"Play {card.get_attribute('data-named')}")
    press(offer if confirm else card, touch=touch)


def choose_discard(page: Page, *, touch: bool = False) -> None:
    """Choose the fewest cards the discard allows (the first ones that may go) and confirm."""
    form = page.locator("[data-discard]")
    counts = [int(n) for n in (form.get_attribute("data-counts") or "0").split()]
    free = form.locator("#own-hand .hand-card[aria-pressed=false]")
    required = form.locator("#own-hand .hand-card[data-required]").count()
    submit = form.locator("[data-discard-submit]")
    for index in range(counts[0] - required):
        expect(submit).to_be_disabled()
        press(free.nth(index), touch=touch)
    expect(form.locator("#discard-count")).to_contain_text(f"{counts[0]} ")
    expect(submit).to_be_enabled()
    press(submit, touch=touch)


def act_once(page: Page, *, touch: bool = False, which: int = 0, highest: bool = False) -> str:
    """One legal move by the seat to act, and what it was ("discard", "bid", "button" or
    "card"). It bids rather than pass, so the hand is played: the lowest bid, or the highest
    (``highest``, to win the contract); ``which`` picks among the playable cards (counted
    from the first; an odd one is played by the Play button)."""
    before = seq(page)
    bids = page.locator("#actions [data-action*=' call ']").filter(has_text="Bid")
    buttons = page.locator("#actions [data-action]")
    cards = page.locator("#own-hand [data-action]")
    if page.locator("[data-discard]").count():
        done = "discard"
        choose_discard(page, touch=touch)
    elif bids.count():
        done = "bid"
        press(bids.last if highest else bids.first, touch=touch)
    elif highest and buttons.filter(has_text="Hold").count():
        done = "bid"  # the dealer takes the high bid
        press(buttons.filter(has_text="Hold"), touch=touch)
    elif buttons.count():
        done = "button"
        press(buttons.first, touch=touch)
    else:
        done = "card"
        play_card(page, cards.nth(which % cards.count()), touch=touch, confirm=bool(which % 2))
    wait_past(page, before)
    return done


def box_of(locator: Locator) -> dict[str, float]:
    """Where ``locator`` is drawn in the viewport. The page redraws the table with each state,
    so an element found may be replaced before it is measured: it is found again."""
    box = locator.bounding_box()
    for _ in range(40):
        if box is not None:
            break
        locator.page.wait_for_timeout(50)
        box = locator.bounding_box()
    assert box is not None, f"{locator} is not drawn"
    return {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}


def assert_first_screen(page: Page, viewport: ViewportSize) -> None:
    """Unscrolled, the own hand, the trick, whose turn and the scores are all on screen."""
    page.evaluate("window.scrollTo(0, 0)")
    for selector in ("#own-hand", "#trick", "#table-status", "#table-bar .bar-score"):
        box = box_of(page.locator(selector).first)
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], selector


def screenshot(page: Page, name: str) -> None:
    """A picture of the page as it stands, ``<name>-<width>x<height>.png`` in SCREENSHOTS."""
    size = page.viewport_size
    assert size is not None
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(path))
    print(f"The table, {name}: {path}")


def db_read(read: Callable[[], T]) -> T:
    """``read()``, again if SQLite's shared in-memory database is locked by the server's
    thread for a moment (tables lock there, and a locked table fails at once)."""
    for _ in range(100):
        try:
            return read()
        except OperationalError as error:
            if "locked" not in str(error):
                raise
            time.sleep(0.02)
    return read()


def all_gone(table: LiveTable) -> bool:
    """Whether the server counted every page of the table closed (its last write)."""
    return not any(db_read(lambda: list(table.seats.values_list("connections", flat=True))))


def close_pages(context: BrowserContext, table: LiveTable) -> None:
    """Close the browser's pages and let the server write each one down, before the test's
    data goes (a write still under way would lock the database as it is emptied)."""
    context.close()
    deadline = time.monotonic() + WAIT / 1000
    while not all_gone(table) and time.monotonic() < deadline:
        time.sleep(0.05)
