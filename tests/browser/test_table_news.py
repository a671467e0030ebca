"""What the table page tells a player about what happened without them, in Chromium: the turn
clock ran out and the computer played for them, they were away long enough for the computer
to take their seat and take it back, and the game ended (the winner, the sheet, the replay).

Time passes as the beat makes it pass: the clock's sweep is run at the moment the clock is
due, the grace time's check at a moment past it (``tables_in_process`` turns the timers off,
so nothing fires on its own mid-test).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import timedelta
from functools import partial

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Page, expect

from club.models import Player
from tables import live
from tables.models import ActionLog, LiveTable, TableSeat
from tables.selectors import sheet_url
from tables.services import (
    SeatSpec,
    clocks_due_sweep,
    seat_away_check,
    table_act,
    table_create,
)
from tables.summary import FOR_YOU, action_words
from tests.browser.checks import PHONE, assert_member_page
from tests.browser.table_moves import (
    WAIT,
    act_once,
    close_pages,
    db_read,
    seq,
    signed_in_page,
    wait_for_socket,
    wait_past,
)
from tests.factories import TEST_PASSWORD, MembershipFactory, RuleSetFactory
from tests.tables.helpers import table_with

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_in_process"),
]

ANN, BOB = 0, 2  # partners; seats 1 and 3 are computer players


class AtTable:
    """A browser context at phone size, signed in as ``player``."""

    def __init__(self, browser: Browser, base: str, player: Player) -> None:
        self.base = base
        self.context: BrowserContext = browser.new_context(viewport=PHONE, has_touch=True)
        self.context.set_default_timeout(WAIT)
        self.page: Page = self.context.new_page()
        assert player.user is not None
        self.page.goto(f"{base}/sign-in/")
        self.page.fill("input[name=username]", player.user.get_username())
        self.page.fill("input[name=password]", TEST_PASSWORD)
        self.page.locator("main button[type=submit]").click()
        self.page.wait_for_url(f"{base}/")

    def open(self, table: LiveTable) -> Page:
        self.page.goto(f"{self.base}/clubs/{table.club.slug}/tables/{table.pk}/")
        wait_for_socket(self.page)
        return self.page


@pytest.fixture
def contexts() -> Iterator[list[tuple[AtTable, LiveTable]]]:
    """The browsers a test opened, closed (and counted closed by the server) after it."""
    opened: list[tuple[AtTable, LiveTable]] = []
    yield opened
    for at, table in opened:
        close_pages(at.context, table)


def _last_action(table: LiveTable, seat: int) -> ActionLog:
    found = db_read(lambda: ActionLog.objects.filter(table=table, seat=seat).order_by("-seq")[0])
    assert isinstance(found, ActionLog)
    return found


def test_the_page_says_what_the_computer_played_when_the_clock_ran_out(
    browser: Browser, daphne_url: str, contexts: list[tuple[AtTable, LiveTable]]
) -> None:
    member = MembershipFactory.create(with_account=True, player__display_name="Ann Boudreau")
    table = table_create(
        club=member.club,
        by=None,
        scheduled_at=timezone.now() - timedelta(minutes=1),
        game_id="auction45",
        title="Clocked 120s",
        seats=[SeatSpec(player=member.player), *[SeatSpec(bot="random")] * 3],
        seed=4,
        turn_seconds=60,
    )
    at = AtTable(browser, daphne_url, member.player)
    contexts.append((at, table))
    page = at.open(table)
    expect(page.locator("#your-turn")).to_be_visible()
    expect(page.locator("#made-for-you")).to_have_count(0)
    db_read(table.refresh_from_db)
    due = table.clock_due_at
    assert due is not None
    before = seq(page)

    # The beat's sweep at the moment the clock is due: the computer moves for Ann.
    assert db_read(lambda: clocks_due_sweep(now=due)) == [table.pk]
    wait_past(page, before)
    made = _last_action(table, ANN)
    assert made.actor == ActionLog.Actor.CLOCK
    notice = page.locator("#made-for-you")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(FOR_YOU["clock"].format(what=action_words(made.action)))
    assert_member_page(page)
    # Read, it goes; Ann plays her next turn herself on a fresh clock.
    notice.get_by_role("button", name="OK").tap()
    expect(notice).to_have_count(0)
    expect(page.locator("#your-turn")).to_be_visible()
    fresh = re.compile(r"^(1:00|0:[2-5]\d) left$")  # not the one that ran out
    expect(page.locator("#turn-clock .clock-text")).to_have_text(fresh)


def _to_act(table: LiveTable) -> int | None:
    hand = db_read(lambda: live.current_hand(table))
    assert hand is not None
    return hand.to_act


def _bob_moves_until(table: LiveTable, done: Callable[[], bool]) -> None:
    """Bob (no browser: the test moves for him) plays his first legal action whenever he is
    to act, until ``done()``; the computers move between."""
    for _ in range(40):
        db_read(table.refresh_from_db)
        if done():
            return
        hand = db_read(lambda: live.current_hand(table))
        assert hand is not None and hand.to_act == BOB, "the table waits for nobody but Bob"
        action = hand.legal_actions()[0]
        db_read(partial(table_act, table_id=table.pk, seat=BOB, action=action, seen_seq=table.seq))
    pytest.fail("the table never got there")


def test_a_player_back_from_away_takes_their_seat_back_and_plays_on(
    browser: Browser, daphne_url: str, contexts: list[tuple[AtTable, LiveTable]]
) -> None:
    ann = MembershipFactory.create(with_account=True, player__display_name="Ann Boudreau")
    bob = MembershipFactory.create(
        club=ann.club, with_account=True, player__display_name="Bob Arsenault"
    ).player
    table = table_create(
        club=ann.club,
        by=None,
        scheduled_at=timezone.now() - timedelta(minutes=1),
        game_id="auction45",
        title="Away and back",
        seats=[
            SeatSpec(player=ann.player),
            SeatSpec(bot="random"),
            SeatSpec(player=bob),
            SeatSpec(bot="random"),
        ],
        seed=4,
        turn_seconds=0,
        grace_seconds=120,
    )
    # Ann never opened the table: past the grace time after the start, the computer plays
    # her seat (at once if she is to act), and goes on until it has moved for her.
    later = timezone.now() + timedelta(seconds=table.grace_seconds + 1)
    assert db_read(lambda: seat_away_check(table_id=table.pk, index=ANN, now=later))
    _bob_moves_until(table, lambda: ActionLog.objects.filter(table=table, seat=ANN).exists())
    assert _last_action(table, ANN).actor == ActionLog.Actor.STAND_IN

    at = AtTable(browser, daphne_url, ann.player)
    contexts.append((at, table))
    page = at.open(table)
    away = page.locator("#away-notice")
    expect(away).to_be_visible()
    expect(away).to_contain_text("the computer played for you")
    assert_member_page(page)
    page.locator("#take-back").tap()
    expect(away).to_have_count(0)
    assert not db_read(lambda: TableSeat.objects.get(table=table, index=ANN).bot_playing)

    # Ann's next turn waits for her: she plays it herself.
    moved = _last_action(table, ANN).seq
    _bob_moves_until(table, lambda: _to_act(table) == ANN)
    expect(page.locator("#your-turn")).to_be_visible()
    act_once(page, touch=True)
    mine = _last_action(table, ANN)
    assert mine.seq > moved
    assert mine.actor == ActionLog.Actor.PLAYER
    assert mine.user_id == ann.player.user_id
    expect(page.locator("#away-notice")).to_have_count(0)


def test_the_game_end_shows_the_winner_the_sheet_and_the_replay(
    browser: Browser, daphne_url: str, contexts: list[tuple[AtTable, LiveTable]]
) -> None:
    member = MembershipFactory.create(with_account=True, player__display_name="Ann Boudreau")
    quick = RuleSetFactory.create(club=member.club, game="pitch52", options={"target": 1})
    table = table_create(
        club=member.club,
        by=None,
        scheduled_at=timezone.now() - timedelta(minutes=1),
        rule_set=quick,
        title="One point pitch",
        seats=[SeatSpec(player=member.player), *[SeatSpec(bot="random")] * 3],
        seed=11,
        turn_seconds=0,
    )
    at = AtTable(browser, daphne_url, member.player)
    contexts.append((at, table))
    page = at.open(table)
    for _ in range(80):
        db_read(table.refresh_from_db)
        if table.status == LiveTable.Status.FINISHED:
            break
        expect(page.locator("#your-turn")).to_be_visible()
        act_once(page, touch=True)
    else:
        pytest.fail("the game did not end")

    summary = page.locator("#hand-summary")
    # The page shows the computers' last moves and the last trick before the summary.
    expect(summary.locator("h2")).to_have_text("The game is over", timeout=WAIT)
    expect(summary.locator("#summary-winner")).to_contain_text("won the game")
    sheet = summary.locator("#summary-sheet")
    expect(sheet).to_have_attribute("href", db_read(lambda: sheet_url(table)))
    replay = summary.locator(".summary-links a").nth(1)
    expect(replay).to_have_text("1")
    assert_member_page(page)
    replay.tap()
    expect(page.locator("h1")).to_have_text("One point pitch: hand 1")
    assert_member_page(page)


#: Two states as the socket sends them, cut to what the news reads: the first hand's summary
#: while the game goes on, then the game's end with the second (and last) hand's.
SUMMED_UP = {"seat": 0, "clock": None, "made_for_you": None, "away": False}
FIRST_HAND = SUMMED_UP | {
    "status": "playing",
    "summary": {"number": 1, "headline": "Everybody passed.", "redeal": True},
}
GAME_END = SUMMED_UP | {
    "status": "finished",
    "summary": {"number": 2, "headline": "The last hand.", "redeal": True, "winner": "Ann won"},
    "board": {"sheet_url": "", "replays": []},
}


def test_the_games_end_stays_when_the_summary_it_replaced_would_have_closed(
    browser: Browser, daphne_url: str
) -> None:
    """A hand's summary closes by itself after its countdown; the game's end, drawn over it
    before the countdown ran out, waits for the player to close it."""
    table, members = table_with(people=4, seed=4)
    user = members[0].player.user
    assert user is not None
    page = signed_in_page(browser, daphne_url, user)
    page.clock.install()
    page.goto(f"{daphne_url}/clubs/{table.club.slug}/tables/{table.pk}/")
    wait_for_socket(page)
    # The server's own first state is drawn before the made-up ones: drawn after them, it
    # would replace the game's end.
    page.wait_for_function("() => document.body.dataset.tableSeq !== undefined")
    page.evaluate(
        """states => {
          const box = document.getElementById("table-live");
          for (const detail of states) {
            box.dispatchEvent(new CustomEvent("kitty:state", { detail }));
          }
        }""",
        [FIRST_HAND, GAME_END],
    )
    summary = page.locator("#hand-summary")
    expect(summary.locator("h2")).to_have_text("The game is over")
    page.clock.run_for(20_000)  # past the first summary's countdown
    expect(summary).to_be_visible()
    expect(summary.locator("#summary-winner")).to_have_text("Ann won")
    summary.locator("#summary-continue").click()
    expect(summary).to_have_count(0)
    close_pages(page.context, table)
