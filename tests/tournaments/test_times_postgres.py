"""On PostgreSQL: two players accepting different proposals of one match at the same moment
leave exactly one agreed time; the other is told the proposal is no longer open."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.tables.test_postgres import race
from tests.tournaments.times_world import windowed_round
from tournaments.errors import TournamentError
from tournaments.models import MatchTime, TimeSource
from tournaments.services.times import match_time_accept, match_time_propose

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_acceptances_racing_leave_one_agreed_time() -> None:
    assert connection.vendor == "postgresql"
    world = windowed_round()
    north, south = world.sides[0][0], world.sides[1][0]
    mine = match_time_propose(match=world.match, player=north, at=world.at(days=2))
    theirs = match_time_propose(match=world.match, player=south, at=world.at(days=4))
    results = race(
        lambda: match_time_accept(proposal=mine, player=world.sides[1][1]),
        lambda: match_time_accept(proposal=theirs, player=world.sides[0][1]),
    )
    accepted = [r for r in results if isinstance(r, MatchTime)]
    refused = [r for r in results if isinstance(r, TournamentError)]
    assert len(accepted) == 1 and len(refused) == 1, results
    assert refused[0].code == "not_open"
    current = MatchTime.objects.filter(match=world.match, status__in=["accepted", "set", "default"])
    assert [(r.pk, r.status) for r in current] == [(accepted[0].pk, "accepted")]
    world.match.refresh_from_db()
    assert (world.match.starts_at, world.match.time_source) == (accepted[0].at, TimeSource.AGREED)
