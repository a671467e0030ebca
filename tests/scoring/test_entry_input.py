"""Malformed input on the entry page and its line forms: typed text that is no line, and line
numbers or versions written in other digits, come back as refusals, never as a 500, and
nothing of them is stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import HandLine, LineRevision
from scoring.services import handline_add
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45

pytestmark = pytest.mark.django_db

OTHER_DIGITS = "²"  # str.isdigit() says yes, int() says no


def typed(line: dict[str, Any], number: int) -> dict[str, str]:
    return {
        "number": str(number),
        "dealer": str(line["dealer"] + 1),
        "bidder": str(line["bidder"] + 1),
        "bid": str(line["bid"]),
        "trump": line["trump"],
        "points_0": str(line["points"][0]),
        "points_1": str(line["points"][1]),
    }


@pytest.fixture
def director(client: Client, staff: Staff) -> Client:
    client.force_login(staff.director)
    return client


@pytest.mark.parametrize(
    ("field", "value", "headline"),
    [
        ("bid", "9" * 5000, "Too long"),
        ("bid", "1" * 18, "That value cannot be written here"),
        ("trump", "H\x00", "That value cannot be written here"),
    ],
)
def test_typed_text_that_is_no_line_is_refused_and_not_stored(
    director: Client, staff: Staff, make_sheet: MakeSheet, field: str, value: str, headline: str
) -> None:
    sheet = make_sheet()
    args = [staff.club.slug, sheet.pk]
    data = typed(AUCTION45[0], 1) | {field: value}
    response = director.post(reverse("sheet_line_add", args=args), data)
    assert response.status_code == 400
    assert headline in response.content.decode()
    check = director.get(reverse("sheet_line_check", args=args), data)
    assert check.status_code == 200 and headline in check.content.decode()
    assert not HandLine.objects.filter(sheet=sheet).exists()
    assert not LineRevision.objects.exists()


def test_a_line_number_in_other_digits_is_a_stale_form(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    data = typed(AUCTION45[0], 1) | {"number": OTHER_DIGITS}
    response = director.post(reverse("sheet_line_add", args=[staff.club.slug, sheet.pk]), data)
    assert response.status_code == 409
    assert not HandLine.objects.filter(sheet=sheet).exists()


def test_a_version_or_history_line_in_other_digits_is_no_500(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=staff.scorer)
    args = [staff.club.slug, sheet.pk]
    edit = reverse("sheet_line_edit", args=[*args, 1])
    data = typed(AUCTION45[0], 1) | {"bid": "25", "version": OTHER_DIGITS}
    assert director.post(edit, data).status_code == 302  # no version given: no check
    assert HandLine.objects.get(sheet=sheet, number=1).bid == 25
    delete = reverse("sheet_line_delete", args=[*args, 1])
    assert director.post(delete, {"version": OTHER_DIGITS}).status_code == 302
    history = director.get(reverse("sheet_history", args=args), {"line": OTHER_DIGITS})
    assert history.status_code == 200
