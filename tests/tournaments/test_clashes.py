"""A person in two online matches at one time: found by start times within the match length,
and refused with ``clash``; matches over (confirmed or forfeited) hold nobody."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.models import Scoresheet, SheetStatus
from tests.tournaments.factories import club_with, event_with
from tournaments.errors import TournamentError
from tournaments.models import Match, NoShow, PlaysAt, Seating
from tournaments.services.clashes import MATCH_LENGTH, clash_check, clashing_matches
from tournaments.services.events import OnlinePlay
from tournaments.services.publish import RoundWindow, round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _two_online_matches() -> tuple[Match, Match]:
    """Two published online rounds of two events of one club, the same four players in each:
    the first now, the second over the next days."""
    setup = club_with(players=4)
    now = timezone.now()
    later = RoundWindow(now + timedelta(days=1), now + timedelta(days=3), now + timedelta(days=2))
    matches = []
    for window in (None, later):
        event = event_with(setup, format="progressive", online=OnlinePlay(PlaysAt.ONLINE))
        round_ = round_publish(round_=round_pair(event=event), window=window)
        matches.append(Match.objects.get(round=round_))
    return matches[0], matches[1]


def test_two_matches_of_one_person_within_the_match_length_clash() -> None:
    first, second = _two_online_matches()
    assert first.starts_at is not None
    with pytest.raises(TournamentError) as refused:
        clash_check(match=second, at=first.starts_at + MATCH_LENGTH - timedelta(minutes=1))
    assert refused.value.code == "clash"
    assert first.round.event.name in str(refused.value.message)


def test_a_match_length_apart_is_no_clash() -> None:
    first, second = _two_online_matches()
    assert first.starts_at is not None
    clash_check(match=second, at=first.starts_at + MATCH_LENGTH)
    clash_check(match=second, at=first.starts_at - MATCH_LENGTH)


def test_a_match_over_holds_nobody() -> None:
    first, second = _two_online_matches()
    assert first.starts_at is not None and first.sheet_id is not None
    Scoresheet.objects.filter(pk=first.sheet_id).update(status=SheetStatus.CONFIRMED)
    clash_check(match=second, at=first.starts_at)
    Scoresheet.objects.filter(pk=first.sheet_id).update(status=SheetStatus.IN_PROGRESS)
    Match.objects.filter(pk=first.pk).update(no_show=NoShow.FORFEIT)
    players = Seating.objects.filter(table__match=first).values_list("player_id", flat=True)
    assert len(players) == 4
    found = clashing_matches(player_ids=list(players), at=first.starts_at, excluding={second.pk})
    assert found == []
