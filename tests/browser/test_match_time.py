"""Agreeing a match's time on phones: a player of an online match played over days proposes a
time from the match's time page, and a player of the other side finds it under My tables and
accepts it by a tap; both pages fit a 390 px screen and pass axe-core."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from club.models import Player
from tests.browser.checks import PHONE, assert_member_page
from tests.factories import TEST_PASSWORD
from tests.tournaments.times_world import windowed_round
from tournaments.models import Match, TimeSource

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 20_000


def _phone(browser: Browser, base: str, player: Player) -> Page:
    """A phone of ``player``'s, signed in."""
    assert player.user is not None
    page = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    page.goto(f"{base}/sign-in/")
    page.fill("input[name=username]", player.user.get_username())
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").tap()
    page.wait_for_url(f"{base}/", timeout=WAIT)
    return page


def test_a_time_proposed_on_one_phone_is_accepted_on_another(
    daphne_url: str, browser: Browser
) -> None:
    world = windowed_round()
    match = world.match
    slug, event_id = world.setup.club.slug, world.event.pk
    time_page = f"{daphne_url}/clubs/{slug}/events/{event_id}/rounds/1/tables/1/time/"
    proposed = timezone.localtime(world.now + timedelta(days=2)).replace(second=0, microsecond=0)

    proposer = _phone(browser, daphne_url, world.sides[0][0])
    proposer.goto(time_page)
    assert_member_page(proposer)
    proposer.locator("#propose-form input[type=datetime-local]").fill(
        proposed.strftime("%Y-%m-%dT%H:%M")
    )
    proposer.locator("#propose-form button[type=submit]").tap()
    expect(proposer.locator("#match-times li[data-status=open]")).to_have_count(1, timeout=WAIT)

    answerer = _phone(browser, daphne_url, world.sides[1][0])
    answerer.goto(f"{daphne_url}/tables/")
    assert_member_page(answerer)
    answerer.locator("#to-arrange a").first.tap()
    expect(answerer.locator("#match-times li[data-status=open]")).to_have_count(1, timeout=WAIT)
    assert_member_page(answerer)
    answerer.get_by_role("button", name="Accept").tap()
    expect(answerer.locator("#match-times li[data-status=accepted]")).to_have_count(1, timeout=WAIT)
    match.refresh_from_db()
    assert match.time_source == TimeSource.AGREED and match.starts_at == proposed
    assert Match.objects.get(pk=match.pk).live_table.scheduled_at == proposed
