"""What every member-facing page must pass in the browser: it fits a phone, and axe-core finds
no serious or critical accessibility violation.

axe-core comes with the ``axe-playwright-python`` test dependency (its bundled ``axe.min.js``),
so nothing is downloaded while the tests run.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Locator, Page, ViewportSize

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
BLOCKING = {"serious", "critical"}


def page_width(page: Page) -> int:
    """How wide the page's content is: more than the viewport means it scrolls sideways."""
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


def assert_fits(page: Page) -> None:
    """The page does not scroll sideways at its viewport's width."""
    viewport = page.viewport_size
    assert viewport is not None
    assert page_width(page) <= viewport["width"], (
        f"{page.url} is {page_width(page)} px wide at {viewport['width']} px"
    )


def blocking_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it stands."""
    results = Axe().run(page)
    violations: list[dict[str, Any]] = results.response["violations"]
    return [v for v in violations if v.get("impact") in BLOCKING]


def assert_accessible(page: Page) -> None:
    """axe-core finds no serious or critical violation (each listed with the nodes at fault)."""
    found = blocking_violations(page)
    assert not found, "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(n["target"]) for n in v["nodes"][:5])
        for v in found
    )


def assert_member_page(page: Page) -> None:
    """Both checks a member-facing page must pass."""
    assert_fits(page)
    assert_accessible(page)


# The text's colour against the first opaque background behind it (axe-core leaves a colour
# on a transparent control "incomplete" rather than a violation): WCAG's contrast ratio.
_CONTRAST = """node => {
  const rgb = text => (text.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const c = [r, g, b].map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  let back = null;
  for (let at = node; at && !back; at = at.parentElement) {
    const found = rgb(getComputedStyle(at).backgroundColor);
    if (found.length === 3 || (found.length === 4 && found[3] > 0)) { back = found; }
  }
  const [a, b] = [lum(rgb(getComputedStyle(node).color)), lum(back || [255, 255, 255])];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def contrast(locator: Locator) -> float:
    """The contrast ratio of ``locator``'s text with what is behind it (AA: 4.5 or more)."""
    ratio: float = locator.evaluate(_CONTRAST)
    return ratio


# Each word of the element's visible text as a DOM range: a word the layout broke inside
# itself ("Ru|nni|ng") has its letters on more than one line, so more than one line box. A
# hyphen is a place to break ("Forty-|Fives"): each part counts as a word.
_BROKEN_WORDS = """root => {
  const broken = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement || !node.parentElement.checkVisibility()) { continue; }
    for (const match of node.data.matchAll(/[^\\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) { broken.push(match[0]); }
    }
  }
  return broken;
}"""


def broken_words(locator: Locator) -> list[str]:
    """The words of ``locator``'s visible text that wrap inside themselves onto two lines or
    more (a word too long for its column, cut letter by letter); none on a readable page."""
    words: list[str] = []
    for index in range(locator.count()):
        words += locator.nth(index).evaluate(_BROKEN_WORDS)
    return words


def below_the_fold(locator: Locator) -> float:
    """How far the bottom of ``locator`` lies below the first screen of its page, in px, with
    the page scrolled to its top (0 or less: seen without scrolling)."""
    page = locator.page
    page.evaluate("window.scrollTo(0, 0)")
    box = locator.bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    return box["y"] + box["height"] - viewport["height"]


def open_menu(page: Page) -> None:
    """On a phone the header's links are behind its Menu button: open it (a wider screen
    shows them in the header line, and nothing is done)."""
    menu = page.locator(".nav-menu")
    if page.locator(".nav-menu-button").is_visible() and menu.get_attribute("open") is None:
        page.locator(".nav-menu-button").click()


# --- English left on a French page ----------------------------------------------------------

#: What a msgid holds that is no words: placeholders (%(name)s, %s, {name}) and HTML tags.
_NOT_WORDS = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}|<[^>]*>|&\w+;")
_LETTERS = re.compile(r"[A-Za-z]")


def _phrases(text: str) -> list[str]:
    """The English phrases of a msgid: its pieces between placeholders and tags that are a few
    words long (two or more, eight letters or more: "Total" or "of the" would match French
    pages by chance)."""
    pieces = (" ".join(piece.split()).strip(" .,:;·()") for piece in _NOT_WORDS.split(text))
    return [
        piece for piece in pieces if len(piece.split()) >= 2 and len(_LETTERS.findall(piece)) >= 8
    ]


@functools.cache
def english_phrases() -> tuple[str, ...]:
    """Every English phrase of the French catalogue whose French differs from it, except
    those a French text also holds (names of games, "Buchholz")."""
    from tests.test_translations import PO, po_entries

    entries = po_entries(PO)
    french = "\n".join(" ".join(text.split()) for e in entries for text in e["msgstr"])  # type: ignore[attr-defined]
    found: set[str] = set()
    for entry in entries:
        for msgid in (entry["msgid"], entry["msgid_plural"]):
            if msgid and str(msgid) not in entry["msgstr"]:  # type: ignore[operator]
                found.update(p for p in _phrases(str(msgid)) if p not in french)
    return tuple(sorted(found))


def english_on(page: Page) -> list[str]:
    """The catalogue's English phrases the page shows (its visible text, words whole)."""
    text = " ".join(page.locator("body").inner_text().split())
    return [
        phrase
        for phrase in english_phrases()
        if re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text)
    ]


def assert_no_english(page: Page) -> None:
    """A page in French shows none of the catalogue's English phrases."""
    found = english_on(page)
    assert not found, f"{page.url} shows English: {found}"
