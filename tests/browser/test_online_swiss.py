"""An online Swiss of four partnerships, from the director's pages to round 2 pairing itself.

The director (1280×800) makes the event with the event form (online, the computer for a seat
left empty after a short grace time, pairing itself, the club's one-point pitch rules), ticks
the four partnerships in at the door, pairs round 1 and publishes it from the round page. Two
people (390×844, each in their own browser) open the link of their "a table is set for you"
email and play every decision of theirs by tapping until the game ends; every other seat,
whose player never comes, is played by the computer after the grace time. The finished games
confirm their sheets, the standings show the four partnerships, and round 2 pairs itself.

The club's members, partnerships and rules are its existing data, made with the factories.
Daphne serves the site on a thread of this process (``daphne_url``). The grace time is run out
by the test, as the beat's no-show sweep and watchdog do, not on timer threads: SQLite's
in-memory database, shared by the threads, refuses a write while another thread writes.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from club.models import Club, Partnership
from scoring.models import SheetStatus
from tables.models import ActionLog, LiveTable, TableStatus
from tables.services import match_no_shows_sweep, table_restart
from tests.browser.checks import LAPTOP, PHONE, assert_member_page
from tests.browser.table_moves import act_once, all_gone, db_read, wait_for_socket
from tests.factories import ClubFactory, MembershipFactory, PartnershipFactory, RuleSetFactory
from tournaments.models import (
    Event,
    Job,
    JobKind,
    JobState,
    Match,
    Round,
    Seating,
    StandingsSnapshot,
)

if TYPE_CHECKING:
    from django.core.mail import EmailMessage
    from pytest_django.fixtures import Settings

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("tables_in_process"),
]

WAIT = 20_000
GRACE = 3  # seconds before the computer plays a seat whose player has not come
EVENT = "Online Swiss"
STILL = 5  # seconds without a move after which the people's pages connect again
LINK = re.compile(r"https?://\S+/tables/\d+/")


@pytest.fixture
def emails_link_here(settings: Settings, daphne_url: str) -> None:
    """The emails' links lead to this test's server."""
    settings.KITTY_SITE_URL = daphne_url


@dataclass
class Person:
    """Someone seated at round 1's table 1, in their own browser at a phone's size."""

    seat: int
    player_email: str
    context: BrowserContext
    page: Page


def _club() -> tuple[Club, User, list[Partnership]]:
    """The club's existing data: a director, eight members with accounts and addresses in
    four partnerships, and one-point pitch rules (one hand decides a game)."""
    club = ClubFactory.create(name="Online 45s", slug="online")
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    pairs = []
    for number in range(1, 5):
        members = [
            MembershipFactory.create(
                club=club,
                with_account=True,
                player__display_name=f"Pair {number} {who}",
                player__email=f"pair{number}{who.lower()}@example.org",
            ).player
            for who in ("North", "South")
        ]
        pairs.append(PartnershipFactory.create(club=club, name=f"Pair {number}", players=members))
    RuleSetFactory.create(
        club=club, name="One-point pitch", game="pitch52", options={"target": 1}, is_default=True
    )
    assert director.player.user is not None
    return club, director.player.user, pairs


def _signed_in(browser: Browser, url: str, user: User, viewport: ViewportSize) -> Page:
    """A page of its own context, signed in as ``user`` (a session made on the server)."""
    client = Client()
    client.force_login(user)
    session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    context = browser.new_context(viewport=viewport, has_touch=viewport == PHONE)
    context.set_default_timeout(WAIT)
    context.add_cookies(
        [{"name": django_settings.SESSION_COOKIE_NAME, "value": session, "url": url}]
    )
    return context.new_page()


def _make_the_event(page: Page, base: str) -> Event:
    """The director fills the event form: the online settings sit under "Played online"."""
    page.goto(f"{base}/clubs/online/events/new/")
    page.get_by_label("Name").fill(EVENT)
    page.get_by_label("Format").select_option("swiss")
    page.get_by_label("Rules").select_option(label="One-point pitch")
    page.get_by_label("Rounds planned").fill("3")
    page.get_by_label("Rounds played").select_option("online")
    page.locator("#played-online > summary").click()
    page.get_by_label("Turn clock (seconds)").fill("0")
    page.get_by_label("Grace time (seconds)").fill(str(GRACE))
    page.get_by_label("When a seat stays empty").select_option("computer")
    page.get_by_label("Pair the next round by itself").check()
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", name=EVENT)).to_be_visible()
    event = db_read(lambda: Event.objects.get(name=EVENT))
    assert (event.plays_at, event.no_show, event.grace_seconds) == ("online", "computer", GRACE)
    assert event.pairs_itself and not event.publishes_itself
    return event


def _pair_round_1(page: Page, pairs: list[Partnership]) -> None:
    """The door ticks the partnerships in; the dashboard's button pairs round 1."""
    for pair in pairs:
        page.get_by_role("button", name=f"Check in {pair.name}").click()
        expect(page.get_by_role("button", name=f"Check out {pair.name}")).to_be_visible()
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.get_by_text("Round 1 is paired: 2 tables.")).to_be_visible()


def _publish_round_1(page: Page, base: str, event: Event) -> None:
    page.goto(f"{base}/clubs/online/events/{event.pk}/rounds/1/")
    page.get_by_role("link", name="Publish", exact=True).click()
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.get_by_text("Round 1 is published")).to_be_visible()


def _the_people(browser: Browser, base: str, event: Event) -> list[Person]:
    """The players of round 1's table 1 in seats 1 and 2 (opponents), each signed in on a
    phone; nobody else comes."""
    seated = db_read(
        lambda: list(
            Seating.objects.filter(round__event=event, round__number=1, table__number=1, seat__lt=2)
            .select_related("player__user")
            .order_by("seat")
        )
    )
    people = []
    for seating in seated:
        assert seating.player is not None and seating.player.user is not None
        page = _signed_in(browser, base, seating.player.user, PHONE)
        people.append(Person(seating.seat, seating.player.email, page.context, page))
    return people


def _open_the_email_link(person: Person, outbox: list[EmailMessage]) -> LiveTable:
    """The person's "a table is set for you" email, and its link opened on their phone."""
    sent = [m for m in outbox if m.to == [person.player_email] and "/tables/" in m.body]
    assert len(sent) == 1, [m.subject for m in outbox if m.to == [person.player_email]]
    found = LINK.search(str(sent[0].body))
    assert found is not None, sent[0].body
    person.page.goto(found.group(0))
    wait_for_socket(person.page)
    table_id = int(found.group(0).rstrip("/").rsplit("/", 1)[1])
    return db_read(lambda: LiveTable.objects.get(pk=table_id))


def _until(done: Callable[[], bool], what: str, step: Callable[[], None] | None = None) -> None:
    deadline = time.monotonic() + 60
    while not done():
        if time.monotonic() > deadline:
            pytest.fail(f"waited too long for {what}")
        if step is not None:
            step()
        time.sleep(0.05)


def _play_on(people: list[Person], tables: list[LiveTable]) -> Callable[[], None]:
    """One step of the games: whoever of the people is to act plays, by tapping; else the
    tables are seen to as the beat does (its no-show sweep and watchdog), so a seat whose
    player has not come is played by the computer once the grace time is over."""

    moved = _Moved(_seqs(tables), time.monotonic())

    def step() -> None:
        acted = False
        for person in people:
            if person.page.locator("#your-turn").count():
                act_once(person.page, touch=True)
                acted = True
        if not acted:
            db_read(match_no_shows_sweep)
            for table in tables:
                db_read(partial(table_restart, table_id=table.pk))
        seqs = _seqs(tables)
        if acted or seqs != moved.seqs:
            moved.seqs, moved.at = seqs, time.monotonic()
        elif time.monotonic() - moved.at > STILL:
            # A state the server could not send (SQLite locked for a moment): a page catches
            # up when it connects again, as a phone's does.
            for person in people:
                person.page.reload()
                wait_for_socket(person.page)
            moved.at = time.monotonic()

    return step


@dataclass
class _Moved:
    """The tables' action numbers when last seen to change, and when."""

    seqs: list[int]
    at: float


def _seqs(tables: list[LiveTable]) -> list[int]:
    ids = [table.pk for table in tables]
    return db_read(lambda: list(LiveTable.objects.filter(pk__in=ids).values_list("seq", flat=True)))


def _actors(table: LiveTable, seat: int) -> set[str]:
    """Who made the decisions of ``seat`` at ``table``: its player, or the computer."""
    found = ActionLog.objects.filter(table=table, seat=seat).values_list("actor", flat=True)
    return db_read(lambda: set(found))


def _finished(tables: list[LiveTable]) -> bool:
    ids = [table.pk for table in tables]
    statuses = db_read(lambda: list(LiveTable.objects.filter(pk__in=ids).values_list("status")))
    return all(status == TableStatus.FINISHED for (status,) in statuses)


def test_an_online_swiss_is_played_by_two_people_and_pairs_round_2_itself(
    browser: Browser, daphne_url: str, emails_link_here: None, mailoutbox: list[EmailMessage]
) -> None:
    started = time.monotonic()
    club, director_user, pairs = _club()
    director = _signed_in(browser, daphne_url, director_user, LAPTOP)
    event = _make_the_event(director, daphne_url)
    _pair_round_1(director, pairs)
    people = _the_people(browser, daphne_url, event)
    _publish_round_1(director, daphne_url, event)
    tables = db_read(lambda: list(LiveTable.objects.filter(match__round__event=event)))
    assert len(tables) == 2
    try:
        at = {_open_the_email_link(person, mailoutbox).pk for person in people}
        assert len(at) == 1  # both at table 1
        for person in people:
            assert_member_page(person.page)
        _until(lambda: _finished(tables), "both games to end", _play_on(people, tables))
        for person in people:
            expect(person.page.locator("#hand-summary h2")).to_have_text(
                "The game is over", timeout=WAIT
            )

        table_1 = next(t for t in tables if t.pk in at)
        for person in people:  # every decision of theirs they made themselves
            actors = _actors(table_1, person.seat)
            assert actors == {ActionLog.Actor.PLAYER}, (person.seat, actors)
        for seat in (2, 3):  # nobody came: the computer played for them
            assert _actors(table_1, seat) == {ActionLog.Actor.STAND_IN}, seat

        matches = db_read(lambda: list(Match.objects.filter(round__event=event, round__number=1)))
        sheets = db_read(lambda: {m.sheet.status for m in matches if m.sheet is not None})
        assert len(matches) == 2 and sheets == {SheetStatus.CONFIRMED}
        _until(
            lambda: db_read(lambda: Round.objects.filter(event=event, number=2).exists()),
            "round 2 to pair itself",
        )
        pairing = db_read(lambda: Job.objects.get(event=event, kind=JobKind.PAIR, round_number=2))
        assert pairing.state == JobState.DONE and pairing.created_by is None

        director.goto(f"{daphne_url}{reverse('event_public', args=[event.pk])}")
        standings = director.locator("main")
        for pair in pairs:
            expect(standings).to_contain_text(pair.name)
        snapshot = db_read(lambda: StandingsSnapshot.objects.get(event=event))
        assert snapshot.games_counted == 2
        assert sorted(row["played"] for row in snapshot.rows) == [1, 1, 1, 1]
        director.goto(f"{daphne_url}/clubs/online/events/{event.pk}/rounds/2/")
        expect(director.locator("#round-pairer")).to_contain_text("Paired by itself")
    finally:
        for person in people:
            person.context.close()
        director.context.close()
        deadline = time.monotonic() + WAIT / 1000
        while not all(all_gone(table) for table in tables) and time.monotonic() < deadline:
            time.sleep(0.05)
    print(f"An online Swiss, from the event form to round 2: {time.monotonic() - started:.0f} s")
