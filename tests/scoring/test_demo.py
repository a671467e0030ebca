"""The demo club's scoresheets: one confirmed game of each kind and one still being typed."""

from __future__ import annotations

import pytest

from club.demo import CLUB_SLUG
from demo.services import demo_load
from scoring.demo import SHEETS
from scoring.models import Scoresheet, SheetStatus

pytestmark = pytest.mark.django_db


def test_demo_sheets_are_loaded_once() -> None:
    demo_load()
    # The demo's events add sheets of their own; these are the ones typed in by hand.
    sheets = Scoresheet.objects.filter(club__slug=CLUB_SLUG, title__in=[s.title for s in SHEETS])
    confirmed = sheets.filter(status=SheetStatus.CONFIRMED)
    assert sorted(confirmed.values_list("game", flat=True)) == ["auction45", "bidwhist", "pitch52"]
    going = sheets.get(status=SheetStatus.IN_PROGRESS)
    assert going.lines.count() == 3 and going.winners is None
    assert all(sheet.winners for sheet in confirmed)
    assert demo_load().created == 0
    assert sheets.count() == 4
