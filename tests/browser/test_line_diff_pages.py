"""History and Compare on a phone: the fields that differ are marked, the pages fit 390 px and
pass axe-core."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scoring.corrections import handline_edit
from scoring.models import Entry
from scoring.services import SideSpec, handline_add, scoresheet_create
from tests.browser.checks import PHONE, assert_member_page
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory
from tests.scoring.games import AUCTION45

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_history_and_compare_mark_what_differs(live_server: LiveServer, page: Page) -> None:
    club = ClubFactory.create(slug="diffs")
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    user = director.player.user
    assert user is not None
    sheet = scoresheet_create(
        club=club,
        by=None,
        game_id="auction45",
        title="Table 4",
        sides=[SideSpec(label="Marie-Josée & Bartholomew"), SideSpec(label="Geneviève & Ann")],
    )
    for number, line in enumerate(AUCTION45[:3], start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=None)
        check = AUCTION45[2] | {"points": [15, 15]} if number == 3 else line
        handline_add(sheet=sheet, line=check, expected_number=number, by=None, entry=Entry.CHECK)
    handline_edit(sheet=sheet, number=1, line=AUCTION45[0] | {"bid": 25}, by=None)

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/sign-in/?next=/clubs/diffs/sheets/{sheet.pk}/history/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("mark.changed").first).to_be_visible()
    assert sorted(t.split()[-1] for t in page.locator("mark.changed").all_inner_texts()) == [
        "20",
        "25",
    ]
    assert_member_page(page)

    page.goto(f"{live_server.url}/clubs/diffs/sheets/{sheet.pk}/compare/")
    expect(page.locator("mark.changed").first).to_be_visible()
    marked = [" ".join(t.split()[1:]) for t in page.locator("mark.changed").all_inner_texts()]
    assert marked == [
        "Bid 25",
        "Bid 20",
        "Points: Marie-Josée & Bartholomew 10",
        "Points: Geneviève & Ann 20",
        "Points: Marie-Josée & Bartholomew 15",
        "Points: Geneviève & Ann 15",
    ]
    assert_member_page(page)
