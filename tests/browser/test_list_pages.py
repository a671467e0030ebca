"""The list pages a member opens most on a phone — the lobby ("My tables"), a club's online
tables and its scoresheets — fit 390 px and pass axe-core with long names in every column, and
still show their lists as tables on a laptop."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Club, Player
from scoring.services import SideSpec, scoresheet_create
from tables.models import ActionLog, LiveTable
from tables.services import SeatSpec, table_create
from tests.browser.checks import LAPTOP, PHONE, assert_member_page
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_NAMES = [
    "Marie-Josée Thibodeau-Arsenault",
    "Bartholomew Fitzgerald-MacDonald",
    "Geneviève Doucette-LeBlanc",
    "bartholomew.fitzgerald.macdonald@example.org",
]
LONG_TITLE = "Tuesday league, round 3: table 12 in the back room"


def _players(club: Club) -> list[Player]:
    director = MembershipFactory.create(
        club=club, role="director", with_account=True, player__display_name="Director Dee"
    )
    others = [
        MembershipFactory.create(club=club, with_account=True, player__display_name=name).player
        for name in LONG_NAMES
    ]
    return [director.player, *others]


def _tables(club: Club, players: list[Player]) -> None:
    """A table in play where the director sits (stalled, for the director's badge), one
    scheduled with a free seat, and one open with two computer players."""
    soon = timezone.now() + timedelta(hours=2)
    past = timezone.now() - timedelta(minutes=1)
    playing = table_create(
        club=club,
        by=None,
        scheduled_at=past,
        game_id="auction45",
        title=LONG_TITLE,
        seats=[SeatSpec(player=p) for p in players[:4]],
        seed=3,
        turn_seconds=30,
    )
    an_hour_ago = timezone.now() - timedelta(hours=1)
    LiveTable.objects.filter(pk=playing.pk).update(started_at=an_hour_ago)
    ActionLog.objects.filter(table=playing).update(at=an_hour_ago)
    table_create(
        club=club,
        by=None,
        scheduled_at=soon,
        game_id="auction45",
        title=f"{LONG_TITLE} (late game)",
        seats=[SeatSpec(player=players[4]), SeatSpec(player=players[2]), SeatSpec()],
    )
    table_create(
        club=club,
        by=None,
        scheduled_at=soon,
        game_id="auction45",
        seats=[SeatSpec(player=players[3]), SeatSpec(bot="rule"), SeatSpec(bot="rule")],
    )


def _sheets(club: Club, players: list[Player]) -> None:
    for title in (LONG_TITLE, "Friendly"):
        scoresheet_create(
            club=club,
            by=None,
            game_id="auction45",
            title=title,
            sides=[
                SideSpec(label=f"{LONG_NAMES[0]} & {LONG_NAMES[1]}"),
                SideSpec(label=f"{LONG_NAMES[2]} & {LONG_NAMES[3]}"),
            ],
        )


def _sign_in(page: Page, base: str, player: Player, then: str) -> None:
    assert player.user is not None
    page.goto(f"{base}/sign-in/?next={then}")
    page.get_by_label("Username").fill(player.user.get_username())
    page.get_by_label("Password").fill(TEST_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base}{then}")


#: Each page, the rows it lists, and the columns that fold under the first on a phone.
PAGES = [
    ("/tables/", 3, ["Club", "Opens", "Status"]),
    ("/clubs/legion/tables/", 3, ["Club", "Opens", "Status"]),
    ("/clubs/legion/sheets/", 3, ["Game", "Status", "Started"]),  # the table's sheet too
]


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_list_pages_fit_and_pass_axe(
    live_server: LiveServer, page: Page, size: ViewportSize
) -> None:
    club = ClubFactory.create(slug="legion", name="Tuesday Night Forty-Fives at the Legion Hall")
    players = _players(club)
    _tables(club, players)
    _sheets(club, players)
    page.set_viewport_size(size)
    _sign_in(page, live_server.url, players[0], "/tables/")
    phone = size == PHONE

    for path, rows, folded in PAGES:
        page.goto(f"{live_server.url}{path}")
        expect(page.get_by_text(LONG_TITLE).first).to_be_visible()
        expect(page.locator("table.table-fold tbody tr")).to_have_count(rows)
        headers = [page.locator("th", has_text=re.compile(f"^{name}$")) for name in folded]
        lines = page.locator("table.table-fold .phone-only")
        assert lines.count() == rows and all(header.count() for header in headers)
        for cells in [*headers, lines]:
            for index in range(cells.count()):
                shown = cells.nth(index).is_visible()
                assert shown == (phone if cells is lines else not phone), (path, index)
        assert_member_page(page)
    # The director sees the stalled table marked at either width.
    page.goto(f"{live_server.url}/clubs/legion/tables/")
    expect(page.locator(".badge-error:visible", has_text="stalled")).to_have_count(1)
