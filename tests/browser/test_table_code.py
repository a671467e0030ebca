"""A table's phone without an account, in Chromium at 390x844: the code printed on the sheet
opens its entry page, a hand is tapped in and added, and the page fits and passes axe-core."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from scoring.models import HandLine, LineRevision, Scoresheet, TableCode
from scoring.services import handline_add
from scoring.tablecodes import tablecode_issue
from tests.browser import test_hand_entry
from tests.browser.checks import PHONE, assert_member_page
from tests.factories import ClubFactory
from tests.scoring.games import AUCTION45, AUCTION45_TOTALS

# The sheet and the 390x844 touch page of the hand-by-hand test.
hand_sheet = test_hand_entry._sheet
touch_phone = test_hand_entry.phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_table_adds_a_hand_with_its_code(live_server: LiveServer, touch_phone: Page) -> None:
    club = ClubFactory.create(slug="codes")
    sheet = hand_sheet(club)  # Ann, Bob, Cy and Di at "Table 7", Ann deals first
    phone = touch_phone
    code = tablecode_issue(sheet=sheet, by=None)

    phone.goto(f"{live_server.url}/t/")
    phone.get_by_label("Table code").fill(code.code.replace("-", "").lower())
    phone.get_by_role("button", name="Open the sheet").tap()
    expect(phone.get_by_role("heading", name="Table 7")).to_be_visible()
    phone.wait_for_load_state("load")
    assert_member_page(phone)

    phone.get_by_role("group", name="Bidder").get_by_role("radio", name="2 Bob").tap()
    phone.get_by_role("group", name="Bid").get_by_role("radio", name="20", exact=True).tap()
    phone.get_by_role("radio", name="Hearts").tap()
    phone.get_by_role("button", name="5 more for East-West").tap()
    expect(phone.locator("#line-check")).to_contain_text("Made")
    phone.get_by_role("button", name="Add hand").tap()
    expect(phone.locator("#hand-status")).to_contain_text("Line 1 added.")
    expect(phone.locator("#hand-total-1")).to_have_text("25")

    line = HandLine.objects.get(sheet=sheet)
    assert line.line["points"] == [5, 25] and line.created_by is None
    assert LineRevision.objects.get(line=line).note.startswith(f"table {code.code}, phone ")


# A whole game of 45s (tests.scoring.games.AUCTION45) as the table taps it: bidder, bid,
# trump, and the stepper taps from the bid to the bidding side's points.
GAME = [
    ("2 Bob", "20", "Hearts", []),
    ("3 Cy", "15", "Spades", ["5 more for North-South"]),
    ("4 Di", "25", "Diamonds", ["5 fewer for East-West"]),
    ("1 Ann", "30", "Clubs", []),
    ("2 Bob", "20", "Hearts", ["5 more for East-West"]),
    ("3 Cy", "20", "Spades", ["5 more for North-South"]),
]


def _add_top(phone: Page) -> float:
    """Where "Add hand" is on the page (from the page's top, whatever the scroll)."""
    top: float = phone.evaluate(
        "document.querySelector('#hand-form button[type=submit]').getBoundingClientRect().top"
        " + window.scrollY"
    )
    return top


def _answer_held(phone: Page, code: str) -> list[Route]:
    """Hold the table's next posted hand on its way: the test lets it go when it wants."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        if route.request.method == "POST" and not held:
            held.append(route)
        else:
            route.continue_()

    phone.route(f"**/t/{code}/", hold)
    return held


def test_a_table_plays_a_game_through_an_outage_and_the_other_side_confirms(
    live_server: LiveServer, touch_phone: Page, browser: Browser
) -> None:
    phone = touch_phone
    sheet = hand_sheet(ClubFactory.create(slug="night"))
    code = tablecode_issue(sheet=sheet, by=None)
    phone.goto(f"{live_server.url}/t/{code.code}/")
    phone.wait_for_load_state("load")
    expect(phone.get_by_text("North-South (Ann & Cy) enter the hands")).to_be_visible()
    for number, (bidder, bid, trump, steps) in enumerate(GAME, start=1):
        if number == 2:
            phone.context.set_offline(True)  # the hall's wifi drops for three hands
        test_hand_entry._tap_hand(phone, bidder, bid, trump, steps)
        held = _answer_held(phone, code.code) if number == 1 else []
        before = _add_top(phone)
        phone.get_by_role("button", name="Add hand").tap()
        expect(phone.locator("#hand-number")).to_have_text(str(number + 1))
        if number == 1:
            # The answer comes while the thumb is over "Add": the button stays where it is.
            expect(phone.locator("#hand-status")).to_contain_text("1 hand waiting")
            assert _add_top(phone) == before
            while not held:
                phone.wait_for_timeout(20)
            held[0].continue_()
            expect(phone.locator("#hand-status")).to_contain_text("Line 1 added.")
            assert _add_top(phone) == before
            phone.unroute(f"**/t/{code.code}/")
        if number == 4:
            expect(phone.locator("#hand-status")).to_contain_text("3 hands waiting")
            assert HandLine.objects.filter(sheet=sheet).count() == 1
            phone.context.set_offline(False)
            expect(phone.locator("#hand-status")).to_contain_text("Line 4 added.")
        # Online, the next hand is tapped at once: no answer moves a button under the tap.
    # The last hand ends the game: the page reloads to show it over.
    expect(phone.get_by_text("Game over.")).to_be_visible()
    stored = list(HandLine.objects.filter(sheet=sheet).order_by("number"))
    assert [line.scores_after for line in stored] == AUCTION45_TOTALS

    phone.wait_for_load_state("load")
    assert_member_page(phone)
    # The phone that entered does not confirm: it says who does, and where.
    told = "This phone entered the hands: East-West (Bob & Di) confirm the scores on their own"
    expect(phone.get_by_text(told)).to_be_visible()
    expect(phone.get_by_role("button", name="Confirm the scores")).to_have_count(0)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    other_side = context.new_page()
    other_side.goto(f"{live_server.url}/t/{code.code}/")
    title = "East-West (Bob & Di): confirm these scores"
    expect(other_side.get_by_role("heading", name=title)).to_be_visible()
    assert_member_page(other_side)
    other_side.get_by_role("button", name="Confirm the scores").tap()
    expect(other_side.get_by_text("The sheet is confirmed.")).to_be_visible()
    context.close()
    sheet.refresh_from_db()
    assert sheet.status == "confirmed"


def test_a_second_phone_sees_the_hands_the_first_adds(
    live_server: LiveServer, browser: Browser
) -> None:
    sheet = hand_sheet(ClubFactory.create(slug="two-phones"))
    code = tablecode_issue(sheet=sheet, by=None)
    phones = []
    for _ in range(2):  # two browser contexts: two phones, no shared session or storage
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        context.set_default_timeout(10_000)
        phones.append(context.new_page())
    first, second = phones
    for phone in phones:
        phone.goto(f"{live_server.url}/t/{code.code}/")
        phone.wait_for_load_state("load")
    # The second phone has started tapping a hand when the first adds one.
    second.get_by_role("group", name="Bidder").get_by_role("radio", name="3 Cy").tap()
    test_hand_entry._tap_hand(first, "2 Bob", "20", "Hearts", [])
    first.get_by_role("button", name="Add hand").tap()
    expect(first.locator("#hand-status")).to_contain_text("Line 1 added.")

    expect(second.locator("#hand-total-1")).to_have_text("20")
    expect(second.locator("#hand-recent")).to_contain_text("East-West 20")
    expect(second.locator("#hand-number")).to_have_text("2")
    # What it was tapping is kept; the dealer follows the deal (seat 2 deals hand 2).
    assert second.get_by_role("group", name="Bidder").get_by_role("radio", name="3 Cy").is_checked()
    assert (
        second.get_by_role("group", name="Dealer").get_by_role("radio", name="2 Bob").is_checked()
    )
    second.get_by_role("group", name="Bid").get_by_role("radio", name="15", exact=True).tap()
    second.get_by_role("radio", name="Spades").tap()
    second.get_by_role("button", name="5 more for North-South").tap()
    second.get_by_role("button", name="Add hand").tap()
    expect(second.locator("#hand-status")).to_contain_text("Line 2 added.")
    expect(first.locator("#hand-total-0")).to_have_text("30")
    expect(first.locator("#hand-number")).to_have_text("3")
    assert_member_page(second)
    for phone in phones:
        phone.context.close()
    lines = HandLine.objects.filter(sheet=sheet).order_by("number")
    assert [line.scores_after for line in lines] == AUCTION45_TOTALS[:2]


def _open(phone: Page, live_server: LiveServer, slug: str) -> tuple[Scoresheet, TableCode]:
    sheet = hand_sheet(ClubFactory.create(slug=slug))
    code = tablecode_issue(sheet=sheet, by=None)
    phone.goto(f"{live_server.url}/t/{code.code}/")
    expect(phone.get_by_role("heading", name="Table 7")).to_be_visible()
    phone.wait_for_load_state("load")
    return sheet, code


def test_the_tables_page_opens_at_its_top_on_the_bidder(
    live_server: LiveServer, touch_phone: Page
) -> None:
    phone = touch_phone
    _open(phone, live_server, "top-code")
    test_hand_entry.assert_opens_at_the_bidder(phone)
    # The check answers with the tap page's hint, never the keyboard's.
    with phone.expect_response("**/check/**"):
        phone.get_by_role("group", name="Dealer").get_by_role("radio", name="2 Bob").tap()
    expect(phone.locator("#line-check")).to_contain_text("Tap the bidder")
    expect(phone.locator("#line-check")).not_to_contain_text("Tab moves on")


def test_the_stepper_goes_to_the_next_multiple_of_its_step(
    live_server: LiveServer, touch_phone: Page
) -> None:
    phone = touch_phone
    _open(phone, live_server, "stepper")
    points = phone.locator("#id_points_1")
    points.fill("23")
    phone.get_by_role("button", name="5 more for East-West").tap()
    expect(points).to_have_value("25")
    points.fill("23")
    phone.get_by_role("button", name="5 fewer for East-West").tap()
    expect(points).to_have_value("20")
    phone.get_by_role("button", name="5 fewer for East-West").tap()
    expect(points).to_have_value("15")


def test_a_refused_hand_comes_back_under_its_own_number_after_a_reload(
    live_server: LiveServer, touch_phone: Page
) -> None:
    phone = touch_phone
    sheet, _code = _open(phone, live_server, "reload")
    test_hand_entry._tap_hand(phone, "2 Bob", "20", "Hearts", [])
    phone.locator("#id_points_1").fill("23")  # not a multiple of 5
    phone.get_by_role("button", name="Add hand").tap()
    refusal = "Hand 1 was not added. Points must be multiples of 5"
    expect(phone.locator("#hand-status")).to_contain_text(refusal)
    expect(phone.locator("#hand-status")).to_contain_text(": 7. Correct it and tap Add.")
    expect(phone.locator("#hand-number")).to_have_text("1")

    phone.reload()
    phone.wait_for_load_state("load")
    expect(phone.locator("#hand-number")).to_have_text("1")
    expect(phone.locator("#hand-status")).to_contain_text(refusal)
    bidder = phone.get_by_role("group", name="Bidder").get_by_role("radio", name="2 Bob")
    expect(bidder).to_be_checked()
    expect(phone.locator("#id_points_1")).to_have_value("23")

    phone.get_by_role("button", name="5 more for East-West").tap()  # 25: corrected
    phone.get_by_role("button", name="Add hand").tap()
    expect(phone.locator("#hand-status")).to_contain_text("Line 1 added.")
    expect(phone.locator("#hand-number")).to_have_text("2")
    assert [line.line["points"] for line in HandLine.objects.filter(sheet=sheet)] == [[5, 25]]


def test_a_hand_sent_under_a_used_key_is_kept_and_sent_again(
    live_server: LiveServer, touch_phone: Page
) -> None:
    phone = touch_phone
    sheet, _code = _open(phone, live_server, "reused")
    used = phone.locator('input[name="client_key"]').input_value()
    test_hand_entry._tap_hand(phone, "2 Bob", "20", "Hearts", [])
    phone.get_by_role("button", name="Add hand").tap()
    expect(phone.locator("#hand-status")).to_contain_text("Line 1 added.")
    # The next hand goes with the first one's key (a phone that made the same key twice).
    phone.locator('input[name="client_key"]').evaluate("(input, key) => input.value = key", used)
    test_hand_entry._tap_hand(phone, "3 Cy", "15", "Spades", [])
    phone.get_by_role("button", name="Add hand").tap()
    status = phone.locator("#hand-status")
    expect(status).to_contain_text("Hand 2 was not added: this phone had already sent")
    expect(status).to_contain_text("tap Add to send it again")
    expect(phone.locator("#hand-number")).to_have_text("2")
    bidder = phone.get_by_role("group", name="Bidder").get_by_role("radio", name="3 Cy")
    expect(bidder).to_be_checked()
    assert HandLine.objects.filter(sheet=sheet).count() == 1

    phone.get_by_role("button", name="Add hand").tap()
    expect(status).to_contain_text("Line 2 added.")
    lines = HandLine.objects.filter(sheet=sheet).order_by("number")
    assert [line.bidder for line in lines] == [1, 2]
    assert_member_page(phone)


# Each kind of answer the check gives the tap page: what is tapped (an input's name and value;
# "+0"/"-0": a step up or down for North-South; "points_0": typed), and the words that show it
# came, in English and in French. The sheet holds five hands: Bob deals the sixth, and
# North-South's 20 made ends the game. The hint comes last: after other answers, it is still
# the tap page's own.
HAND = [("bidder", "3"), ("bid", "20"), ("trump", "S")]
ANSWERS = [
    ("made, and the game's end", [*HAND, ("+0", "")], ("ends the game", "termine la partie")),
    ("set", [("bidder", "3"), ("bid", "25"), ("trump", "S"), ("-0", "")], ("Set", "Chutée")),
    ("the dealer refused", [*HAND, ("dealer", "3")], ("Not this dealer", "Ce n'est pas le tour")),
    ("the points refused", [*HAND, ("points_0", "23")], ("by fives", "par cinq")),
    ("the hint", [("bidder", "3")], ("Tap the bidder", "Touchez le preneur")),
]


def _answer(phone: Page, taps: list[tuple[str, str]], words: str) -> None:
    """Tap (or type) the inputs of a blank hand, and wait for the check's answer (``words``)."""
    phone.evaluate("document.getElementById('hand-form').reset()")
    with phone.expect_response("**/check/**"):
        for name, value in taps:
            if name[0] in "+-":
                step = "5" if name[0] == "+" else "-5"
                phone.locator(f'.stepper[data-side="{name[1:]}"] [data-step="{step}"]').tap()
            elif name.startswith("points"):
                phone.locator(f'input[name="{name}"]').fill(value)
            else:
                phone.locator(f'input[name="{name}"][value="{value}"]').tap()
    expect(phone.locator("#line-check")).to_contain_text(words)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_add_hand_stays_put_whatever_the_check_answers(
    live_server: LiveServer, browser: Browser, language: str
) -> None:
    """An answer may come just before or just after a tap on "Add hand": whichever it is, the
    button is where it was when the page opened, and the answer fits its room (390 px)."""
    sheet = hand_sheet(ClubFactory.create(slug=f"still-{language}"))
    for number, line in enumerate(AUCTION45[:5], start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=None)
    code = tablecode_issue(sheet=sheet, by=None)
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, locale=f"{language}-CA"
    )
    context.set_default_timeout(10_000)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/t/{code.code}/")
    phone.wait_for_load_state("load")
    expect(phone.locator("html")).to_have_attribute("lang", language)
    opened = _add_top(phone)  # the page's own placeholder in the check
    for kind, taps, words in ANSWERS:
        _answer(phone, taps, words[language == "fr"])
        assert (kind, _add_top(phone)) == (kind, opened)
        shown, needed = phone.locator("#line-check").evaluate(
            "check => [check.clientHeight, check.scrollHeight]"
        )
        assert needed <= shown, f"{kind}: the answer needs {needed} px, the room is {shown} px"
    assert_member_page(phone)
    context.close()
