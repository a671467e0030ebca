"""The deal's rotation checked where lines are written: adding (services, page, API, check),
corrections and deletions that move a later line out of turn, the "dealer changed" mark, and
the online table's own lines, which are not checked."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from scoring.corrections import handline_delete, handline_edit
from scoring.doubleentry import doubleentry_resolve
from scoring.errors import LineRefused
from scoring.models import Entry, HandLine, LineRevision
from scoring.services import handline_add
from tests.factories import MembershipFactory, RuleSetFactory
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45
from tests.scoring.test_views import HTMX, input_tag, typed

pytestmark = pytest.mark.django_db


def play(sheet: Any, lines: list[dict[str, Any]], entry: str = Entry.PRIMARY) -> None:
    for number, line in enumerate(lines, start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=None, entry=entry)


def refused(call: Any) -> LineRefused:
    with pytest.raises(LineRefused) as error:
        call()
    return error.value


@pytest.mark.parametrize(
    ("language", "opening", "previous", "mark"),
    [
        (
            "en",
            "Seat 2 (Ann Byrne) deals line 2",
            "after seat 1, who dealt line 1",
            "dealer changed",
        ),
        ("fr", "Place 2 (Ann Byrne) donne", "après place 1", "donneur changé"),
    ],
)
def test_a_dealer_out_of_turn_is_refused_naming_who_deals(
    staff: Staff, make_sheet: MakeSheet, language: str, opening: str, previous: str, mark: str
) -> None:
    """In the reader's language, the seats' words included ("Place 2", never "Seat 2")."""
    ann = MembershipFactory.create(club=staff.club, player__display_name="Ann Byrne").player
    sheet = make_sheet(seat_players={1: ann})
    play(sheet, AUCTION45[:1])
    line = AUCTION45[1] | {"dealer": 2}
    with translation.override(language):
        error = refused(lambda: handline_add(sheet=sheet, line=line, expected_number=2, by=None))
    assert (error.code, error.field) == ("dealer_out_of_turn", "dealer")
    assert error.message.startswith(opening)
    assert previous in error.message and mark in error.message
    assert HandLine.objects.filter(sheet=sheet).count() == 1


def test_line_one_is_dealt_by_the_first_dealer(make_sheet: MakeSheet) -> None:
    sheet = make_sheet(first_dealer=2)
    error = refused(
        lambda: handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=None)
    )
    assert error.code == "dealer_out_of_turn"
    assert "Seat 3 deals line 1: the sheet's first dealer" in error.message
    handline_add(sheet=sheet, line=AUCTION45[0] | {"dealer": 2}, expected_number=1, by=None)


def test_a_marked_change_is_kept_and_the_deal_goes_on_from_it(make_sheet: MakeSheet) -> None:
    sheet = make_sheet(first_dealer=0)
    play(sheet, AUCTION45[:2])
    misdeal = AUCTION45[2] | {"dealer": 1, "dealer_changed": True}  # seat 2 deals again
    line = handline_add(sheet=sheet, line=misdeal, expected_number=3, by=None)
    assert line.dealer_changed and line.line["dealer_changed"] is True
    after = LineRevision.objects.get(line=line).after
    assert after is not None and after["line"]["dealer_changed"] is True
    # In turn now: seat 3 (after seat 2), not seat 4 as the first dealer's count would say.
    error = refused(
        lambda: handline_add(sheet=sheet, line=AUCTION45[3], expected_number=4, by=None)
    )
    assert "after seat 2, who dealt line 3" in error.message
    handline_add(sheet=sheet, line=AUCTION45[3] | {"dealer": 2}, expected_number=4, by=None)


def test_cut_throat_rotates_round_three_seats(staff: Staff, make_sheet: MakeSheet) -> None:
    rule_set = RuleSetFactory.create(club=staff.club, game="auction45", options={"players": 3})
    sheet = make_sheet(rule_set=rule_set, first_dealer=2)
    line = {"bidder": 0, "bid": 20, "trump": "H", "points": [20, 5, 5]}
    handline_add(sheet=sheet, line=line | {"dealer": 2}, expected_number=1, by=None)
    handline_add(sheet=sheet, line=line | {"dealer": 0}, expected_number=2, by=None)
    error = refused(
        lambda: handline_add(sheet=sheet, line=line | {"dealer": 0}, expected_number=3, by=None)
    )
    assert error.message.startswith("Seat 2 deals line 3")


def test_a_correction_that_puts_a_later_line_out_of_turn_is_refused(
    make_sheet: MakeSheet,
) -> None:
    sheet = make_sheet(first_dealer=0)
    play(sheet, AUCTION45[:4])
    # Line 2 dealt by seat 4 instead: line 3 (seat 3) is then out of turn.
    changed = AUCTION45[1] | {"dealer": 3, "dealer_changed": True}
    error = refused(lambda: handline_edit(sheet=sheet, number=2, line=changed, by=None))
    assert error.code == "later_line_refused"
    assert "line 3 wrong" in error.message and "Seat 1 deals line 3" in error.message
    # Unmarked, the correction itself is refused on its dealer.
    unmarked = AUCTION45[1] | {"dealer": 3}
    error = refused(lambda: handline_edit(sheet=sheet, number=2, line=unmarked, by=None))
    assert (error.code, error.field) == ("dealer_out_of_turn", "dealer")
    assert HandLine.objects.get(sheet=sheet, number=2).dealer == 1  # nothing changed
    # Marking line 3 first, then correcting line 2, keeps every line in turn.
    handline_edit(sheet=sheet, number=3, line=AUCTION45[2] | {"dealer_changed": True}, by=None)
    handline_edit(sheet=sheet, number=2, line=changed | {"dealer": 1}, by=None)
    assert HandLine.objects.get(sheet=sheet, number=2).dealer_changed


def test_a_deletion_that_skips_a_dealer_is_refused_until_marked(make_sheet: MakeSheet) -> None:
    sheet = make_sheet(first_dealer=0)
    play(sheet, AUCTION45[:3])
    error = refused(lambda: handline_delete(sheet=sheet, number=2, by=None))
    assert error.code == "later_line_refused"
    assert "line 3 wrong" in error.message and "Seat 2 deals line 2" in error.message
    assert HandLine.objects.live().filter(sheet=sheet).count() == 3
    handline_edit(sheet=sheet, number=3, line=AUCTION45[2] | {"dealer_changed": True}, by=None)
    handline_delete(sheet=sheet, number=2, by=None)
    assert HandLine.objects.live().filter(sheet=sheet).count() == 2


def test_the_second_entry_and_a_resolution_follow_the_rotation(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    play(sheet, AUCTION45[:2])
    error = refused(
        lambda: play(sheet, [AUCTION45[0], AUCTION45[1] | {"dealer": 3}], entry=Entry.CHECK)
    )
    assert error.code == "dealer_out_of_turn"
    marked = AUCTION45[1] | {"dealer": 3, "dealer_changed": True}
    handline_add(sheet=sheet, line=marked, expected_number=2, by=None, entry=Entry.CHECK)
    doubleentry_resolve(sheet=sheet, choices={2: Entry.CHECK}, by=staff.director)
    assert HandLine.objects.get(sheet=sheet, entry=Entry.PRIMARY, number=2).dealer_changed


def test_the_api_refuses_with_the_code_and_takes_the_mark(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    client = APIClient()
    client.force_authenticate(staff.scorer)
    url = reverse("api_line_list", args=[staff.club.slug, sheet.pk])
    line = AUCTION45[0] | {"dealer": 1}
    response = client.post(url, {"number": 1, "line": line}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "dealer_out_of_turn"
    assert response.json()["field"] == "dealer"
    check = reverse("api_line_check", args=[staff.club.slug, sheet.pk])
    assert client.post(check, {"line": line}, format="json").json()["code"] == (
        "dealer_out_of_turn"
    )
    marked = line | {"dealer_changed": True}
    response = client.post(url, {"number": 1, "line": marked}, format="json")
    assert response.status_code == 201
    assert response.json()["dealer_changed"] is True
    bad_mark = AUCTION45[1] | {"dealer_changed": [1]}
    bad = client.post(url, {"number": 2, "line": bad_mark}, format="json")
    assert bad.status_code == 400


def test_the_page_refuses_next_to_the_dealer_and_the_checkbox_marks_it(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    client.force_login(staff.director)
    sheet = make_sheet(first_dealer=0)
    url = reverse("sheet_line_add", args=[staff.club.slug, sheet.pk])
    data = typed(AUCTION45[0], 1) | {"dealer": "3"}
    html = client.post(url, data, headers=HTMX).content.decode()
    error = html.split('id="error-dealer"')[1].split("</small>")[0]
    assert "Seat 1 deals line 1" in error
    assert "autofocus" in input_tag(html, "dealer")
    assert "Not this dealer&#x27;s turn" in html or "Not this dealer's turn" in html
    assert not HandLine.objects.exists()
    client.post(url, data | {"dealer_changed": "on"}, headers=HTMX)
    line = HandLine.objects.get(sheet=sheet)
    assert line.dealer == 2 and line.dealer_changed
    # The next fresh row follows the changed dealer: seat 4.
    page = client.get(reverse("sheet_entry", args=[staff.club.slug, sheet.pk])).content.decode()
    assert 'value="4"' in input_tag(page, "dealer")
    history = client.get(reverse("sheet_history", args=[staff.club.slug, sheet.pk]))
    assert "Dealer changed" in history.content.decode()


def test_the_tables_own_lines_are_not_checked(make_sheet: MakeSheet) -> None:
    sheet = make_sheet(first_dealer=0)
    line = AUCTION45[0] | {"dealer": 3}
    handline_add(sheet=sheet, line=line, expected_number=1, by=None, by_table=True)
    assert HandLine.objects.get(sheet=sheet).dealer == 3


def test_the_live_check_names_who_deals(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    client.force_login(staff.director)
    sheet = make_sheet(first_dealer=0)
    url = reverse("sheet_line_check", args=[staff.club.slug, sheet.pk])
    html = client.get(url, typed(AUCTION45[0], 1) | {"dealer": "3"}, headers=HTMX).content
    error = html.decode().split('id="error-dealer"')[1].split("</small>")[0]
    assert "Seat 1 deals line 1" in error
    marked = typed(AUCTION45[0], 1) | {"dealer": "3", "dealer_changed": "on"}
    assert "Made" in client.get(url, marked, headers=HTMX).content.decode()
    assert not HandLine.objects.exists()
