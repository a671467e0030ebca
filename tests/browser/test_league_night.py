"""A league night in headless Chromium: the director ticks players in at the door, pairs and
publishes round 1, enters each table's scoresheet on the scoring pages and confirms it, sees
the standings update by themselves, and pairs round 2."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory, RuleSetFactory
from tournaments.models import Entrant, Match, Round, StandingsSnapshot
from tournaments.services.events import event_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [f"Player {n}" for n in range(1, 9)]
# Bid whist to 5: one hand wins. Bidder seat 2 (its side is the sheet's second) bids 5 in
# hearts, uptown, and takes 12 books of 13.
WINNING_HAND = {"bidder": "2", "bid": "5", "trump": "h", "books_0": "1", "books_1": "12"}


def sign_in(page: Page, live_server: LiveServer, username: str, to: str) -> None:
    page.goto(f"{live_server.url}/sign-in/?next={to}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()


def enter_and_confirm(page: Page) -> None:
    """On a sheet's entry page: type the one winning hand, press Enter, confirm the sheet."""
    expect(page.locator("#id_dealer")).to_be_focused()
    for name, value in WINNING_HAND.items():
        page.locator(f"[name='{name}']").fill(value)
    page.locator("[name='mode']").select_option("uptown")
    page.locator("[name='books_1']").press("Enter")
    expect(page.locator("#total-1")).to_have_text("6")
    page.get_by_role("link", name="Confirm", exact=True).click()
    page.get_by_role("button", name="Confirm and lock").click()
    expect(page.locator("main")).to_contain_text("Confirmed")


def test_director_runs_a_league_night(live_server: LiveServer, page: Page) -> None:
    club = ClubFactory.create(slug="tuesday", name="Tuesday Club")
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    assert director.player.user is not None
    for name in PLAYERS:
        MembershipFactory.create(club=club, player__display_name=name)
    rules = RuleSetFactory.create(
        club=club, name="Quick whist", game="bidwhist", options={"target": 5}, is_default=True
    )
    event = event_create(
        club=club,
        name="Tuesday 13 January",
        date=datetime.date(2026, 1, 13),
        format="progressive",
        rule_set=rules,
        seed=5,
    )
    dashboard = f"/clubs/tuesday/events/{event.pk}/"
    sign_in(page, live_server, director.player.user.username, dashboard)
    expect(page.get_by_role("heading", name="Tuesday 13 January")).to_be_visible()

    # At the door: each tick swaps its own row (no page load) and the count follows.
    page.evaluate("window.notReloaded = true")
    for name in PLAYERS:
        page.get_by_role("button", name=f"Check in {name}").click()
        expect(page.get_by_role("button", name=f"Check out {name}")).to_be_visible()
    expect(page.locator("#here-count")).to_have_text("8")
    assert page.evaluate("window.notReloaded") is True
    assert Entrant.objects.filter(event=event, checked_in=True).count() == 8

    page.get_by_role("button", name="Pair round 1").click()
    expect(page.get_by_text("Round 1 is paired: 2 tables.")).to_be_visible()
    page.get_by_role("link", name="Publish round 1").click()
    expect(page.get_by_role("heading", name="Publish round 1 of")).to_be_visible()
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.get_by_text("Round 1 is published")).to_be_visible()

    round_1 = Round.objects.get(event=event, number=1)
    for table in (1, 2):
        page.goto(f"{live_server.url}{dashboard}")
        page.locator("#rounds .table-card", has_text=f"Table {table}").get_by_role(
            "link", name="Scoresheet"
        ).click()
        enter_and_confirm(page)
        match = Match.objects.select_related("sheet").get(round=round_1, table__number=table)
        assert match.sheet is not None and match.sheet.status == "confirmed"

    # Confirming enqueued the standings: the dashboard shows them, two games counted.
    page.goto(f"{live_server.url}{dashboard}")
    standings = page.locator("#standings")
    expect(standings).to_contain_text("after 2 confirmed games")
    expect(standings.locator("tbody tr")).to_have_count(8)
    assert StandingsSnapshot.objects.get(event=event).games_counted == 2

    page.get_by_role("button", name="Pair round 2").click()
    expect(page.get_by_text("Round 2 is paired: 2 tables.")).to_be_visible()
    expect(page.get_by_role("link", name="Publish round 2")).to_be_visible()
    assert Round.objects.get(event=event, number=2).status == "draft"
