"""A sheet as its pages read it (``scoring.selectors.sheet_view``)."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.selectors import sheet_view
from scoring.services import handline_add
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45

pytestmark = pytest.mark.django_db


def test_a_finished_sheet_says_who_won_and_its_game_in_the_readers_language(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(title="Table 1")
    for number, line in enumerate(AUCTION45, start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=staff.scorer)
    sheet.refresh_from_db()
    english = sheet_view(sheet=sheet)
    assert english.end_text.endswith(" won: reached the target.")
    assert english.game_name == "120s / Auction Forty-Fives"
    with translation.override("fr"):
        french = sheet_view(sheet=sheet)
    assert french.end_text.startswith("Victoire de ")
    assert french.end_text.endswith(" : a atteint le but.")
    assert french.game_name == "120 / 45 à l'enchère"
