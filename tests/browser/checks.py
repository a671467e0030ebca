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
