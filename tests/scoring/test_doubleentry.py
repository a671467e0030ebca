"""Double entry: a second scorer types the sheet again; differences are shown line by line,
a director resolves them, and only a matching or resolved sheet is confirmed."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.doubleentry import doubleentry_compare, doubleentry_resolve
from scoring.errors import ScoringError
from scoring.models import Entry, HandLine, Resolution, SheetStatus
from scoring.services import handline_add, scoresheet_confirm
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45

pytestmark = pytest.mark.django_db


def enter(sheet: Any, lines: list[dict[str, Any]], entry: str, by: Any = None) -> None:
    for number, line in enumerate(lines, start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=by, entry=entry)


# The second scorer misread line 3: side 0 took 15, not 10 (a set either way).
MISREAD = [*AUCTION45[:2], AUCTION45[2] | {"points": [15, 15]}, *AUCTION45[3:]]


def test_matching_entries_confirm(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    enter(sheet, AUCTION45, Entry.PRIMARY)
    enter(sheet, AUCTION45, Entry.CHECK, by=staff.scorer)
    comparison = doubleentry_compare(sheet=sheet)
    assert comparison.has_check and comparison.matches
    assert scoresheet_confirm(sheet=sheet, by=staff.director).status == SheetStatus.CONFIRMED


def test_the_check_entry_does_not_change_the_sheet(make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    enter(sheet, AUCTION45[:2], Entry.PRIMARY)
    enter(sheet, AUCTION45, Entry.CHECK)
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.IN_PROGRESS and sheet.winners is None


def test_a_mismatch_blocks_confirmation_until_resolved(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    enter(sheet, AUCTION45, Entry.PRIMARY)
    enter(sheet, MISREAD, Entry.CHECK)
    assert doubleentry_compare(sheet=sheet).differing == [3]
    with pytest.raises(ScoringError) as refused:
        scoresheet_confirm(sheet=sheet, by=staff.director)
    assert refused.value.code == "entries_differ"
    assert "differs from the sheet on line 3:" in refused.value.message

    with pytest.raises(ScoringError) as missing:
        doubleentry_resolve(sheet=sheet, choices={}, by=staff.director)
    assert missing.value.code == "choice"

    doubleentry_resolve(sheet=sheet, choices={3: Entry.CHECK}, by=staff.director)
    assert doubleentry_compare(sheet=sheet).matches
    line3 = HandLine.objects.live().get(sheet=sheet, entry=Entry.PRIMARY, number=3)
    assert line3.line["points"] == [15, 15]
    assert line3.revisions.filter(action="resolve").exists()
    resolution = Resolution.objects.get(sheet=sheet)
    assert resolution.chosen == Entry.CHECK and resolution.by == staff.director
    last = HandLine.objects.live().get(sheet=sheet, entry=Entry.PRIMARY, number=6)
    assert last.scores_after == [130, 35]
    assert scoresheet_confirm(sheet=sheet, by=staff.director).status == SheetStatus.CONFIRMED


def test_an_unfinished_second_entry_differs(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    enter(sheet, AUCTION45, Entry.PRIMARY)
    enter(sheet, AUCTION45[:4], Entry.CHECK)
    assert doubleentry_compare(sheet=sheet).differing == [5, 6]
    with pytest.raises(ScoringError):
        scoresheet_confirm(sheet=sheet, by=staff.director)


def test_pages_show_both_entries_side_by_side_and_resolve(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    enter(sheet, AUCTION45, Entry.PRIMARY)
    enter(sheet, MISREAD, Entry.CHECK)
    client.force_login(staff.director)
    html = client.get(reverse("sheet_compare", args=[staff.club.slug, sheet.pk])).content.decode()
    assert 'class="differs"' in html
    row = html.split('class="differs"')[1].split("</tr>")[0]
    assert "Points: Side 1 10" in row and "Points: Side 1 15" in row
    assert 'name="line_3"' in row
    response = client.post(
        reverse("sheet_resolve", args=[staff.club.slug, sheet.pk]), {"line_3": "primary"}
    )
    assert response.status_code == 302
    check3 = HandLine.objects.live().get(sheet=sheet, entry=Entry.CHECK, number=3)
    assert check3.line["points"] == [10, 20]


def test_the_second_entry_page_types_into_the_check_entry(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    enter(sheet, AUCTION45[:2], Entry.PRIMARY)
    client.force_login(staff.scorer)
    html = client.get(
        reverse("sheet_second_entry", args=[staff.club.slug, sheet.pk])
    ).content.decode()
    assert 'name="entry" value="check"' in html
    assert "No line yet." in html  # the first entry's lines are not shown
    line = AUCTION45[0]
    client.post(
        reverse("sheet_line_add", args=[staff.club.slug, sheet.pk]),
        {
            "entry": "check",
            "number": "1",
            "bidder": str(line["bidder"] + 1),
            "bid": str(line["bid"]),
            "trump": line["trump"],
            "points_0": "10",
            "points_1": "20",
        },
    )
    assert HandLine.objects.filter(sheet=sheet, entry=Entry.CHECK).count() == 1


def test_api_comparison_and_resolve(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    enter(sheet, AUCTION45, Entry.PRIMARY)
    enter(sheet, MISREAD, Entry.CHECK)
    client = APIClient()
    client.force_authenticate(staff.scorer)
    body = client.get(reverse("api_sheet_comparison", args=[staff.club.slug, sheet.pk])).json()
    assert body["has_check"] and not body["matches"] and body["differing"] == [3]
    assert body["rows"][2]["check"]["points"] == [15, 15]
    resolve = reverse("api_sheet_resolve", args=[staff.club.slug, sheet.pk])
    assert client.post(resolve, {"choices": {"3": "check"}}, format="json").status_code == 403
    client.force_authenticate(staff.director)
    response = client.post(resolve, {"choices": {"3": "check"}}, format="json")
    assert response.status_code == 200
    assert response.json()[2]["line"]["points"] == [15, 15]
    confirm = client.post(reverse("api_sheet_confirm", args=[staff.club.slug, sheet.pk]))
    assert confirm.status_code == 200
