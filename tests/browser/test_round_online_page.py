"""The director's round page of a night that mixes both: a paper table scoring itself and an
online table being played, side by side, on a phone and a laptop; the director pauses the
online table from the round and is back on it. Every page fits and passes axe-core."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Club
from tables.models import LiveTable, TableStatus
from tests.browser.checks import LAPTOP, PHONE, assert_member_page
from tests.factories import TEST_PASSWORD, MembershipFactory
from tests.tables.helpers import play_hand
from tests.tournaments.test_round_online import live_table, mixed_round
from tournaments.models import Match
from tournaments.simulate import sheet_play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _director_at(
    browser: Browser, live_server: LiveServer, club: Club, url: str, viewport: ViewportSize
) -> Page:
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    assert director.player.user is not None
    phone = viewport == PHONE
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/sign-in/?next={url}")
    page.get_by_label("Username").fill(director.player.user.username)
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    return page


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_paper_and_an_online_table_in_play_side_by_side(
    live_server: LiveServer, browser: Browser, viewport: ViewportSize
) -> None:
    round_ = mixed_round()
    table = live_table(round_)
    play_hand(table)
    paper = Match.objects.select_related("sheet").get(round=round_, table__number=2).sheet
    assert paper is not None
    sheet_play(sheet=paper, rng=random.Random(4), hands=2)
    event = round_.event
    url = f"/clubs/{event.club.slug}/events/{event.pk}/rounds/1/"
    page = _director_at(browser, live_server, event.club, url, viewport)

    expect(page.locator(".live-summary")).to_contain_text("1 playing")
    expect(page.locator(".live-summary")).to_contain_text("1 playing online")
    online = page.locator('.table-card[data-table="1"]')
    expect(online.locator(".table-online")).to_contain_text("1 hand played")
    expect(online.locator(".online-seats li")).to_have_count(4)
    expect(online.get_by_role("link", name="Watch table 1")).to_be_visible()
    at_hall = page.locator('.table-card[data-table="2"]')
    expect(at_hall).to_contain_text("2 hands")
    expect(at_hall).to_contain_text("Table code")
    expect(at_hall.locator(".table-online")).to_have_count(0)
    page.wait_for_load_state("load")
    assert_member_page(page)

    online.get_by_role("button", name="Pause table 1").click()
    page.wait_for_url(f"**{url}")
    expect(online.locator(".badge-online-paused")).to_have_text("Paused")
    expect(online.get_by_role("button", name="Resume table 1")).to_be_visible()
    assert LiveTable.objects.get(pk=table.pk).status == TableStatus.PAUSED
    assert_member_page(page)

    online.get_by_role("link", name="Abandon… table 1").click()
    expect(page.get_by_role("heading", name="Abandon table 1 of round 1?")).to_be_visible()
    assert_member_page(page)
    page.get_by_role("button", name="Abandon the table").click()
    page.wait_for_url(f"**{url}")
    expect(online.locator(".badge-online-abandoned")).to_have_text("Abandoned")
    expect(page.locator(".live-summary")).to_contain_text("1 abandoned")
    assert_member_page(page)
