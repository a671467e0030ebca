"""Two people at one online 120s table, each in their own Chromium context, two computer
players in the other seats.

Checked at every point where a person is to act: each page shows exactly the cards the server
says its seat holds, and neither the page nor any websocket frame it has received names a card
the other person still holds (in notation, ``5H``, or as a face, ``5♥``). And each player's
card appears on the other's page in the current trick as it is played, without a reload.

Daphne runs on a thread of this process (``daphne_url``, tests/browser/conftest.py).
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket, expect

from engine.rules import Hand
from tables import live
from tables.models import LiveTable
from tables.services import SeatSpec, table_create
from tests.browser.table_moves import all_gone, choose_discard, db_read, play_card
from tests.factories import TEST_PASSWORD, ClubFactory, MembershipFactory

if TYPE_CHECKING:
    from club.models import Player

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_in_process"),
]

WAIT = 15_000
SEED = 4
ANN, BOB = 0, 2  # partners; seats 1 and 3 are computer players
STEPS_MAX = 40  # a hand has well under 40 decisions for the two people

FACE = re.compile(r"(10|[2-9JQKA])([\u2660\u2665\u2666\u2663])")
SUIT_OF_SYMBOL = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}


def cards_named(text: str, codes: set[str]) -> set[str]:
    """Which of ``codes`` ``text`` names, as a code standing alone (``5H``) or as a face."""
    found = {c for c in codes if re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", text)}
    for rank, symbol in FACE.findall(text):
        code = ("T" if rank == "10" else rank) + SUIT_OF_SYMBOL[symbol]
        if code in codes:
            found.add(code)
    return found


@dataclass
class Person:
    """One person's browser: their seat, page and every websocket frame it received."""

    seat: int
    context: BrowserContext
    page: Page
    frames: list[str] = field(default_factory=list)

    def listen(self, socket: WebSocket) -> None:
        def keep(payload: str | bytes) -> None:
            self.frames.append(payload if isinstance(payload, str) else payload.decode())

        socket.on("framereceived", keep)

    def received(self, hand_number: int) -> list[tuple[str, dict[str, Any]]]:
        """The frames received during hand ``hand_number`` (as sent, and parsed)."""
        messages = [(frame, json.loads(frame)) for frame in self.frames]
        return [(f, m) for f, m in messages if m.get("hand", hand_number) == hand_number]

    def shown_cards(self) -> list[str]:
        """The cards drawn in the page's own hand (to play, or to discard)."""
        cards = self.page.locator("#own-hand [data-card]")
        codes: list[str] = cards.evaluate_all("cards => cards.map(c => c.dataset.card)")
        return sorted(codes)


def _open(browser: Browser, daphne_url: str, player: Player, seat: int, path: str) -> Person:
    context = browser.new_context()
    context.set_default_timeout(WAIT)
    page = context.new_page()
    person = Person(seat, context, page)
    page.on("websocket", person.listen)
    page.goto(f"{daphne_url}/sign-in/")
    assert player.user is not None
    page.fill("input[name=username]", player.user.username)
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(f"{daphne_url}/")
    page.goto(f"{daphne_url}{path}")
    page.wait_for_function("() => document.body.dataset.tableSocket === 'open'")
    return person


def _your_turn_after(person: Person, seq: int) -> int | None:
    """The action number the page shows if it says "Your turn" there and it is past ``seq``."""
    shown: int = person.page.evaluate(
        """() => {
            const box = document.querySelector('.live');
            return box && document.getElementById('your-turn') ? Number(box.dataset.seq) : -1;
        }"""
    )
    return shown if shown > seq else None


def _settled(table: LiveTable, pages: dict[int, Person], after: int) -> Hand:
    """Wait until a page says "Your turn" at an action past ``after``: the computer players
    have moved and the table now waits for that person, so nothing changes until they act.
    Both pages must then show that state; returns the hand as the server holds it.

    The pages, not the database, are watched meanwhile: reading SQLite's in-memory database
    while the server writes to it would lock one or the other.
    """
    deadline = time.monotonic() + WAIT / 1000
    found: tuple[Person, int] | None = None
    while found is None:
        for person in pages.values():
            seq = _your_turn_after(person, after)
            if seq is not None:
                found = (person, seq)
                break
        else:
            if time.monotonic() > deadline:
                pytest.fail(f"nobody's turn came after action {after}")
            pages[ANN].page.wait_for_timeout(25)
    person, seq = found
    db_read(table.refresh_from_db)
    assert table.seq == seq
    hand = db_read(lambda: live.current_hand(table))
    assert hand is not None
    assert hand.to_act == person.seat
    for each in pages.values():
        expect(each.page.locator(".live")).to_have_attribute("data-seq", str(seq))
    return hand


def _check_cards(hand: Hand, hand_number: int, pages: dict[int, Person]) -> int:
    """Each page shows its own seat's cards and nothing of the other person's hidden ones;
    returns how many frames were looked at."""
    looked = 0
    for seat, person in pages.items():
        other = BOB if seat == ANN else ANN
        view = hand.view(seat)
        assert person.shown_cards() == sorted(view["hand"]), f"seat {seat}'s page"
        # The other person's cards, less any this seat may see by the rules (none in 120s).
        hidden = set(hand.view(other)["hand"])
        hidden -= cards_named(json.dumps(view, ensure_ascii=False), hidden)
        assert hidden, "the other person holds cards"
        html = person.page.content()
        assert not cards_named(html, hidden), f"seat {seat}'s page"
        # The same search finds the seat's own cards there: it would see the other's too.
        assert cards_named(html, set(view["hand"])) == set(view["hand"])
        for frame, message in person.received(hand_number):
            if message["type"] == "state":
                assert message["seat"] == seat
            # The frame as sent (faces escaped as \uXXXX) and with the faces written out.
            text = frame + json.dumps(message, ensure_ascii=False)
            assert not cards_named(text, hidden), f"a frame sent to seat {seat}: {frame[:200]}"
            looked += 1
        seqs = [m["seq"] for _, m in person.received(hand_number) if m["type"] == "state"]
        assert seqs == sorted(seqs), f"seat {seat}'s screen went back: {seqs}"
        last_frame = person.received(hand_number)[-1][0]
        assert cards_named(last_frame, set(view["hand"])) == set(view["hand"])
    return looked


def _act(person: Person) -> None:
    """Anything but a card: bid the lowest bid (so the hand is played), name a trump, discard."""
    page = person.page
    if page.locator("[data-discard]").count():
        choose_discard(page)
        return
    bids = page.locator("#actions [data-action*=' call ']").filter(has_text="Bid")
    (bids if bids.count() else page.locator("#actions [data-action]")).first.click()


def test_two_people_see_only_their_own_cards_and_each_others_plays(
    daphne_url: str, browser: Browser
) -> None:
    club = ClubFactory.create()
    ann, bob = (
        MembershipFactory.create(club=club, with_account=True, player__display_name=name).player
        for name in ("Ann Boudreau", "Bob MacNeil")
    )
    table = table_create(
        club=club,
        by=None,
        scheduled_at=timezone.now() - timedelta(minutes=1),  # open, and full: it starts
        game_id="auction45",
        title="Partners online",
        seats=[
            SeatSpec(player=ann),
            SeatSpec(bot="random"),
            SeatSpec(player=bob),
            SeatSpec(bot="random"),
        ],
        seed=SEED,
        turn_seconds=0,
    )
    path = f"/clubs/{club.slug}/tables/{table.pk}/"
    pages = {
        ANN: _open(browser, daphne_url, ann, ANN, path),
        BOB: _open(browser, daphne_url, bob, BOB, path),
    }
    try:
        seen_live: dict[int, str] = {}  # seat -> a card of theirs the other saw arrive
        frames_checked = 0
        after = -1
        for _ in range(STEPS_MAX):
            hand = _settled(table, pages, after)
            after = table.seq
            assert table.hand_number == 1
            frames_checked += _check_cards(hand, 1, pages)
            if len(seen_live) == 2:
                break
            seat = hand.to_act
            assert seat is not None
            person, other = pages[seat], pages[BOB if seat == ANN else ANN]
            buttons = person.page.locator("#own-hand [data-action]")
            if hand.phase != "play" or not buttons.count():
                _act(person)
                continue
            card = buttons.first.get_attribute("data-card") or ""
            on_table = len(hand.view(seat)["trick"])
            name = (ann if seat == ANN else bob).display_name
            other.page.evaluate("window.notReloaded = true")
            play_card(person.page, buttons.first)
            # After this card and the computer's next one the partner is to play, so the
            # trick is still open on their page. A third or fourth card ends the trick: it
            # then shows under the last trick.
            where = "#trick" if on_table <= 1 else ":is(#trick, #last-trick)"
            played = other.page.locator(f"{where} li").filter(
                has=other.page.locator(f"[data-card='{card}']")
            )
            expect(played).to_have_count(1)
            # Named by whoever played it: "seven of hearts, played by Ann Boudreau".
            expect(played.locator("[data-card]")).to_have_attribute(
                "aria-label", re.compile(f"played by {re.escape(name)}$")
            )
            assert other.page.evaluate("window.notReloaded") is True  # no reload: live
            if on_table <= 1:
                seen_live[seat] = card
        assert set(seen_live) == {ANN, BOB}, f"only {seen_live} seen live"
        assert frames_checked > 10
    finally:
        for person in pages.values():
            person.context.close()
        # The server writes each closed page down; let it finish before the test's data goes.
        deadline = time.monotonic() + WAIT / 1000
        while not all_gone(table) and time.monotonic() < deadline:
            time.sleep(0.05)
