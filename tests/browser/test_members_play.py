"""Members' own tables played in Chromium on a phone (390×844, by touch): practice with three
computers, leaving and resuming; a friendly table whose invitations arrive in the live lobby,
one accepted and one declined; an open seat taken from the lobby.

Each person has a browser context of their own, signed in through the sign-in form. Daphne
runs on a thread of this process (``daphne_url``, tests/browser/conftest.py), so the table's
and the lobby's websockets work. The services take no seed for a member's table: every loop
here plays whatever is dealt (``act_once`` plays any legal move).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from club.models import Club, Player
from scoring.models import HandLine
from tables import live
from tables.models import LiveTable, TableInvitation, TableKind, TableStatus
from tests.browser.checks import PHONE, assert_member_page
from tests.browser.table_moves import (
    WAIT,
    act_once,
    all_gone,
    assert_first_screen,
    db_read,
    seq,
    wait_for_socket,
)
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_in_process"),
]

LOBBY = "/tables/"
RULES = "game:auction45"
#: More than the moves of one hand, for the people at the table.
MOVES_MAX = 80
#: How long a whole hand may take, computers' pacing included.
HAND_SECONDS = 45


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """The people's browsers (each test adds its own), closed when the test ends, and the
    tables their pages were at written down by the server before the data goes."""
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()
    deadline = time.monotonic() + WAIT / 1000
    tables = db_read(lambda: list(LiveTable.objects.all()))
    while any(not all_gone(table) for table in tables) and time.monotonic() < deadline:
        time.sleep(0.05)


def _member(club: Club, name: str) -> Player:
    return MembershipFactory.create(club=club, with_account=True, player__display_name=name).player


def _phone(browser: Browser, contexts: list[BrowserContext]) -> Page:
    """A new phone: its own context, 390×844, a touch screen."""
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(WAIT)
    contexts.append(context)
    return context.new_page()


def _signed_in(
    browser: Browser, contexts: list[BrowserContext], daphne_url: str, player: Player, path: str
) -> Page:
    """A phone on which ``player`` signed in through the form, then sent on to ``path``."""
    page = _phone(browser, contexts)
    assert player.user is not None
    page.goto(f"{daphne_url}/sign-in/?next={path}")
    page.fill("input[name=username]", player.user.get_username())
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").tap()
    page.wait_for_url(f"{daphne_url}{path}")
    return page


def _live_lobby(page: Page) -> None:
    """The lobby's socket is open: a change from now on reaches the page."""
    expect(page.locator("#lobby-lists")).to_have_attribute("data-lobby-socket", "open")


def _table_of(page: Page) -> LiveTable:
    """The table whose page ``page`` is on."""
    match = re.search(r"/tables/(\d+)/$", page.url)
    assert match, page.url
    return db_read(lambda: LiveTable.objects.get(pk=int(match[1])))


def _on_table(page: Page, daphne_url: str) -> LiveTable:
    page.wait_for_url(re.compile(rf"^{re.escape(daphne_url)}/clubs/[\w-]+/tables/\d+/$"))
    wait_for_socket(page)
    return _table_of(page)


def _hand_over(table: LiveTable, pages: Iterable[Page]) -> bool:
    """Hand 1 is over: the table deals hand 2, or a page shows the hand's summary."""
    db_read(table.refresh_from_db)
    return table.hand_number > 1 or any(p.locator("#hand-summary").count() for p in pages)


def _play_first_hand(table: LiveTable, pages: list[Page]) -> None:
    """Each page taps a move whenever it is its turn, until the first hand is over."""
    deadline = time.monotonic() + HAND_SECONDS
    moves = 0
    while not _hand_over(table, pages):
        assert time.monotonic() < deadline, f"hand 1 not over after {moves} moves"
        ready = [page for page in pages if page.locator("#your-turn").count()]
        for page in ready:
            act_once(page, touch=True)
            moves += 1
        if not ready:
            pages[0].wait_for_timeout(50)
    assert 0 < moves <= MOVES_MAX


def _friendly_table(page: Page, daphne_url: str, seats: dict[int, str]) -> LiveTable:
    """On the friendly table page, a 120s table with the standard rules that starts now, seat
    by seat as ``seats`` says (a choice's value; seat 0 is "Me" already); an invitee's seat
    becomes a computer if unanswered. Returns the table the page lands on."""
    expect(page.locator("select[name=seat_0]")).to_have_value("me")
    page.locator("select[name=rules]").select_option(RULES)
    expect(page.locator("input[name=when][value=now]")).to_be_checked()
    for index, choice in seats.items():
        page.locator(f"select[name=seat_{index}]").select_option(value=choice)
    page.locator("input[name=if_unanswered][value=computer]").check()
    page.locator("input[name=turn_seconds]").fill("0")
    assert_member_page(page)
    page.get_by_role("button", name="Invite and set up the table").tap()
    return _on_table(page, daphne_url)


def test_practice_now_a_whole_hand_then_leave_and_resume(
    browser: Browser, contexts: list[BrowserContext], daphne_url: str
) -> None:
    club = ClubFactory.create()
    pat = _member(club, "Pat Arsenault")
    page = _signed_in(browser, contexts, daphne_url, pat, LOBBY)
    assert_member_page(page)

    page.locator("#practice-now select[name=rules]").select_option(RULES)
    page.locator("#practice-start").tap()
    table = _on_table(page, daphne_url)
    assert table.kind == TableKind.PRACTICE
    seats = db_read(lambda: list(table.seats.order_by("index")))
    assert [seat.player_id for seat in seats] == [pat.pk, None, None, None]
    assert all(seat.bot_name for seat in seats[1:])
    expect(page.locator("#own-hand .hand-card")).to_have_count(5)
    expect(page.locator(".seat .seat-name").filter(has_text="Computer")).to_have_count(3)
    assert_member_page(page)

    _play_first_hand(table, [page])
    assert db_read(lambda: HandLine.objects.filter(sheet=table.scoresheet, number=1).exists())
    expect(page.locator("#hand-summary")).to_be_visible()
    page.locator("#summary-continue").tap()
    expect(page.locator("#sheet-lines tr[data-line='1']")).to_be_visible()

    # Hand 2 waits for the person: what they leave is what they find again.
    expect(page.locator("#your-turn")).to_be_visible()
    left_at, hand_shown = seq(page), page.locator("#own-hand").inner_text()
    status = page.locator("#table-status").inner_text()
    assert status.startswith("Hand 2")
    page.locator("#table-leave").tap()
    page.wait_for_url(f"{daphne_url}{LOBBY}")
    mine = page.locator("section[aria-labelledby=mine-title]")
    expect(mine.get_by_role("link", name=str(table))).to_be_visible()
    assert_member_page(page)
    mine.locator(f"[data-resume='{table.pk}']").tap()

    assert _on_table(page, daphne_url).pk == table.pk
    expect(page.locator("#your-turn")).to_be_visible()
    assert seq(page) == left_at
    assert page.locator("#own-hand").inner_text() == hand_shown
    expect(page.locator("#table-status")).to_have_text(status)
    db_read(table.refresh_from_db)
    assert (table.hand_number, table.seq, table.status) == (2, left_at, TableStatus.PLAYING)


def test_invitations_reach_the_live_lobby_one_accepted_one_declined(
    browser: Browser, contexts: list[BrowserContext], daphne_url: str
) -> None:
    club = ClubFactory.create()
    ann, bob, cathy = (_member(club, n) for n in ("Ann Boudreau", "Bob MacNeil", "Cathy Poirier"))
    bob_page = _signed_in(browser, contexts, daphne_url, bob, LOBBY)
    _live_lobby(bob_page)
    expect(bob_page.locator("#invitations [data-invitation]")).to_have_count(0)
    bob_page.evaluate("window.notReloaded = true")

    ann_page = _signed_in(
        browser, contexts, daphne_url, ann, f"/clubs/{club.slug}/tables/friendly/"
    )
    seats = {1: f"player:{bob.pk}", 2: f"player:{cathy.pk}", 3: "bot:beginner"}
    table = _friendly_table(ann_page, daphne_url, seats)
    expect(ann_page.locator("#table-invitations li")).to_have_count(2)
    assert_member_page(ann_page)

    # Bob's lobby hears of it without a reload.
    invitation = bob_page.locator("#invitations [data-invitation]")
    expect(invitation).to_have_count(1)
    expect(invitation).to_contain_text(f"invites you to {table}")
    assert bob_page.evaluate("window.notReloaded") is True
    assert_member_page(bob_page)
    invitation.get_by_role("button", name="Accept").tap()
    assert _on_table(bob_page, daphne_url).pk == table.pk

    cathy_page = _signed_in(browser, contexts, daphne_url, cathy, LOBBY)
    cathy_page.locator("#invitations [data-invitation]").get_by_role("button", name="Decline").tap()
    expect(cathy_page.locator("body")).to_contain_text("Invitation declined.")
    expect(cathy_page.locator("#invitations [data-invitation]")).to_have_count(0)

    # Cathy's seat is the computer's now, and the game starts: the pages opened before the
    # start put away their seats and invitations, and show the table on the first screen.
    for page in (ann_page, bob_page):
        expect(page.locator(".seat[data-seat-index='2'] .seat-name")).to_contain_text("Computer")
        expect(page.locator("#own-hand .hand-card")).to_have_count(5)
        expect(page.locator("#table-seats")).to_be_hidden()
        assert_first_screen(page, PHONE)
    assert_member_page(bob_page)
    _play_first_hand(table, [ann_page, bob_page])

    declined = db_read(lambda: TableInvitation.objects.get(table=table, player=cathy))
    assert declined.status == TableInvitation.Status.DECLINED
    seat = db_read(lambda: table.seats.get(index=2))
    assert seat.player_id is None and seat.bot_name
    assert db_read(lambda: HandLine.objects.filter(sheet=table.scoresheet, number=1).exists())


def test_an_open_seat_is_taken_from_the_lobby(
    browser: Browser, contexts: list[BrowserContext], daphne_url: str
) -> None:
    club = ClubFactory.create()
    ann, dan = _member(club, "Ann Boudreau"), _member(club, "Dan LeBlanc")
    ann_page = _signed_in(
        browser, contexts, daphne_url, ann, f"/clubs/{club.slug}/tables/friendly/"
    )
    seats = {1: "", 2: "bot:beginner", 3: "bot:beginner"}
    table = _friendly_table(ann_page, daphne_url, seats)
    assert db_read(lambda: LiveTable.objects.get(pk=table.pk).status) == TableStatus.OPEN

    dan_page = _signed_in(browser, contexts, daphne_url, dan, LOBBY)
    open_seats = dan_page.locator("section[aria-labelledby=open-title]")
    expect(open_seats.get_by_role("link", name=str(table))).to_be_visible()
    assert_member_page(dan_page)
    open_seats.locator(f"[data-take='{table.pk}-1']").tap()

    assert _on_table(dan_page, daphne_url).pk == table.pk
    db_read(table.refresh_from_db)
    assert table.status == TableStatus.PLAYING
    seated = db_read(lambda: list(table.seats.order_by("index")))
    assert [seat.player_id for seat in seated[:2]] == [ann.pk, dan.pk]
    assert all(seat.bot_name for seat in seated[2:])
    cards = dan_page.locator("#own-hand .hand-card")
    expect(cards).to_have_count(5)
    hand = db_read(lambda: live.current_hand(table))
    assert hand is not None
    shown = cards.evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert sorted(shown) == sorted(hand.view(1)["hand"])
    expect(dan_page.locator(".seat-you .seat-name")).to_have_text("You")
    assert_member_page(dan_page)
