"""History and Compare mark the fields that differ between two versions of a line, in words
as well as style."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from engine.rules import get_game
from scoring import lineform
from scoring.models import Entry
from scoring.services import handline_add
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45
from tests.scoring.test_doubleentry import MISREAD, enter
from tests.scoring.test_views import typed

pytestmark = pytest.mark.django_db
COLUMNS = lineform.line_columns(get_game("auction45", {}), ["Us", "Them"])
MARKED = re.compile(
    r'<mark class="changed"><span class="visually-hidden">changed: </span>([^<]+)</mark>'
)


def test_only_the_fields_that_differ_are_marked() -> None:
    first = {"dealer": 0, "bidder": 1, "bid": 20, "trump": "H", "points": [20, 10]}
    second = first | {"bid": 25, "points": [25, 5]}
    one, two = lineform.line_diff(first, second, COLUMNS)
    assert [p.text for p in one if p.changed] == ["Bid 20", "Points: Us 20", "Points: Them 10"]
    assert [p.text for p in two if p.changed] == ["Bid 25", "Points: Us 25", "Points: Them 5"]
    assert all(not p.changed for p in one if p.text.startswith(("Dealer", "Bidder", "Trump")))


def test_a_line_added_or_deleted_marks_nothing() -> None:
    line = {"dealer": 0, "bidder": 1, "bid": 20, "trump": "H", "points": [20, 10]}
    one, two = lineform.line_diff(None, line, COLUMNS)
    assert [p.text for p in one] == ["—"]
    assert not any(p.changed for p in one + two)


def test_the_history_marks_the_corrected_fields(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    client.force_login(staff.director)
    sheet = make_sheet()
    for number, line in enumerate(AUCTION45[:2], start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=staff.scorer)
    edit = reverse("sheet_line_edit", args=[staff.club.slug, sheet.pk, 1])
    html = client.get(edit).content.decode()
    version = html.split('name="version" value="')[1].split('"')[0]
    data = typed(AUCTION45[0], 1) | {"points_0": "5", "points_1": "25", "version": version}
    assert client.post(edit, data).status_code == 302
    text = client.get(reverse("sheet_history", args=[staff.club.slug, sheet.pk])).content.decode()
    marked = MARKED.findall(text)
    assert "Points: Side 1 5" in marked and "Points: Side 1 10" in marked
    assert not any(m.startswith(("Dealer", "Bidder", "Bid ", "Trump")) for m in marked)


def test_compare_marks_the_misread_field(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    client.force_login(staff.director)
    sheet = make_sheet()
    enter(sheet, AUCTION45, Entry.PRIMARY)
    enter(sheet, MISREAD, Entry.CHECK)
    text = client.get(reverse("sheet_compare", args=[staff.club.slug, sheet.pk])).content.decode()
    marked = MARKED.findall(text)
    # Line 3 was 10 to 20 on the sheet and typed 15 to 15: only the points are marked.
    assert marked == [
        "Points: Side 1 10",
        "Points: Side 2 20",
        "Points: Side 1 15",
        "Points: Side 2 15",
    ]
