"""A director sets what a bye scores on the event form, on a phone; the standings say it."""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.checks import PHONE, assert_member_page
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory, RuleSetFactory
from tournaments.models import Event, StandingsSnapshot
from tournaments.services.events import event_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_bye_option_on_the_form_and_on_the_standings(
    live_server: LiveServer, page: Page
) -> None:
    club = ClubFactory.create(slug="byes", name="Bye Club")
    RuleSetFactory.create(club=club, game="auction45", is_default=True)
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    assert director.player.user is not None
    event = event_create(
        club=club, name="Swiss Saturday", date=datetime.date(2026, 3, 7), format="swiss",
        game_id="auction45", seed=3,
    )  # fmt: skip
    StandingsSnapshot.objects.create(
        event=event, columns=[], rows=[], games_counted=0, computed_at=timezone.now()
    )
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/sign-in/?next=/clubs/byes/events/{event.pk}/edit/")
    page.get_by_label("Username").fill(director.player.user.username)
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    choice = page.get_by_label("A bye scores")
    expect(choice).to_be_visible()
    assert_member_page(page)
    choice.select_option("win")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Swiss Saturday")).to_be_visible()
    assert Event.objects.get(pk=event.pk).bye_scores == "win"
    page.goto(f"{live_server.url}/events/{event.pk}/")
    expect(
        page.get_by_text(re.compile(r"A bye counts as a game won, \d+ points to none\."))
    ).to_be_visible()
    assert_member_page(page)
