"""The demo club's online match: created once, upcoming, under the club's Tuesday rules."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.utils import timezone

from tables.demo import PARTNERS, RULES, TITLE, demo_tables_load, next_evening
from tables.models import LiveTable
from tests.factories import ClubFactory, MembershipFactory, RuleSetFactory

pytestmark = pytest.mark.django_db


def test_the_demo_match_is_created_once() -> None:
    club = ClubFactory.create()
    for name in PARTNERS:
        MembershipFactory.create(club=club, player__display_name=name)
    RuleSetFactory.create(club=club, name=RULES, options={"target": 125})

    assert demo_tables_load(club=club, by=None) == 1
    assert demo_tables_load(club=club, by=None) == 0
    table = LiveTable.objects.get(title=TITLE)
    assert table.status == LiveTable.Status.SCHEDULED
    assert table.scheduled_at > timezone.now()
    names = [s.player.display_name if s.player else s.bot_name for s in table.seats.all()]
    assert names == [PARTNERS[0], "club", PARTNERS[1], "club"]
    assert table.options["target"] == 125


def test_the_match_is_tomorrow_at_seven() -> None:
    now = timezone.make_aware(datetime(2026, 3, 10, 22, 30))
    evening = timezone.localtime(next_evening(now))
    assert (evening.day, evening.hour, evening.minute) == (11, 19, 0)
