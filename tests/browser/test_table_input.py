"""Taking cards at the online table in Chromium, as a player does: whole Bid Whist and Pitch
hands by tapping on a phone and clicking on a laptop, a card picked then played (a brush or a
tap elsewhere plays nothing), a discard chosen with its counter, and a hand by keyboard only.

Computer players fill the other seats; Daphne serves the page and its websocket from a thread
of the test process (``daphne_url`` in tests/browser/conftest.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from engine.rules import get_game
from scoring.models import HandLine
from tables.models import LiveTable
from tables.services import SeatSpec, table_create
from tests.browser.checks import LAPTOP, PHONE, assert_fits, assert_member_page
from tests.browser.table_moves import (
    WAIT,
    act_once,
    assert_first_screen,
    box_of,
    close_pages,
    db_read,
    screenshot,
    seq,
    wait_for_socket,
    wait_past,
)
from tests.factories import TEST_PASSWORD, MembershipFactory

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_in_process"),
]

#: A card's name as a screen reader says it.
SPOKEN = re.compile(
    r"^((ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of "
    r"(spades|hearts|diamonds|clubs)|big joker|little joker)$"
)
SIZES = [(PHONE, True), (LAPTOP, False)]
SIZE_IDS = ["phone-tap", "laptop-click"]


class Seated:
    """A member's browser at seat 0 of a started table, computers in the other seats."""

    def __init__(
        self,
        browser: Browser,
        url: str,
        game: tuple[str, int],
        viewport: ViewportSize,
        touch: bool,
    ) -> None:
        game_id, dealer = game
        member = MembershipFactory.create(with_account=True, player__display_name="Ann Boudreau")
        seats = get_game(game_id).seating.seats
        self.table = table_create(
            club=member.club,
            by=None,
            scheduled_at=timezone.now() - timedelta(minutes=1),  # open and full: it starts
            game_id=game_id,
            title="Taking cards",
            seats=[SeatSpec(player=member.player), *[SeatSpec(bot="random")] * (seats - 1)],
            seed=11,
            first_dealer=dealer,
            turn_seconds=0,
        )
        self.viewport = viewport
        self.touch = touch
        self.context = browser.new_context(viewport=viewport, has_touch=touch)
        self.context.set_default_timeout(WAIT)
        self.page = self.context.new_page()
        user = member.player.user
        assert user is not None
        self.page.goto(f"{url}/sign-in/")
        self.page.fill("input[name=username]", user.username)
        self.page.fill("input[name=password]", TEST_PASSWORD)
        self.page.locator("main button[type=submit]").click()
        self.page.wait_for_url(f"{url}/")
        self.page.goto(f"{url}/clubs/{member.club.slug}/tables/{self.table.pk}/")
        wait_for_socket(self.page)

    def hand_over(self) -> bool:
        db_read(self.table.refresh_from_db)
        return self.table.hand_number > 1 or self.table.status == LiveTable.Status.FINISHED

    def my_turn(self) -> None:
        expect(self.page.locator("#your-turn")).to_be_visible()

    def until_card_to_play(self, *, blocked: bool = False) -> None:
        """Move (bidding low) until the seat is to play a card (and, with ``blocked``, holds
        a card it may not play)."""
        for _ in range(60):
            self.my_turn()
            cards = self.page.locator("#own-hand [data-action]").count()
            if cards and (not blocked or cards < self.page.locator("#own-hand .hand-card").count()):
                return
            act_once(self.page, touch=self.touch)
        pytest.fail("no card to play")


@pytest.fixture
def seated(browser: Browser, daphne_url: str, request: pytest.FixtureRequest) -> Iterator[Seated]:
    game_id, viewport, touch = request.param
    at = Seated(browser, daphne_url, game_id, viewport, touch)
    yield at
    close_pages(at.context, at.table)


def _assert_hand_disabled_where_unplayable(page: Page) -> None:
    """Every card is a named button; those that may not be played are aria-disabled and
    hatched, the others have a solid edge."""
    for card in page.locator("#own-hand .hand-card").all():
        assert SPOKEN.match(card.get_attribute("aria-label") or "")
        playable = card.get_attribute("data-action") is not None
        assert (card.get_attribute("aria-disabled") == "true") is not playable
        style = card.evaluate("c => getComputedStyle(c).borderTopStyle")
        assert style == ("solid" if playable else "dashed")


#: The own hand as a tree of tags, attributes and text, less what the input script sets after
#: drawing (the hand's tab stop, the counter's text, the confirm's state).
SAME_HAND = """
([html]) => {
  const skip = new Set(["tabindex", "disabled"]);
  const norm = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { return node.textContent.trim(); }
    if (node.id === "discard-count") { return "<counter>"; }
    const attrs = [...node.attributes].filter((a) => !skip.has(a.name))
      .map((a) => a.name + "=" + a.value).sort().join(" ");
    return "<" + node.tagName + " " + attrs + ">" + [...node.childNodes].map(norm).join("") + "</>";
  };
  const served = new DOMParser().parseFromString(html, "text/html").querySelector(".own-hand");
  return [norm(served), norm(document.querySelector(".own-hand"))];
}
"""


def _assert_drawn_as_served(page: Page) -> None:
    """The own hand drawn from the socket's state is the one the server renders."""
    html = page.request.get(page.url).text()
    served, drawn = page.evaluate(SAME_HAND, [html])
    assert served == drawn


def _play_whole_hand(at: Seated) -> set[str]:
    """Tap (or click) through hand 1, checking the first screen once mid-trick; return the
    kinds of move made."""
    page, done, checked = at.page, set(), False
    for step in range(300):
        if at.hand_over():
            break
        at.my_turn()
        cards = page.locator("#own-hand [data-action]")
        if step < 30 and (cards.count() or page.locator("[data-discard]").count()):
            _assert_drawn_as_served(page)
        if cards.count() and not checked and page.locator("#trick [data-card]").count() >= 1:
            _assert_hand_disabled_where_unplayable(page)
            assert_first_screen(page, at.viewport)
            assert_member_page(page)
            checked = True
        done.add(act_once(page, touch=at.touch, which=step, highest=True))
    else:
        pytest.fail("the hand did not end")
    assert checked, "never to play to a trick already led"
    assert_fits(page)
    line = db_read(lambda: HandLine.objects.get(sheet=at.table.scoresheet, number=1))
    # The page draws the hand's last moves at a person's pace after the table has dealt on.
    row = page.locator("#sheet-lines tr[data-line='1']")
    expect(row).to_contain_text(" to ".join(str(s) for s in line.scores_after), timeout=WAIT)
    return done


@pytest.mark.parametrize(
    "seated",
    [(("bidwhist", 0), *size) for size in SIZES],  # the player deals, so speaks last
    ids=SIZE_IDS,
    indirect=True,
)
def test_a_whole_bid_whist_hand_by_tapping(seated: Seated) -> None:
    done = _play_whole_hand(seated)
    # Bidding highest, the player wins the contract and lays four cards away to the kitty.
    assert done >= {"bid", "discard", "card"}


@pytest.mark.parametrize(
    "seated",
    [(("pitch52", 3), *size) for size in SIZES],  # the player speaks first
    ids=SIZE_IDS,
    indirect=True,
)
def test_a_whole_pitch_hand_by_tapping(seated: Seated) -> None:
    done = _play_whole_hand(seated)
    assert done >= {"bid", "card"}


def _brush(page: Page, card: Locator) -> None:
    """A thumb brushing across ``card``: down on it, a slide of 8 px right and 8 px up (short
    enough for Chromium to still call it a tap), up."""
    box = box_of(card)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 5):
        point = {"x": x + 2 * step, "y": y - 2 * step}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


@pytest.mark.parametrize("seated", [(("bidwhist", 3), PHONE, True)], ids=["phone"], indirect=True)
def test_a_tap_picks_a_card_and_only_a_second_tap_plays_it(seated: Seated) -> None:
    page = seated.page
    seated.until_card_to_play(blocked=True)
    before, held = seq(page), page.locator("#own-hand .hand-card").count()
    offer = page.locator("#play-confirm")
    playable = page.locator("#own-hand [data-action]")
    picked = page.locator("#own-hand .picked")
    expect(page.locator("#pick-hint")).to_be_visible()

    # A card that may not be played: a tap neither picks nor plays it.
    page.locator("#own-hand .hand-card[aria-disabled=true]").first.tap(force=True)
    expect(page.locator("#hand-say")).to_contain_text("cannot be played now")
    expect(offer).to_be_hidden()
    # A brush of the thumb across a card that may be played: nothing.
    _brush(page, playable.first)
    expect(offer).to_be_hidden()
    expect(picked).to_have_count(0)
    # A tap lifts it and offers it, and nothing moves under the thumb; a tap elsewhere puts
    # it back. (A touch takes two taps even where a mouse may play on one click.)
    if page.locator("#one-click").count():
        page.locator("#one-click").check()
    hand_at, bar_at = box_of(page.locator("#own-hand")), box_of(page.locator("#pick-bar"))
    playable.first.tap()
    expect(offer).to_have_text(f"Play {playable.first.get_attribute('data-named')}")
    expect(picked).to_have_count(1)
    expect(page.locator("#pick-hint")).to_be_hidden()
    assert box_of(page.locator("#own-hand")) == hand_at
    assert box_of(page.locator("#pick-bar")) == bar_at
    assert_member_page(page)
    screenshot(page, "card-picked")
    page.locator("h1").tap()
    expect(offer).to_be_hidden()
    expect(picked).to_have_count(0)
    # Another card pressed while one is lifted is picked instead, not played; here it is
    # pressed as a screen reader does, a click with no pointer down before it.
    card = playable.last
    playable.first.tap()
    card.evaluate("c => c.dispatchEvent(new MouseEvent('click', {bubbles: true, detail: 1}))")
    expect(offer).to_have_text(f"Play {card.get_attribute('data-named')}")
    assert seq(page) == before
    assert page.locator("#own-hand .hand-card").count() == held
    # The second tap on it plays it.
    code = card.get_attribute("data-card")
    card.tap()
    wait_past(page, before)
    expect(page.locator(f"#own-hand [data-card='{code}']")).to_have_count(0)
    expect(
        page.locator(f"#trick [data-card='{code}'], #last-trick [data-card='{code}']")
    ).not_to_have_count(0)


@pytest.mark.parametrize(
    "seated", [(("bidwhist", 0), LAPTOP, False)], ids=["laptop"], indirect=True
)
def test_a_discard_is_chosen_with_a_counter_and_one_confirm(seated: Seated) -> None:
    page = seated.page
    for _ in range(10):
        seated.my_turn()
        if page.locator("[data-discard]").count():
            break
        act_once(page, highest=True)
    form = page.locator("[data-discard=kitty_discard]")
    expect(form).to_be_visible()
    expect(form.locator("#discard-help")).to_have_text(
        "Discard to the kitty: choose 4 cards, then confirm."
    )
    cards, count = form.locator(".hand-card"), form.locator("#discard-count")
    submit = form.locator("[data-discard-submit]")
    assert cards.count() == 16
    expect(count).to_have_text("0 of 4 chosen")
    for index in range(4):
        expect(submit).to_be_disabled()
        cards.nth(index).click()
    expect(submit).to_be_enabled()
    cards.nth(4).click()
    expect(count).to_have_text("5 of 4 chosen")
    expect(submit).to_be_disabled()  # too many
    assert_member_page(page)
    screenshot(page, "kitty-discard")
    cards.nth(2).click()  # taken back
    expect(cards.nth(2)).to_have_attribute("aria-pressed", "false")
    expect(count).to_have_text("4 of 4 chosen")
    expect(submit).to_be_enabled()
    laid = sorted(
        c.get_attribute("data-card") or "" for c in form.locator("[aria-pressed=true]").all()
    )
    before = seq(page)
    submit.click()
    wait_past(page, before)
    kept = {c.get_attribute("data-card") for c in page.locator("#own-hand .hand-card").all()}
    assert len(kept) == 12 and not kept & set(laid)


def _tab_to(page: Page, test: str) -> None:
    """Press Tab until the focused element passes ``test`` (a JavaScript expression on
    ``a``, the focused element)."""
    for _ in range(60):
        if page.evaluate(
            f"(() => {{ const a = document.activeElement; return !!a && ({test}); }})()"
        ):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {test}")


def _focused(page: Page, attribute: str) -> str | None:
    value: str | None = page.evaluate(f"document.activeElement.getAttribute('{attribute}')")
    return value


class Keys:
    """Moves made with the keyboard only."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cancelled = False

    def act(self) -> str:
        page = self.page
        before = seq(page)
        if page.locator("[data-discard]").count():
            done = self.discard()
        elif page.locator("#own-hand [data-action]").count():
            done = self.card()
        else:
            bid = (
                "a.matches(\"#actions [data-action*=' call ']\") && a.textContent.startsWith('Bid')"
            )
            any_button = "a.matches('#actions [data-action]')"
            has_bid = (
                page.locator("#actions [data-action*=' call ']").filter(has_text="Bid").count()
            )
            _tab_to(page, bid if has_bid else any_button)
            page.keyboard.press("Enter")
            done = "button"
        wait_past(page, before)
        # The page was drawn again; the focus stayed at the table, not thrown to the top.
        assert page.evaluate(
            "document.getElementById('table-live').contains(document.activeElement)"
        )
        return done

    def card(self) -> str:
        """Into the hand, along it to a card that may be played, Enter to pick it (once
        Escape to put it back and Enter again), Enter to play it."""
        page = self.page
        _tab_to(page, "a.matches('#own-hand .hand-card')")
        page.keyboard.press("Home")
        for _ in range(20):
            if _focused(page, "data-action"):
                break
            page.keyboard.press("ArrowRight")
        assert SPOKEN.match(_focused(page, "aria-label") or "")
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline == "solid", "the focused card shows its focus"
        page.keyboard.press("Enter")
        expect(page.locator("#play-confirm")).to_be_visible()
        expect(page.locator("#hand-say")).to_contain_text("picked")
        if not self.cancelled:
            page.keyboard.press("Escape")
            expect(page.locator("#play-confirm")).to_be_hidden()
            expect(page.locator("#hand-say")).to_have_text("Put back.")
            self.cancelled = True
            page.keyboard.press("Enter")
            expect(page.locator("#play-confirm")).to_be_visible()
        page.keyboard.press("Enter")
        return "card"

    def discard(self) -> str:
        """Along the hand choosing the fewest cards allowed, then Tab to the confirm."""
        page = self.page
        form = page.locator("[data-discard]")
        need = int((form.get_attribute("data-counts") or "0").split()[0])
        need -= form.locator("[data-required]").count()
        _tab_to(page, "a.matches('#own-hand .hand-card')")
        page.keyboard.press("Home")
        while need:
            if _focused(page, "aria-pressed") == "false":
                page.keyboard.press("Enter")
                need -= 1
            page.keyboard.press("ArrowRight")
        _tab_to(page, "a.matches('[data-discard-submit]')")
        page.keyboard.press("Enter")
        return "discard"


def test_a_whole_hand_by_keyboard_only(browser: Browser, daphne_url: str) -> None:
    """A 120s hand, the player bidding and playing with Tab, arrows, Enter and Escape."""
    at = Seated(browser, daphne_url, ("auction45", 3), LAPTOP, False)
    try:
        keys, done = Keys(at.page), set()
        for _ in range(80):
            if at.hand_over():
                break
            at.my_turn()
            done.add(keys.act())
        else:
            pytest.fail("the hand did not end")
        assert "card" in done and keys.cancelled
        sheet = at.table.scoresheet
        assert db_read(HandLine.objects.filter(sheet=sheet, number=1).exists)
    finally:
        close_pages(at.context, at.table)


@pytest.mark.parametrize("seated", [(("pitch52", 3), LAPTOP, False)], ids=["laptop"], indirect=True)
def test_a_laptop_player_may_choose_to_play_on_one_click(seated: Seated) -> None:
    page = seated.page
    seated.until_card_to_play()
    option = page.locator("#one-click")
    expect(option).not_to_be_checked()  # two clicks unless the player asks otherwise
    before = seq(page)
    card = page.locator("#own-hand [data-action]").first
    card.click()
    expect(page.locator("#play-confirm")).to_be_visible()
    page.keyboard.press("Escape")
    option.check()
    code = card.get_attribute("data-card")
    page.reload()  # the choice is kept
    wait_for_socket(page)
    expect(option).to_be_checked()
    assert seq(page) == before
    page.locator(f"#own-hand [data-card='{code}']").click()
    wait_past(page, before)
    expect(page.locator(f"#own-hand [data-card='{code}']")).to_have_count(0)
