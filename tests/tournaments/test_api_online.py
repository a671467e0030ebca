"""Where an event's rounds are played, through the API: set, changed, refused, and a round
published online."""

from __future__ import annotations

import pytest

from tables.models import LiveTable
from tests.tournaments.factories import club_with
from tests.tournaments.test_api import api_for, base
from tournaments.models import Event
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

NIGHT = {"name": "Online night", "date": "2026-02-03", "format": "progressive"}


def test_an_event_played_online_publishes_its_round_with_live_tables() -> None:
    setup = club_with(players=4)
    client = api_for(setup)
    root = base(setup)
    made = client.post(
        f"{root}/events/",
        {**NIGHT, "rule_set": setup.rules.pk, "plays_at": "online", "turn_seconds": 30},
        format="json",
    )
    assert made.status_code == 201, made.data
    assert (made.data["plays_at"], made.data["turn_seconds"], made.data["grace_seconds"]) == (
        "online",
        30,
        120,
    )
    event = f"{root}/events/{made.data['id']}"
    for player in setup.players:
        client.post(f"{event}/entrants/", {"player": player.pk}, format="json")
    round_pair(event=Event.objects.get(pk=made.data["id"]))
    published = client.post(f"{event}/rounds/1/publish/")
    assert published.status_code == 200
    table = LiveTable.objects.get(match__round__event_id=made.data["id"])
    assert table.scoresheet_id == published.data["tables"][0]["sheet"]
    assert table.turn_seconds == 30


def test_a_bad_place_or_clock_is_refused_and_nothing_is_made() -> None:
    setup = club_with(players=4)
    client = api_for(setup)
    root = base(setup)
    for bad in ({"plays_at": "moon"}, {"turn_seconds": -1}, {"grace_seconds": 10**6}):
        refused = client.post(
            f"{root}/events/", {**NIGHT, "rule_set": setup.rules.pk, **bad}, format="json"
        )
        assert refused.status_code == 400, bad
        assert refused.data["code"] in ("invalid_choice", "min_value", "max_value"), refused.data
    assert not Event.objects.filter(club=setup.club).exists()


def test_patch_changes_where_the_next_rounds_are_played() -> None:
    setup = club_with(players=4)
    client = api_for(setup)
    root = base(setup)
    made = client.post(f"{root}/events/", {**NIGHT, "rule_set": setup.rules.pk}, format="json")
    assert made.data["plays_at"] == "hall"
    changed = client.patch(
        f"{root}/events/{made.data['id']}/",
        {"plays_at": "online", "grace_seconds": 300},
        format="json",
    )
    assert changed.status_code == 200, changed.data
    event = Event.objects.get(pk=made.data["id"])
    assert (event.plays_at, event.grace_seconds, event.turn_seconds) == ("online", 300, 60)
