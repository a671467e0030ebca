"""A line sent with the sender's own key is written once: the same key sent again (a retry
after a dropped connection, a double tap) answers the line already added."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.corrections import handline_delete
from scoring.errors import ScoringError, StaleLine
from scoring.models import HandLine, LineRevision
from scoring.services import handline_add, handline_add_to
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45

pytestmark = pytest.mark.django_db


def test_a_repeat_with_the_same_key_returns_the_line_already_added(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    first = handline_add(
        sheet=sheet, line=AUCTION45[0], expected_number=1, by=None, client_key="phone-1-a"
    )
    # Sent again, still saying "line 1" (the phone never saw the answer): no stale refusal.
    again = handline_add(
        sheet=sheet, line=AUCTION45[0], expected_number=1, by=None, client_key="phone-1-a"
    )
    assert again.pk == first.pk
    assert HandLine.objects.filter(sheet=sheet).count() == 1
    assert LineRevision.objects.filter(line__sheet=sheet).count() == 1
    # Through the page's and the API's way in, too.
    repeat = handline_add_to(
        club=staff.club,
        sheet_id=sheet.pk,
        line=AUCTION45[0],
        expected_number=1,
        by=None,
        client_key="phone-1-a",
    )
    assert repeat.pk == first.pk and repeat.sheet.pk == sheet.pk


def test_another_key_or_none_adds_as_before(make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=None, client_key="a")
    with pytest.raises(StaleLine):
        handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=None, client_key="b")
    second = handline_add(sheet=sheet, line=AUCTION45[1], expected_number=2, by=None)
    third = handline_add(sheet=sheet, line=AUCTION45[2], expected_number=3, by=None)
    assert second.client_key == third.client_key == ""  # no key: never matched


def test_the_key_is_per_sheet(make_sheet: MakeSheet) -> None:
    one, two = make_sheet(), make_sheet()
    a = handline_add(sheet=one, line=AUCTION45[0], expected_number=1, by=None, client_key="k")
    b = handline_add(sheet=two, line=AUCTION45[0], expected_number=1, by=None, client_key="k")
    assert a.pk != b.pk


def test_a_line_deleted_since_is_not_added_again(make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    line = handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=None, client_key="k")
    handline_delete(sheet=sheet, number=1, by=None)
    again = handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=None, client_key="k")
    assert again.pk == line.pk and again.deleted
    assert not HandLine.objects.live().filter(sheet=sheet).exists()


@pytest.mark.parametrize("key", ["a b", "x" * 65, "é", "a/b"])
def test_a_key_of_other_characters_is_refused(make_sheet: MakeSheet, key: str) -> None:
    sheet = make_sheet()
    with pytest.raises(ScoringError) as refused:
        handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=None, client_key=key)
    assert refused.value.code == "bad_client_key"


def test_the_api_takes_the_key(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    client = APIClient()
    client.force_authenticate(staff.scorer)
    url = reverse("api_line_list", args=[staff.club.slug, sheet.pk])
    body = {"number": 1, "line": AUCTION45[0], "client_key": "3f2a"}
    first = client.post(url, body, format="json")
    again = client.post(url, body, format="json")
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert HandLine.objects.filter(sheet=sheet).count() == 1


def test_a_key_sent_again_with_another_hand_is_a_conflict(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=None, client_key="k")
    with pytest.raises(ScoringError) as refused:
        handline_add(sheet=sheet, line=AUCTION45[1], expected_number=2, by=None, client_key="k")
    assert refused.value.code == "client_key_reused" and refused.value.status == 409
    with pytest.raises(ScoringError) as through_the_page:
        handline_add_to(
            club=staff.club,
            sheet_id=sheet.pk,
            line=AUCTION45[1],
            expected_number=2,
            by=None,
            client_key="k",
        )
    assert through_the_page.value.code == "client_key_reused"
    assert HandLine.objects.filter(sheet=sheet).count() == 1


def test_a_line_corrected_since_still_answers_its_own_replay(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    """The hand as it was sent is what a replay is compared with, not the line corrected
    since by a director."""
    sheet = make_sheet()
    first = handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=None, client_key="k")
    HandLine.objects.filter(pk=first.pk).update(line={**AUCTION45[0], "bid": 25})
    again = handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=None, client_key="k")
    assert again.pk == first.pk


def test_the_api_answers_a_reused_key_with_409(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    client = APIClient()
    client.force_authenticate(staff.scorer)
    url = reverse("api_line_list", args=[staff.club.slug, sheet.pk])
    client.post(url, {"number": 1, "line": AUCTION45[0], "client_key": "3f2a"}, format="json")
    reused = client.post(
        url, {"number": 2, "line": AUCTION45[1], "client_key": "3f2a"}, format="json"
    )
    assert reused.status_code == 409 and reused.json()["code"] == "client_key_reused"
    assert HandLine.objects.filter(sheet=sheet).count() == 1
