"""The table page's live part reads the same drawn by the server and redrawn by the script.

The server draws the first screen (templates/tables/table.html); after that the page draws
each state again from the same screen as data (static/kitty/table_draw.js). For fixed table
states, one page is opened with JavaScript off (the screen as served) and one with it on (the
screen redrawn from the socket's state at the same ``seq``), and their regions are compared:
the status line, the bar, the seats, the cards on the table, the own hand and its buttons,
the auction, the score, and the names a screen reader reads (``aria-label``).

Four people sit at the table, so no computer moves while the pages are compared; each state
is reached by playing through the service. Daphne runs on a thread of this process
(``daphne_url``, tests/browser/conftest.py).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser

from club.models import Membership
from engine.rules import Hand
from tables.models import LiveTable
from tests.browser.table_moves import (
    WAIT,
    close_pages,
    db_read,
    signed_in_page,
    wait_for_socket,
)
from tests.tables.helpers import play_hand, play_one, state, table_with

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_in_process"),
]

#: The regions of the live part, each read as the list of its items' visible texts (runs of
#: white space made one space) and the names of its cards and controls. The own hand's
#: discard counter is left out: the card input fills it in, it is not drawn.
REGIONS = """live => {
  const text = (node) => node.innerText.replace(/\\s+/g, " ").trim();
  const texts = (selector) => [...live.querySelectorAll(selector)].map(text);
  const names = (selector) => [...live.querySelectorAll(selector)]
    .map((node) => node.getAttribute("aria-label"));
  return {
    seq: live.dataset.seq,
    status: texts("#table-status"),
    bar: texts("#table-bar > div"),
    seats: texts("#table-picture .seat"),
    trick: texts("#trick > li"),
    trick_names: names("#trick [aria-label], #trick[aria-label]"),
    last_trick: texts("#last-trick > li"),
    hand: texts("#own-hand > *"),
    hand_names: names("#own-hand [aria-label], #own-hand[aria-label]"),
    hand_box: texts(".own-hand > :not(.discard), .discard > :not(#discard-count)"),
    auction: texts("#auction-title, #auction-title ~ *"),
    score: texts("#score-title ~ *"),
  };
}"""

#: The markup of every element of the live part: its tag and the attributes that say what it
#: is (id, class, role, href, type, hidden, open, scope, data-*, aria-*), classes in any
#: order. Left out are the attributes the card input sets on the drawing (tabindex, disabled).
MARKUP = """live => [live, ...live.querySelectorAll("*")].map((node) => {
  const kept = [...node.attributes]
    .filter((a) => /^(id|class|role|href|type|hidden|open|scope)$|^(data|aria)-/.test(a.name))
    .map((a) => `${a.name}=${a.value.split(/\\s+/).filter(Boolean).sort().join(" ")}`)
    .sort();
  return `${node.tagName.toLowerCase()} ${kept.join(" ")}`;
})"""


def _auction_with_calls(hand: Hand) -> bool:
    return hand.phase == "auction" and len(hand.view(None).get("calls", [])) >= 2


def _discard_to_choose(hand: Hand) -> bool:
    return hand.phase in ("kitty_discard", "discard")


def _trick_half_played(hand: Hand) -> bool:
    return hand.phase == "play" and len(hand.view(None).get("trick", [])) == 2


def _trick_just_won(hand: Hand) -> bool:
    view = hand.view(None)
    return hand.phase == "play" and not view.get("trick") and bool(view.get("tricks"))


STATES: dict[str, Callable[[Hand], bool]] = {
    "auction": _auction_with_calls,
    "discard": _discard_to_choose,
    "mid-trick": _trick_half_played,
    "trick-won": _trick_just_won,
}


def _play_until(table: LiveTable, wanted: Callable[[Hand], bool]) -> Hand:
    """Play through the service until ``wanted`` holds of the table's hand; returns it."""
    for _ in range(80):
        hand = state(table)
        if wanted(hand):
            return hand
        play_one(table)
    pytest.fail("the table never reached the state")


def _drawn_both_ways(
    browser: Browser, url: str, table: LiveTable, member: Membership
) -> tuple[dict[str, Any], dict[str, Any], list[str], list[str]]:
    """The live part's regions and markup redrawn by the script, then as served, at one
    ``seq``: the script's page stays open, so its seat counts present in both."""
    address = f"{url}/clubs/{table.club.slug}/tables/{table.pk}/"
    user = member.player.user
    assert user is not None
    scripted = signed_in_page(browser, url, user)
    scripted.goto(address)
    wait_for_socket(scripted)
    db_read(table.refresh_from_db)
    scripted.wait_for_function(
        f"() => document.body.dataset.tableSeq === '{table.seq}'", timeout=WAIT
    )
    served = signed_in_page(browser, url, user, javascript=False)
    served.goto(address)
    live_scripted, live_served = scripted.locator(".live"), served.locator(".live")
    found = (
        live_scripted.evaluate(REGIONS),
        live_served.evaluate(REGIONS),
        live_scripted.evaluate(MARKUP),
        live_served.evaluate(MARKUP),
    )
    served.context.close()
    close_pages(scripted.context, table)
    return found


def _differences(served: list[str], scripted: list[str]) -> str:
    """Where the script's markup parts from the server's, as a diff."""
    lines = difflib.unified_diff(served, scripted, "served", "scripted", lineterm="", n=1)
    return "\n".join(lines)


def _member_to_act(table: LiveTable, hand: Hand, members: list[Membership]) -> Membership:
    assert hand.to_act is not None
    return members[hand.to_act]


@pytest.mark.parametrize("wanted", list(STATES), ids=list(STATES))
def test_the_script_draws_the_screen_the_server_drew(
    browser: Browser, daphne_url: str, wanted: str
) -> None:
    table, members = table_with(people=4, seed=4)
    hand = _play_until(table, STATES[wanted])
    member = _member_to_act(table, hand, members)
    scripted, served, scripted_markup, served_markup = _drawn_both_ways(
        browser, daphne_url, table, member
    )
    assert scripted["seq"] == served["seq"] == str(table.seq)
    assert scripted["seats"] and scripted["hand"] and scripted["bar"]
    assert scripted == served
    assert scripted_markup == served_markup, _differences(served_markup, scripted_markup)


def test_in_french_the_second_hand_reads_the_same_both_ways(
    browser: Browser, daphne_url: str
) -> None:
    """The second hand: the first one's line on the score sheet, its replay link, the
    scores on the bar; in French, so the script's words and the template's are compared."""
    table, members = table_with(people=4, seed=4)
    for member in members:
        member.player.language = "fr"
        member.player.save(update_fields=["language"])
    play_hand(table)
    hand = _play_until(table, _trick_half_played)
    member = _member_to_act(table, hand, members)
    scripted, served, scripted_markup, served_markup = _drawn_both_ways(
        browser, daphne_url, table, member
    )
    assert scripted["seq"] == served["seq"] == str(table.seq)
    assert "Revoir une donne : 1" in scripted["score"], scripted["score"]
    assert scripted == served
    assert scripted_markup == served_markup, _differences(served_markup, scripted_markup)
