"""A night with a planned number of rounds pairs no more than planned, unless the director adds
a round: the dashboard offers "Add a round" instead of pairing, and the service refuses too."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import ClubSetup, club_with, event_with
from tests.tournaments.test_views import signed_in, url
from tournaments.errors import TournamentError
from tournaments.models import Event, Job, Round
from tournaments.services.events import event_finish, event_round_add
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair, round_pair_start

pytestmark = pytest.mark.django_db


def _two_rounds_played() -> tuple[ClubSetup, Event]:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive", rounds_planned=2)
    round_publish(round_=round_pair(event=event))
    round_publish(round_=round_pair(event=event))
    return setup, event


def test_pairing_past_the_planned_rounds_is_refused_with_a_code() -> None:
    _, event = _two_rounds_played()
    for pair in (round_pair, round_pair_start):
        with pytest.raises(TournamentError) as refused:
            pair(event=event)
        assert refused.value.code == "rounds_planned_reached"
        assert "All 2 rounds planned are paired" in refused.value.message
        assert "add a round" in refused.value.message
    assert not Round.objects.filter(event=event, number=3).exists()
    assert not Job.objects.filter(event=event).exists()


def test_adding_a_round_lets_round_3_be_paired() -> None:
    _, event = _two_rounds_played()
    event = event_round_add(event=event)
    assert event.rounds_planned == 3
    assert round_pair(event=event).number == 3


def test_a_finished_event_gets_no_round_added() -> None:
    _, event = _two_rounds_played()
    event_finish(event=event)
    with pytest.raises(TournamentError) as refused:
        event_round_add(event=event)
    assert refused.value.code == "finished"


def test_the_dashboard_offers_add_a_round_not_pair_round_3() -> None:
    setup, event = _two_rounds_played()
    client = signed_in(setup)
    page = client.get(url("event_dashboard", event)).content.decode()
    assert "Pair round 3" not in page
    assert "All 2 planned rounds are paired." in page
    assert url("round_add", event) in page
    response = client.post(url("round_add", event), follow=True)
    page = response.content.decode()
    assert "3 rounds planned" in page
    assert "Pair round 3" in page


def test_the_pair_confirmation_says_why_round_3_waits() -> None:
    setup, event = _two_rounds_played()
    client = signed_in(setup)
    page = client.get(url("round_pair", event)).content.decode()
    assert "add a round to the event first" in page
