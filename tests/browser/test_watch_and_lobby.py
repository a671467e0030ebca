"""From the lobby to the table in Chromium: a scheduled table counts down, an open seat is
taken with one button, and a club member who sits nowhere watches a table being played: the
table picture, the trick, and no hidden card, neither in the page nor in any websocket message.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, ViewportSize, WebSocket, expect

from club.models import Player
from tables import live
from tables.models import LiveTable
from tables.services import SeatSpec, table_act, table_create
from tests.browser.checks import LAPTOP, PHONE, assert_member_page
from tests.browser.table_moves import against_computers
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory
from tests.tables.test_hidden_information import cards_in

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_in_process"),
]

WAIT = 20_000


def _sign_in(page: Page, base: str, player: Player) -> None:
    assert player.user is not None
    page.goto(f"{base}/sign-in/")
    page.fill("input[name=username]", player.user.get_username())
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()


def _mid_trick(table: LiveTable) -> None:
    """Play the seated person's first legal action until a trick is on the table and it is
    their turn again (the computers move between, as the server's tasks run eagerly)."""
    for _ in range(60):
        table.refresh_from_db()
        hand = live.current_hand(table)
        assert hand is not None
        if hand.phase == "play" and hand.view(0)["trick"] and hand.to_act == 0:
            return
        assert hand.to_act == 0
        legal = hand.legal_actions()
        bids = [a for a in legal if str(a).split()[-1].isdigit()]
        action = str((bids or legal)[0])
        table_act(table_id=table.pk, seat=0, action=action, seen_seq=table.seq)
    pytest.fail("no trick reached the table")


def _hidden_cards(table: LiveTable) -> set[str]:
    """Every card in a hand now, as only its seat may see it."""
    table.refresh_from_db()
    hand = live.current_hand(table)
    assert hand is not None
    held: set[str] = set()
    for seat in range(hand.game.seating.seats):
        held.update(hand.view(seat)["hand"] or [])
    return held


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_member_takes_a_seat_from_the_lobby_and_watches_a_table_without_its_cards(
    daphne_url: str, page: Page, viewport: ViewportSize
) -> None:
    page.set_viewport_size(viewport)
    club = ClubFactory.create()
    player = MembershipFactory.create(club=club, with_account=True, player__display_name="Kay")
    watcher = MembershipFactory.create(club=club, with_account=True, player__display_name="Wes")
    later = table_create(
        club=club,
        by=None,
        scheduled_at=timezone.now() + timedelta(hours=2),
        game_id="auction45",
        title="Later tonight",
        seats=[SeatSpec(bot="random"), SeatSpec(), SeatSpec(bot="random"), SeatSpec()],
    )
    playing = against_computers(club, player.player, "In play", turn_seconds=0)
    _mid_trick(playing)
    hidden = _hidden_cards(playing)
    assert len(hidden) >= 10

    frames: list[str] = []

    def listen(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", listen)
    _sign_in(page, daphne_url, watcher.player)
    page.goto(f"{daphne_url}/tables/")
    countdown = page.locator("time[data-countdown]").first
    expect(countdown).to_have_text(re.compile(r"^in 1 h 5\d min$|^in 2 h 00 min$"))
    expect(page.locator("#to-watch")).to_contain_text("Watch In play")
    assert_member_page(page)

    # Watching: the picture and the trick, no own hand, no hidden card.
    page.get_by_role("link", name="Watch In play").click()
    page.wait_for_function("() => document.body.dataset.tableSocket === 'open'", timeout=WAIT)
    expect(page.locator("#table-picture .seat")).to_have_count(4)
    expect(page.locator("#trick [data-card]").first).to_be_visible()
    expect(page.locator("#own-hand")).to_have_count(0)
    expect(page.locator("#table-picture .seat-name").first).to_be_visible()
    page.wait_for_timeout(300)
    assert frames, "no state reached the spectator's socket"
    shown = cards_in(page.content())
    assert shown, "the trick's cards are named in the page"
    for where, text in [("page", page.content()), *[("socket", f) for f in frames]]:
        leaked = cards_in(text) & hidden
        assert not leaked, f"the spectator's {where} named {sorted(leaked)}"
    assert_member_page(page)

    # Back in the lobby, one tap takes an open seat.
    page.goto(f"{daphne_url}/tables/")
    page.locator(f"[data-take='{later.pk}-1']").click()
    expect(page.locator("main")).to_contain_text("Seat 2: You (you)")
    assert later.seats.get(index=1).player_id == watcher.player.pk
    page.goto("about:blank")  # the table's socket closes while the test's data is there
    page.wait_for_timeout(300)
