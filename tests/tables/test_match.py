"""A table for an event's match plays under the match sheet's rules and writes its hands there."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from scoring.models import HandLine
from scoring.services import scoresheet_create
from tables.models import LiveTable
from tables.services import SeatSpec, table_create
from tests.factories import ClubFactory, RuleSetFactory
from tests.tables.helpers import play_hand
from tournaments.models import Event, Match, Round, Table

pytestmark = pytest.mark.django_db


def test_a_match_table_writes_to_the_match_sheet() -> None:
    club = ClubFactory.create()
    rules = RuleSetFactory.create(club=club, options={"target": 125})
    sheet = scoresheet_create(club=club, by=None, rule_set=rules, title="Round 1, table 1")
    event = Event.objects.create(
        club=club,
        name="Tuesday",
        date=datetime.date(2026, 1, 6),
        format="swiss",
        game="auction45",
        seed=1,
    )
    round_ = Round.objects.create(event=event, number=1)
    match = Match.objects.create(
        round=round_, table=Table.objects.create(round=round_, number=1), sheet=sheet
    )
    table = table_create(
        club=club,
        by=None,
        scheduled_at=timezone.now(),
        game_id="pitch52",  # the match's sheet decides the game, not this
        seats=[SeatSpec(bot="random")] * 4,
        match=match,
        turn_seconds=0,
    )
    table.refresh_from_db()
    assert table.match == match
    assert (table.game, table.options["target"]) == ("auction45", 125)
    assert table.scoresheet == sheet
    play_hand(table)
    assert HandLine.objects.filter(sheet=sheet).count() == 1
    assert LiveTable.objects.get(pk=table.pk).hand_number == 2
