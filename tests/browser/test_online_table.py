"""A whole online hand in Chromium: sign in, take a seat, play by clicking, reload mid-trick.

The table page talks to the server over a websocket, which pytest-django's live server (WSGI)
cannot serve: Daphne runs on a thread of the test process instead (``daphne_url`` in
tests/browser/conftest.py), with the same settings, database and in-memory channel layer.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from engine.tables.models import LiveTable
from engine.tables.services import SeatSpec, table_create, tables_open_due
from scoring.models import HandLine
from tests.factories import TEST_PASSWORD, MembershipFactory

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

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


def test_a_player_plays_a_whole_hand_online(daphne_url: str, page: Page) -> None:
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

    reloaded = False
    for _ in range(200):
        table.refresh_from_db()
        if table.hand_number > 1 and reloaded:
            break
        trick = page.locator("#trick [data-card]")
        if not reloaded and 1 <= trick.count() <= 3 and page.locator("#your-turn").count():
            seen_trick = trick.all_inner_texts()
            seen_hand = page.locator("#own-hand").inner_text()
            page.reload()
            _wait_for_socket(page)
            expect(page.locator("#trick [data-card]")).to_have_count(len(seen_trick))
            assert page.locator("#trick [data-card]").all_inner_texts() == seen_trick
            assert page.locator("#own-hand").inner_text() == seen_hand
            reloaded = True
        expect(page.locator("#your-turn")).to_be_visible(timeout=WAIT)
        _act_once(page)
    else:
        pytest.fail("the hand did not end")

    line = HandLine.objects.get(sheet=table.scoresheet, number=1)
    row = page.locator("#sheet-lines tr[data-line='1']")
    expect(row).to_be_visible()
    expect(row).to_contain_text(re.compile(r"(made|set|–)"))
    expect(row).to_contain_text(" to ".join(str(s) for s in line.scores_after))
    assert LiveTable.objects.get(pk=table.pk).seq > 20
    # The same line on the match's scoresheet page.
    page.locator("#sheet-link").click()
    expect(page.locator("#line-1")).to_be_visible()
