"""Standings tables at a laptop's and a phone's width, on the director's event page and the
public standings: rank, name, Points and Point difference come first and are shown whole
(a cell's text is not cut: its scrollWidth fits its clientWidth, and it lies inside the
viewport), the page never scrolls sideways, and axe-core finds nothing serious.

The standings hold long names, three-digit figures and every tie-break a director may choose,
as a busy night does."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.checks import LAPTOP, PHONE, assert_accessible, assert_fits
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory
from tournaments.models import Event, StandingsSnapshot
from tournaments.services.events import event_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COLUMNS = [
    {"key": "games_won", "label": "Games won"},
    {"key": "points", "label": "Points"},
    {"key": "point_differential", "label": "Point difference"},
    {"key": "points_against", "label": "Points against"},
    {"key": "buchholz", "label": "Buchholz"},
    {"key": "opponents_points", "label": "Opponents' points"},
]
NAMES = [
    "Bartholomew Fitzgerald-Okonkwo & Marguerite Delacroix-Hernandez",
    "Ann Byrne & Cy Doyle",
    "The Five of Trumps",
    "Jack Be Nimble",
]


def _snapshot(event: Event) -> None:
    rows = []
    for rank, name in enumerate(NAMES, start=1):
        points = 130 - rank * 5
        shown = {
            "games_won": str(5 - rank),
            "points": str(points),
            "point_differential": f"+{100 - rank * 7}" if rank < 3 else f"−{rank * 11}",
            "points_against": str(points - 40),
            "buchholz": "12.5",
            "opponents_points": "1045",
        }
        rows.append(
            {
                "rank": rank,
                "entrant_id": rank,
                "name": name,
                "tied": False,
                "decided_by": "points",
                "played": 4,
                "metrics": {},
                "shown": shown,
                "explanation": [
                    f"{5 - rank} games won; ahead of the next on points ({points} to "
                    f"{points - 5}) after games won tied"
                ],
            }
        )
    StandingsSnapshot.objects.create(
        event=event, columns=COLUMNS, rows=rows, games_counted=8, computed_at=timezone.now()
    )


def _cell_shown_whole(page: Page, key: str) -> None:
    """Every row's cell of column ``key`` shows its text whole, on screen."""
    viewport = page.viewport_size
    assert viewport is not None
    cells = page.locator(f".standings-table tbody [data-key='{key}']")
    count = cells.count()
    assert count == len(NAMES)
    for index in range(count):
        cell = cells.nth(index)
        expect(cell).to_be_visible()
        box = cell.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (key, box)
        widths = cell.evaluate("c => [c.scrollWidth, c.clientWidth]")
        assert widths[0] <= widths[1], (key, index, widths)
        assert cell.evaluate(
            "c => { const r = c.getBoundingClientRect(); const box = c.closest('.standings-scroll')"
            "?.getBoundingClientRect(); return !box || (r.left >= box.left - 1 && r.right <= "
            "box.right + 1); }"
        ), (key, index)


def _check(page: Page, url: str, size: ViewportSize) -> None:
    page.set_viewport_size(size)
    page.goto(url)
    expect(page.locator(".standings-table")).to_be_visible()
    for key in ("points", "point_differential"):
        _cell_shown_whole(page, key)
    headings = page.locator(".standings-table thead th").all_inner_texts()
    assert [h.strip().lower() for h in headings[:4]] == ["#", "name", "points", "point difference"]
    first = page.locator(".standings-table tbody td[data-key='points']").first
    assert first.inner_text().strip() == "125"
    assert_fits(page)
    assert_accessible(page)


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280", "390"])
def test_standings_show_points_and_difference_whole(
    live_server: LiveServer, page: Page, size: ViewportSize
) -> None:
    club = ClubFactory.create(slug="wide", name="Wide Club")
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    assert director.player.user is not None
    event = event_create(
        club=club,
        name="Thursday 5 March",
        date=datetime.date(2026, 3, 5),
        format="progressive",
        game_id="auction45",
        seed=3,
    )
    _snapshot(event)
    _check(page, f"{live_server.url}/events/{event.pk}/", size)

    page.goto(f"{live_server.url}/sign-in/?next=/clubs/wide/events/{event.pk}/")
    page.get_by_label("Username").fill(director.player.user.username)
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Thursday 5 March")).to_be_visible()
    _check(page, f"{live_server.url}/clubs/wide/events/{event.pk}/", size)
