"""A sheet an online table plays on is written only by the table: typed lines, corrections,
deletions and second entries are refused there (pages, API and services), with the reason."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scoring import corrections
from scoring.errors import TablePlaying
from scoring.models import Entry, HandLine, Scoresheet
from scoring.services import handline_add
from tables.models import LiveTable
from tests.scoring.conftest import Staff
from tests.tables.helpers import play_hand, table_with

pytestmark = pytest.mark.django_db


def _playing(staff: Staff) -> tuple[LiveTable, Scoresheet]:
    """A computer players' table of the staff's club after its first hand."""
    table, _ = table_with(club=staff.club, people=0, bots=4, title="Table 9")
    play_hand(table)
    table.refresh_from_db()
    assert table.scoresheet is not None
    return table, table.scoresheet


def _typed(sheet: Scoresheet) -> dict[str, object]:
    """Line 1 as a person would type it again as line 2 (without the scores, worked out anew,
    and dealt by the next seat, in turn)."""
    line = dict(HandLine.objects.get(sheet=sheet, number=1).line)
    line.pop("scores_after", None)
    line["dealer"] = (int(str(line["dealer"])) + 1) % 4
    return line


def test_services_refuse_peoples_writes_while_the_table_plays(staff: Staff) -> None:
    table, sheet = _playing(staff)
    line = _typed(sheet)
    calls = [
        lambda: handline_add(sheet=sheet, line=line, expected_number=2, by=staff.director),
        lambda: handline_add(
            sheet=sheet, line=line, expected_number=1, by=staff.director, entry=Entry.CHECK
        ),
        lambda: corrections.handline_edit(sheet=sheet, number=1, line=line, by=staff.director),
        lambda: corrections.handline_delete(sheet=sheet, number=1, by=staff.director),
    ]
    for call in calls:
        with pytest.raises(TablePlaying) as refused:
            call()
        assert refused.value.code == "table_playing"
        assert "online table Table 9 while it plays" in refused.value.message
    assert HandLine.objects.filter(sheet=sheet).count() == 1
    # Paused, the table still owns its sheet; finished or abandoned, it is the directors'.
    for status, owned in (("paused", True), ("abandoned", False), ("finished", False)):
        LiveTable.objects.filter(pk=table.pk).update(status=status)
        if owned:
            with pytest.raises(TablePlaying):
                corrections.handline_delete(sheet=sheet, number=1, by=staff.director)
        else:
            added = handline_add(sheet=sheet, line=line, expected_number=2, by=staff.director)
            corrections.handline_delete(sheet=sheet, number=added.number, by=staff.director)


def test_the_entry_page_hides_add_and_correct_and_says_why(staff: Staff) -> None:
    _, sheet = _playing(staff)
    client = Client()
    client.force_login(staff.director)
    page = client.get(reverse("sheet_entry", args=[staff.club.slug, sheet.pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert "Add line" not in text and ">Correct<" not in text
    assert "belongs to the online table Table 9 while it plays" in text
    posted = client.post(
        reverse("sheet_line_add", args=[staff.club.slug, sheet.pk]),
        {"number": "2", "dealer": "1"},
    )
    assert posted.status_code == 409
    assert "belongs to the online table Table 9" in posted.content.decode()
    assert HandLine.objects.filter(sheet=sheet).count() == 1


def test_the_api_answers_the_coded_refusal(staff: Staff) -> None:
    _, sheet = _playing(staff)
    client = APIClient()
    client.force_authenticate(staff.director)
    line = _typed(sheet)
    url = reverse("api_line_list", args=[staff.club.slug, sheet.pk])
    added = client.post(url, {"number": 2, "line": line}, format="json")
    assert added.status_code == 409
    assert added.json()["code"] == "table_playing"
    detail = reverse("api_line_detail", args=[staff.club.slug, sheet.pk, 1])
    deleted = client.delete(detail)
    assert deleted.status_code == 409 and deleted.json()["code"] == "table_playing"
    assert HandLine.objects.filter(sheet=sheet).count() == 1
