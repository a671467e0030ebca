"""The database refuses what must never be stored, whatever code writes it."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.db import IntegrityError, transaction

from tests.factories import ClubFactory, MembershipFactory
from tests.tournaments.factories import club_with, event_with
from tournaments.models import (
    Entrant,
    Event,
    Job,
    Round,
    Season,
    Seating,
    SeatingChange,
    StandingsSnapshot,
    Substitution,
    Table,
)
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def refused(write: Callable[[], object]) -> bool:
    try:
        with transaction.atomic():
            write()
    except IntegrityError:
        return True
    return False


@pytest.fixture
def event() -> Event:
    return event_with(club_with(players=8), format="progressive")


def test_an_entrant_is_a_partnership_or_a_player_not_both() -> None:
    setup = club_with(players=2, partnerships=1)
    event = event_with(setup, format="round_robin", arrive=False)
    assert refused(
        lambda: Entrant.objects.create(
            event=event,
            name="Both",
            partnership=setup.partnerships[0],
            player=setup.players[0],
        )
    )


def test_a_player_enters_an_event_once(event: Event) -> None:
    entrant = event.entrants.first()
    assert entrant is not None
    assert refused(lambda: Entrant.objects.create(event=event, name="Again", player=entrant.player))


def test_a_partnership_enters_an_event_once() -> None:
    setup = club_with(partnerships=2)
    event = event_with(setup, format="swiss")
    assert refused(
        lambda: Entrant.objects.create(event=event, name="Again", partnership=setup.partnerships[0])
    )


def test_round_numbers_are_unique_and_start_at_one(event: Event) -> None:
    Round.objects.create(event=event, number=1)
    assert refused(lambda: Round.objects.create(event=event, number=1))
    assert refused(lambda: Round.objects.create(event=event, number=0))


def test_nobody_is_seated_twice_in_one_round(event: Event) -> None:
    round_ = round_pair(event=event)
    seating = Seating.objects.filter(round=round_).first()
    assert seating is not None
    other_table = Table.objects.create(round=round_, number=99)
    assert refused(
        lambda: Seating.objects.create(
            round=round_,
            table=other_table,
            seat=0,
            side=0,
            entrant=seating.entrant,
            player=seating.player,
        )
    )


def test_a_seat_is_taken_once_and_one_seat_deals_first(event: Event) -> None:
    round_ = round_pair(event=event)
    table = round_.tables.first()
    assert table is not None
    first = table.seatings.get(seat=0)
    spare = MembershipFactory.create(club=event.club).player
    assert refused(
        lambda: Seating.objects.create(
            round=round_, table=table, seat=0, side=0, entrant=first.entrant, player=spare
        )
    )
    assert table.seatings.filter(deals_first=True).count() == 1
    assert refused(lambda: table.seatings.exclude(deals_first=True).update(deals_first=True))


def test_table_numbers_are_unique_in_a_round(event: Event) -> None:
    round_ = round_pair(event=event)
    assert refused(lambda: Table.objects.create(round=round_, number=1))


def test_standings_belong_to_an_event_or_a_season_not_both(event: Event) -> None:
    season = Season.objects.create(club=event.club, name="League", format="progressive")
    now = datetime.datetime(2026, 1, 13, tzinfo=datetime.UTC)
    assert refused(lambda: StandingsSnapshot.objects.create(computed_at=now))
    assert refused(
        lambda: StandingsSnapshot.objects.create(event=event, season=season, computed_at=now)
    )
    StandingsSnapshot.objects.create(event=event, computed_at=now)
    assert refused(lambda: StandingsSnapshot.objects.create(event=event, computed_at=now))


def test_season_counts_at_least_one_night() -> None:
    club = ClubFactory.create()
    assert refused(
        lambda: Season.objects.create(club=club, name="L", format="progressive", best_of=0)
    )
    assert refused(lambda: Season.objects.create(club=club, name="", format="progressive"))


def test_event_format_and_status_are_known(event: Event) -> None:
    assert refused(lambda: Event.objects.filter(pk=event.pk).update(format="bridge"))
    assert refused(lambda: Event.objects.filter(pk=event.pk).update(status="lost"))


def test_changes_and_substitutions_keep_a_reason(event: Event) -> None:
    round_ = Round.objects.create(event=event, number=1)
    assert refused(
        lambda: SeatingChange.objects.create(round=round_, kind="swap", summary="x", reason="")
    )
    entrant = event.entrants.first()
    assert entrant is not None and entrant.player is not None
    assert refused(
        lambda: Substitution.objects.create(
            event=event,
            entrant=entrant,
            player_out=entrant.player,
            player_in=entrant.player,
            from_round=1,
            reason="ill",
        )
    )


def test_job_kind_and_state_are_known(event: Event) -> None:
    assert refused(lambda: Job.objects.create(club=event.club, kind="laundry", task_id="a" * 32))
    assert refused(
        lambda: Job.objects.create(club=event.club, kind="pair", state="lost", task_id="b" * 32)
    )
