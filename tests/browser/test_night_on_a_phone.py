"""The night's lists and sheet at 390x844: the events lists (everyone's, and the club's) stack
each event's facts under its name instead of crushing five columns ("Ru|nni|ng", "202|6"), and
a scoresheet of the night shows its first hands on the first screen, under a compact header,
with no word cut inside itself. Each page fits and passes axe-core; a laptop keeps the
columns."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Club
from tests.browser.checks import (
    LAPTOP,
    PHONE,
    assert_member_page,
    below_the_fold,
    broken_words,
)
from tests.factories import TEST_PASSWORD, MembershipFactory
from tests.tournaments.factories import ClubSetup, club_with, event_with
from tournaments.models import Event, Match, Season
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.simulate import sheet_play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUB_NAME = "Tuesday Night Forty-Fives at the Legion Hall"


def _night() -> tuple[ClubSetup, Event]:
    setup = club_with(players=8)
    Club.objects.filter(pk=setup.club.pk).update(name=CLUB_NAME)
    setup.club.refresh_from_db()
    season = Season.objects.create(club=setup.club, name="Winter league 2026")
    event = event_with(setup, format="progressive")
    Event.objects.filter(pk=event.pk).update(name="Tuesday league, night 3", season=season)
    round_publish(round_=round_pair(event=event))
    return setup, event


def _sign_in(page: Page, base: str, setup: ClubSetup) -> None:
    director = MembershipFactory.create(club=setup.club, role="director", with_account=True)
    assert director.player.user is not None
    page.goto(f"{base}/sign-in/")
    page.get_by_label("Username").fill(director.player.user.username)
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base}/")


def test_the_events_lists_stack_on_a_phone(live_server: LiveServer, page: Page) -> None:
    setup, event = _night()
    page.set_viewport_size(PHONE)
    _sign_in(page, live_server.url, setup)
    for path in ("/events/", f"/clubs/{setup.club.slug}/events/"):
        page.goto(f"{live_server.url}{path}")
        row = page.locator("table.events-list tbody tr").first
        expect(row).to_contain_text("Tuesday league, night 3")
        expect(row).to_contain_text("Running")
        expect(row).to_contain_text("2026")
        assert broken_words(page.locator("table.events-list")) == [], path
        assert_member_page(page)
    page.set_viewport_size(LAPTOP)
    page.goto(f"{live_server.url}/events/")
    expect(page.locator("table.events-list th", has_text="Club")).to_be_visible()


def test_a_sheet_shows_its_first_hands_on_a_phones_first_screen(
    live_server: LiveServer, page: Page
) -> None:
    setup, event = _night()
    match = Match.objects.filter(round__event=event).order_by("table__number").first()
    assert match is not None and match.sheet is not None
    sheet_play(sheet=match.sheet, rng=random.Random(1), hands=3)
    page.set_viewport_size(PHONE)
    _sign_in(page, live_server.url, setup)
    page.goto(f"{live_server.url}/clubs/{setup.club.slug}/sheets/{match.sheet.pk}/")
    first = page.locator("#line-1")
    expect(first).to_be_visible()
    assert below_the_fold(first) <= 0, f"line 1 ends {below_the_fold(first)} px below the fold"
    header = page.locator(".sheet-table thead")
    assert header.bounding_box()["height"] < 80  # type: ignore[index]  # two lines of headings
    assert broken_words(page.locator(".sheet-table")) == []
    assert_member_page(page)
