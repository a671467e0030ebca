"""A member's own table in Chromium: leaving and abandoning while the game is on, and "Play
again" once the live part (redrawn from the socket, ``table_draw.js``) says it is over, without
reloading the page; the abandon's confirmation works by touch, without a script of its own."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tables.services import SeatSpec, friendly_create, practice_start
from tests.browser.checks import PHONE, assert_member_page
from tests.factories import TEST_PASSWORD, MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_play_again_shows_when_the_live_part_says_the_game_is_over(
    daphne_url: str, page: Page
) -> None:
    member = MembershipFactory.create(with_account=True, player__display_name="Pat")
    user = member.player.user
    assert user is not None
    table = practice_start(club=member.club, by=user, game_id="auction45", bot_name="random")
    page.set_viewport_size(PHONE)
    page.goto(f"{daphne_url}/sign-in/")
    page.fill("input[name=username]", user.get_username())
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()
    page.goto(f"{daphne_url}/clubs/{member.club.slug}/tables/{table.pk}/")

    expect(page.locator("#table-leave")).to_have_text("Leave — the game waits for you")
    expect(page.locator("#play-again")).to_be_hidden()
    page.locator("#abandon-confirm summary").click()
    expect(page.locator("#table-member-abandon")).to_be_visible()
    assert_member_page(page)

    # The socket's redraw of a finished game: a new .live with data-status="finished".
    page.evaluate("document.querySelector('#table-live .live').dataset.status = 'finished'")
    expect(page.locator("#play-again")).to_be_visible()
    expect(page.locator("#table-leave")).to_be_hidden()


def test_leave_shows_once_a_game_opened_before_its_start_begins(
    daphne_url: str, page: Page
) -> None:
    member = MembershipFactory.create(with_account=True, player__display_name="Pat")
    user = member.player.user
    assert user is not None
    table = friendly_create(
        club=member.club,
        by=user,
        game_id="auction45",
        seats=[SeatSpec(player=member.player), SeatSpec(), SeatSpec(bot="random")],
    )
    page.set_viewport_size(PHONE)
    page.goto(f"{daphne_url}/sign-in/")
    page.fill("input[name=username]", user.get_username())
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()
    page.goto(f"{daphne_url}/clubs/{member.club.slug}/tables/{table.pk}/")

    expect(page.locator("#table-seats")).to_be_visible()
    expect(page.locator("#table-leave")).to_be_hidden()  # the seats' own Leave is there
    # The socket's redraw once the last seat is taken: the game is being played.
    page.evaluate("document.querySelector('#table-live .live').dataset.status = 'playing'")
    expect(page.locator("#table-seats")).to_be_hidden()
    expect(page.locator("#table-leave")).to_have_text("Leave — the computer plays your seat")
