"""Every page a member or a director reaches from the home page fits a 390 px phone and passes
axe-core: the demo club is loaded, a table is in play, and each kind of page (one address per
shape: ``/sheets/7/`` stands for every sheet) is visited by following the site's own links."""

from __future__ import annotations

import re
from collections import deque
from datetime import timedelta
from urllib.parse import urljoin, urlparse

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from club.demo import DEMO_PASSWORD
from club.models import Player
from demo.services import demo_load
from tables.services import (
    SeatSpec,
    friendly_create,
    practice_start,
    table_create,
    tables_open_due,
)
from tests.browser.checks import PHONE, blocking_violations, page_width

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Links not followed: leaving the session, the admin, machine-readable answers and files.
NOT_PAGES = re.compile(r"/(sign-out|admin|api)/|/print/|\.(csv|json|ics|txt)$|/export")
PAGES_MAX = 80


def _shape(url: str) -> str:
    return re.sub(r"/\d+(?=/|$)", "/N", urlparse(url).path)


def _sign_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/sign-in/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".signed-in")).to_contain_text(username)


def _crawl(page: Page, base: str) -> tuple[list[str], list[str]]:
    """The shapes visited and, for each page that fails, what is wrong with it."""
    queue = deque([f"{base}/"])
    shapes: list[str] = []
    failures: list[str] = []
    while queue and len(shapes) < PAGES_MAX:
        url = queue.popleft()
        if _shape(url) in shapes:
            continue
        shapes.append(_shape(url))
        response = page.goto(url)
        assert response is not None and response.ok, url
        width = page_width(page)
        violations = [f"{v['id']} ({v['impact']})" for v in blocking_violations(page)]
        if width > PHONE["width"] or violations:
            failures.append(f"{_shape(url)}: {width} px wide, axe: {violations}")
        links = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
        for link in links:
            link = urljoin(url, link).split("#")[0]
            if link.startswith(base) and not NOT_PAGES.search(link):
                queue.append(link)
    return shapes, failures


@pytest.mark.parametrize("username", ["player", "director"])
def test_every_page_fits_a_phone_and_passes_axe(daphne_url: str, page: Page, username: str) -> None:
    demo_load()
    player = Player.objects.get(user__username=username)
    when = timezone.now() + timedelta(minutes=5)
    table_create(
        club=player.memberships.get().club,
        by=None,
        scheduled_at=when,
        game_id="auction45",
        title="In play",
        seats=[SeatSpec(player=player), *[SeatSpec(bot="random")] * 3],
        seed=4,
        turn_seconds=0,
    )
    tables_open_due(now=when)
    _members_tables(player, username)
    page.set_viewport_size(PHONE)
    _sign_in(page, daphne_url, username)
    _first_screen(page, daphne_url)

    shapes, failures = _crawl(page, daphne_url)

    assert {"/clubs/", "/events/N/", "/clubs/tuesday-night-45s/sheets/N/"} <= set(shapes)
    assert "/clubs/tuesday-night-45s/tables/N/" in shapes
    assert {"/tables/games/", "/clubs/tuesday-night-45s/tables/friendly/"} <= set(shapes)
    assert not failures, "\n".join(failures)


def _members_tables(player: Player, username: str) -> None:
    """A practice game of the member's, and a friendly table of the other demo account's
    with the member invited: the lobby's invitation, and a table page with an invited seat."""
    club = player.memberships.get().club
    host = Player.objects.get(user__username="director" if username == "player" else "player")
    assert player.user is not None and host.user is not None
    practice_start(club=club, by=player.user, game_id="auction45")
    friendly_create(
        club=club,
        by=host.user,
        seats=[SeatSpec(player=host), SeatSpec(player=player), SeatSpec(), SeatSpec(bot="rule")],
        game_id="auction45",
        title="Friends",
    )


def _first_screen(page: Page, base: str) -> None:
    """On a phone the lobby's first screen shows Practice now and the invitation."""
    page.goto(f"{base}/tables/")
    for selector in ("#practice-start", "#invitations [data-invitation] button"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], selector
