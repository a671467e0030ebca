"""The lobby kept live in Chromium (static/kitty/lobby_live.js): a change heard on the lobby's
socket brings the lists again, the focused button keeps the focus, and the page's countdowns
(static/kitty/lobby.js) count in the new lists too.

The lists' address (``table_lobby_lists``) is answered here by the browser (``page.route``),
so the script is checked on its own: what the lists hold is the lobby page's business."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, Route, expect

from tables.lobby_feed import lobby_changed
from tests.browser.checks import PHONE
from tests.factories import TEST_PASSWORD, MembershipFactory

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_in_process"),
]

WAIT = 20_000
LISTS = "/tables/lobby/lists/"


def test_a_change_brings_the_lists_again_and_keeps_the_focus(daphne_url: str, page: Page) -> None:
    page.set_viewport_size(PHONE)
    user = MembershipFactory.create(with_account=True).player.user
    assert user is not None
    fetched: list[str] = []
    soon = (timezone.now() + timedelta(minutes=5)).isoformat()

    def lists(route: Route) -> None:
        fetched.append(route.request.url)
        route.fulfill(
            content_type="text/html",
            body=f'<p id="fresh">Fetch {len(fetched)}</p><button id="take-1">Take</button>'
            f'<time data-countdown datetime="{soon}">{soon}</time>',
        )

    page.route(f"**{LISTS}", lists)
    page.goto(f"{daphne_url}/sign-in/?next=/tables/")
    page.fill("input[name=username]", user.get_username())
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(f"{daphne_url}/tables/")
    # The lobby's own container and script (templates/tables/_lobby_live.html): a button to
    # keep the focus on, and a count of the refreshes.
    page.evaluate(
        """() => {
            const box = document.getElementById("lobby-lists");
            box.insertAdjacentHTML("afterbegin", '<button id="take-1">Take</button>');
            window.refreshed = 0;
            box.addEventListener("lobby:refreshed", () => { window.refreshed += 1; });
        }"""
    )
    box = page.locator("#lobby-lists")
    expect(box).to_have_attribute("data-lobby-socket", "open", timeout=WAIT)
    page.locator("#take-1").focus()

    lobby_changed(user_ids=[user.pk])

    expect(box.locator("#fresh")).to_have_text("Fetch 1", timeout=WAIT)
    assert page.evaluate("document.activeElement.id") == "take-1"
    assert page.evaluate("window.refreshed") == 1
    # The new list's countdown counts (lobby.js heard "lobby:refreshed").
    expect(box.locator("time[data-countdown]")).to_have_text(
        re.compile(r"^in [45] min \d\d s$"), timeout=WAIT
    )
    assert fetched and all(url.startswith(daphne_url) for url in fetched)
