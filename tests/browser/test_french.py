"""A member switches Kitty to French with the switcher at the foot of every page, then types a
scoresheet and reads the public standings in French, on a phone: every page fits 390 px and
passes axe-core, and the choice stays on their profile."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.demo import CLUB_SLUG, DEMO_PASSWORD
from club.models import Player
from demo.services import demo_load
from scoring.models import Scoresheet
from scoring.tablecodes import tablecode_issue
from tests.browser.checks import PHONE, assert_member_page, assert_no_english, open_menu
from tests.browser.table_moves import WAIT, against_computers, close_pages, wait_for_socket
from tests.browser.test_scoresheet_entry import submit_line
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_scores_a_sheet_and_reads_the_standings_in_french(
    live_server: LiveServer, page: Page
) -> None:
    demo_load()
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/sign-in/?next=/clubs/{CLUB_SLUG}/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill(DEMO_PASSWORD)
    page.locator("form button[type=submit]").first.click()
    expect(page.locator("html")).to_have_attribute("lang", "en")

    # The switcher: one tap, then the page is French and the choice is on the profile.
    page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    open_menu(page)
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()
    assert Player.objects.get(user__username="director").language == "fr"
    assert_member_page(page)

    # A new scoresheet, in French.
    page.get_by_role("link", name="Feuilles de pointage").first.click()
    expect(page.get_by_role("heading", name="feuilles de pointage")).to_be_visible()
    assert_member_page(page)
    page.get_by_role("link", name="Nouvelle feuille de pointage").click()
    page.get_by_label("Titre").fill("Table 7")
    page.locator("#id_side_0_partnership").select_option(label="Five of Trumps")
    page.locator("#id_side_1_partnership").select_option(label="Jack Be Nimble")
    page.get_by_label("Premier donneur").select_option(label="Place 1")
    assert_member_page(page)
    page.get_by_role("button", name="Commencer la feuille").click()
    expect(page.get_by_role("heading", name="Table 7")).to_be_visible()

    # A refused line: the reason in French, next to the field at fault.
    page.locator("#id_bidder").fill("2")
    page.locator("#id_bid").fill("12")
    page.locator("#id_trump").fill("h")
    page.locator("#id_points_0").fill("10")
    page.locator("#id_points_1").fill("20")
    submit_line(page, page.locator("#id_points_1"))
    expect(page.locator("#error-bid")).to_contain_text("Cette mise n'est pas permise")

    # The same line with a bid of 20: added, made or set in French words.
    page.locator("#id_bid").fill("20")
    page.locator("#id_bid").press("Enter")
    expect(page.locator("#line-1")).to_contain_text("faite")
    expect(page.locator("#sheet-notice")).to_have_text("Ligne 1 ajoutée.")
    expect(page.get_by_role("columnheader", name="Donneur", exact=True)).to_be_visible()
    assert_member_page(page)

    # The public standings of the demo league night, in French.
    event = Event.objects.filter(club__slug=CLUB_SLUG).exclude(standings=None).first()
    assert event is not None
    page.goto(f"{live_server.url}/events/{event.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("region", name="Classement")).to_be_visible()
    expect(page.locator(".standings-table thead")).to_contain_text("Parties")
    expect(page.locator(".standings-table thead")).to_contain_text("Pourquoi ce rang")
    why = page.locator(".standings-table tbody")
    expect(why).to_contain_text(re.compile(r"(Devant|Derrière|À égalité avec) .+ \(\d"))
    expect(why).not_to_contain_text(re.compile(r"Ahead of|Behind|Level with| vs "))
    assert_member_page(page)


@pytest.mark.usefixtures("tables_in_process")
def test_the_french_walkthroughs_pages_show_no_english(daphne_url: str, page: Page) -> None:
    """A member who reads French (their profile's choice) goes through a night: the round
    page, a table's sheet, its tap page, the lobby, the event's dashboard and door, the
    standings and an online table with its clock. None shows an English phrase of the
    catalogue, from a template, the Python code or the page's scripts."""
    demo_load()
    Player.objects.filter(user__username="director").update(language="fr")
    director = Player.objects.get(user__username="director")
    club = director.memberships.get().club
    night = Event.objects.filter(club=club, rounds__status="published").latest("date")
    round_ = night.rounds.latest("number")
    sheet = Scoresheet.objects.filter(tournament_match__round=round_, status="in_progress").first()
    assert sheet is not None
    code = tablecode_issue(sheet=sheet, by=None)
    online = against_computers(club, director, "En ligne", turn_seconds=90)
    page.set_viewport_size(PHONE)
    page.goto(f"{daphne_url}/sign-in/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill(DEMO_PASSWORD)
    page.locator("main button[type=submit]").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")

    base = f"{daphne_url}/clubs/{club.slug}"
    # Each page, and a word of it that the catalogue check cannot tell (a single word).
    for address, french in (
        (f"{base}/events/{night.pk}/rounds/{round_.number}/", page.locator(".live-summary")),
        (f"{base}/sheets/{sheet.pk}/", page.get_by_role("columnheader", name="Totaux")),
        (f"{daphne_url}/t/{code.code}/", page.get_by_role("radio", name="Pique")),
        (f"{daphne_url}/tables/", page.locator("time[data-countdown]").first),
        (f"{base}/events/{night.pk}/", page.get_by_text("sur place", exact=False).first),
        (f"{base}/events/{night.pk}/door/", page.get_by_text("sur place", exact=False).first),
        (f"{daphne_url}/events/{night.pk}/", page.get_by_role("region", name="Classement")),
    ):
        page.goto(address)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(french).to_be_visible()
        assert_no_english(page)
        assert_member_page(page)
    expect(page.locator(".standings-table")).to_be_visible()

    page.goto(f"{daphne_url}/tables/")
    expect(page.locator("time[data-countdown]").first).to_have_text(re.compile(r"^dans \d"))
    page.goto(f"{base}/events/{night.pk}/rounds/{round_.number}/")
    expect(page.locator(".live-summary")).to_contain_text("en jeu")
    expect(page.locator(".table-live .badge").first).to_have_text(re.compile("Confirmée|En jeu"))

    page.goto(f"{base}/tables/{online.pk}/")
    wait_for_socket(page)
    clock = page.locator("#turn-clock .clock-text")
    expect(clock).to_have_text(re.compile(r"^reste \d:\d\d$"), timeout=WAIT)
    letters = page.locator(".suit-letter").all_inner_texts()
    assert letters and set(letters) <= {"P", "C", "K", "T"}, letters
    assert_no_english(page)
    assert_member_page(page)
    close_pages(page.context, online)
