"""The director's round page follows each table live: hands entered, score, game over,
confirmed, flagged with what the table said, and the tables quiet for too long; the page asks
for its tables again by itself while one is still open."""

from __future__ import annotations

import datetime
import random

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Membership
from scoring.errors import ScoringError
from scoring.models import Scoresheet, TableCode
from scoring.services import scoresheet_confirm
from scoring.tablecodes import TableCodeRefused, sheet_flag, tablecode_issue, tablecode_open
from tests.tournaments.factories import ClubSetup, club_with, event_with
from tests.tournaments.test_views import signed_in, url
from tournaments import round_live as live
from tournaments.models import Match, Round
from tournaments.round_display import round_view
from tournaments.services.events import event_finish
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.simulate import sheet_play

pytestmark = pytest.mark.django_db


def _published(players: int = 16) -> tuple[Round, list[Scoresheet]]:
    return _published_in(club_with(players=players))


def _published_in(setup: ClubSetup) -> tuple[Round, list[Scoresheet]]:
    event = event_with(setup, format="progressive")
    round_ = round_publish(round_=round_pair(event=event))
    matches = Match.objects.filter(round=round_).select_related("sheet", "table")
    sheets = [m.sheet for m in sorted(matches, key=lambda m: m.table.number) if m.sheet]
    return round_, sheets


def test_each_table_shows_its_state_and_the_quiet_ones() -> None:
    round_, (playing, over, confirmed, idle) = _published()
    sheet_play(sheet=playing, rng=random.Random(1), hands=2)
    sheet_play(sheet=over, rng=random.Random(2))
    sheet_play(sheet=confirmed, rng=random.Random(3))
    scoresheet_confirm(sheet=confirmed, by=None)
    sheet_flag(code=over.codes.get(), phone="a1b2c3")
    # Published 12 minutes ago; the lines were entered just now.
    round_.published_at = timezone.now() - datetime.timedelta(minutes=12)
    round_.save(update_fields=["published_at"])

    shown = live.round_live(view=round_view(round_=round_, kind="player"))

    states = [(t.state, t.hands) for t in shown.tables]
    assert states[0] == (live.PLAYING, 2)
    assert states[1][0] == live.GAME_OVER and states[2][0] == live.CONFIRMED
    assert states[3] == (live.WAITING, 0)
    assert shown.tables[1].flag_note.startswith("The other side disagreed")
    assert [t.quiet_minutes for t in shown.tables] == [0, 0, 0, 12]
    assert ("flagged", 1) in shown.summary and ("quiet", 1) in shown.summary
    assert shown.is_live


def test_a_table_quiet_since_its_last_hand_is_pointed_out() -> None:
    round_, sheets = _published(players=8)
    sheet_play(sheet=sheets[0], rng=random.Random(1), hands=1)
    view = round_view(round_=round_, kind="player")
    soon = live.round_live(view=view, now=timezone.now() + datetime.timedelta(minutes=9))
    assert soon.tables[0].quiet_minutes == 0
    late = live.round_live(view=view, now=timezone.now() + datetime.timedelta(minutes=11))
    assert late.tables[0].quiet_minutes == 11 and late.tables[0].last_minutes == 11


def test_a_round_whose_tables_are_all_confirmed_stops_asking() -> None:
    round_, sheets = _published(players=8)
    for index, sheet in enumerate(sheets):
        sheet_play(sheet=sheet, rng=random.Random(index))
        scoresheet_confirm(sheet=sheet, by=None)
    shown = live.round_live(view=round_view(round_=round_, kind="player"))
    assert not shown.is_live and shown.summary == [("confirmed", 2)]


def test_the_round_page_refreshes_its_tables_and_shows_a_flag_to_the_director() -> None:
    setup = club_with(players=8)
    round_, sheets = _published_in(setup)
    event = round_.event
    sheet_play(sheet=sheets[0], rng=random.Random(5), hands=3)
    sheet_play(sheet=sheets[1], rng=random.Random(6))  # the sides disagree once it is over
    sheet_flag(code=sheets[1].codes.get(), phone="d4e5f6")
    director = signed_in(setup)
    page = director.get(url("round_detail", event, 1)).content.decode()
    fragment_url = url("round_live", event, 1)
    assert f'hx-get="{fragment_url}"' in page and 'hx-trigger="every 5s"' in page
    assert "3 hands" in page and "last hand just now" in page
    assert "Flagged: the sides disagree." in page
    assert "phone d4e5f6" in page  # what the table said, for the director

    fragment = director.get(fragment_url, headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    html = fragment.content.decode()
    assert html.lstrip().startswith('<section id="round-live"') and "<html" not in html
    assert "3 hands" in html

    member = signed_in(setup, role=Membership.Role.PLAYER)
    seen = member.get(fragment_url).content.decode()
    assert "Flagged: the sides disagree." in seen and "d4e5f6" not in seen


def test_another_clubs_director_and_a_stranger_see_nothing() -> None:
    round_, _ = _published(players=8)
    fragment_url = url("round_live", round_.event, 1)
    other_director = signed_in(club_with(players=0))
    assert other_director.get(fragment_url).status_code in (403, 404)
    assert Client().get(fragment_url).status_code in (302, 403)


def test_finishing_the_event_closes_the_tables_codes() -> None:
    round_, sheets = _published(players=8)
    codes = [sheet.codes.get() for sheet in sheets]
    event_finish(event=round_.event)
    for code in codes:
        with pytest.raises(TableCodeRefused) as refused:
            tablecode_open(code=code.code)
        assert refused.value.code == "code_revoked"


def test_a_finished_events_sheet_gets_no_new_code() -> None:
    round_, (sheet, *_) = _published(players=8)
    event_finish(event=round_.event)
    with pytest.raises(ScoringError) as refused:
        tablecode_issue(sheet=sheet, by=None)
    assert refused.value.code == "event_finished" and refused.value.status == 409
    assert not TableCode.objects.live().filter(sheet=sheet).exists()


def test_the_director_is_told_why_a_finished_events_sheet_gets_no_code() -> None:
    setup = club_with(players=8)
    round_, (sheet, *_) = _published_in(setup)
    event_finish(event=round_.event)
    director = signed_in(setup)
    page = reverse("sheet_table_code", args=[setup.club.slug, sheet.pk])
    answer = director.post(page, {"action": "issue"}, follow=True)
    assert "event is finished" in answer.content.decode()
    assert not TableCode.objects.live().filter(sheet=sheet).exists()


def test_a_code_live_on_a_finished_events_sheet_opens_nothing() -> None:
    """A code issued after the event finished (before it was refused) is closed too."""
    round_, (sheet, *_) = _published(players=8)
    event_finish(event=round_.event)
    late = TableCode.objects.create(sheet=sheet, code="LAT-E22")
    with pytest.raises(TableCodeRefused) as refused:
        tablecode_open(code=late.code)
    assert refused.value.code == "event_finished" and refused.value.status == 410
    phone = Client().get(reverse("table_entry", args=[late.code]))
    assert phone.status_code == 410
    assert "event is finished" in phone.content.decode()


def test_the_round_page_reads_in_french_its_reasons_and_counts_included() -> None:
    """The pairing reasons (stored with their figures), the tables' states and the head
    line's counts are worded in the reader's language, not in the English they were made in."""
    setup = club_with(players=8)
    round_, sheets = _published_in(setup)
    sheet_play(sheet=sheets[0], rng=random.Random(5), hands=3)
    assert round_.reasons[0]["figures"] == {"players": 8, "row": 1, "rows": 7}
    director = signed_in(setup)
    director.post(reverse("set_language"), {"language": "fr", "next": "/"})
    page = director.get(url("round_detail", round_.event, 1)).content.decode()
    assert "Grille de whist pour 8 joueurs, ligne 1 sur 7" in page
    assert "Aucun partenaire ni adversaire répété" in page
    assert "<strong>1</strong> en jeu" in page and "<strong>1</strong> sans donne" in page
    assert ">En jeu</span>" in page and ">Aucune donne</span>" in page
    for english in ("whist schedule", "No partner", " playing", "no hand yet", "No hand yet"):
        assert english not in page
