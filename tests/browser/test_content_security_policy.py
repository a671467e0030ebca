"""The main pages work under the Content-Security-Policy: Chromium reports no violation while
a director goes through the dashboard, a scoresheet, an online table (its websocket) and the
public standings, and every page arrived with the policy."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import ConsoleMessage, Page, expect

from club.demo import CLUB_SLUG, DEMO_PASSWORD
from club.models import Player
from demo.services import demo_load
from scoring.models import Scoresheet
from tables.services import SeatSpec, table_create, tables_open_due
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every violation the page sees, kept across navigations in the page's session storage.
RECORD_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  const seen = JSON.parse(sessionStorage.getItem("csp") || "[]");
  seen.push(`${event.violatedDirective} ${event.blockedURI} ${location.pathname}`);
  sessionStorage.setItem("csp", JSON.stringify(seen));
});
"""


def visit(page: Page, url: str) -> None:
    response = page.goto(url)
    assert response is not None and response.ok, url
    policy = response.header_value("content-security-policy") or ""
    assert "script-src 'self'" in policy, url
    page.wait_for_load_state("load")
    page.wait_for_function("() => typeof htmx === 'object'")


def test_the_main_pages_raise_no_policy_violation(daphne_url: str, page: Page) -> None:
    console: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Refused to" in message.text:
            console.append(message.text)

    page.on("console", on_console)
    page.context.add_init_script(RECORD_VIOLATIONS)
    demo_load()
    director = Player.objects.get(user__username="director")
    event = Event.objects.filter(club__slug=CLUB_SLUG).order_by("-date").first()
    sheet = Scoresheet.objects.filter(club__slug=CLUB_SLUG).order_by("pk").first()
    assert event is not None and sheet is not None
    when = timezone.now() + timedelta(minutes=30)
    table = table_create(
        club=director.memberships.get().club,
        by=None,
        scheduled_at=when,
        game_id="auction45",
        title="CSP table",
        seats=[SeatSpec(player=director), *[SeatSpec(bot="random")] * 3],
        seed=4,
        turn_seconds=0,
    )
    tables_open_due(now=when)

    visit(page, f"{daphne_url}/sign-in/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".signed-in")).to_contain_text("director")

    visit(page, f"{daphne_url}/")
    visit(page, f"{daphne_url}/clubs/{CLUB_SLUG}/events/{event.pk}/")
    visit(page, f"{daphne_url}/clubs/{CLUB_SLUG}/sheets/{sheet.pk}/")
    visit(page, f"{daphne_url}/clubs/{CLUB_SLUG}/sheets/{sheet.pk}/print/")
    visit(page, f"{daphne_url}/clubs/{CLUB_SLUG}/tables/{table.pk}/")
    page.wait_for_function("() => document.body.dataset.tableSocket === 'open'", timeout=20_000)
    expect(page.locator("#your-turn")).to_be_visible(timeout=20_000)
    visit(page, f"{daphne_url}/events/{event.pk}/")
    page.goto(f"{daphne_url}/api/docs/")
    expect(page.locator(".swagger-ui .info")).to_be_visible(timeout=20_000)

    recorded = page.evaluate("sessionStorage.getItem('csp') || '[]'")
    assert recorded == "[]"
    assert console == []
