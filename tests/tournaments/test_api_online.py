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


def test_an_event_takes_its_no_show_rule_and_pairs_and_publishes_itself() -> None:
    setup = club_with(players=4)
    client = api_for(setup)
    root = base(setup)
    settings = {
        "plays_at": "by_round",
        "no_show": "forfeit",
        "forfeit_minutes": 10,
        "pairs_itself": True,
        "publishes_itself": True,
    }
    made = client.post(
        f"{root}/events/", {**NIGHT, "rule_set": setup.rules.pk, **settings}, format="json"
    )
    assert made.status_code == 201, made.data
    assert {key: made.data[key] for key in settings} == settings
    changed = client.patch(
        f"{root}/events/{made.data['id']}/", {"no_show": "computer"}, format="json"
    )
    assert changed.status_code == 200, changed.data
    event = Event.objects.get(pk=made.data["id"])
    assert (event.no_show, event.forfeit_minutes, event.pairs_itself) == ("computer", 10, True)
    assert event.publishes_itself and event.plays_at == "by_round"


def test_a_new_event_neither_pairs_nor_publishes_itself_unless_asked() -> None:
    setup = club_with(players=4)
    made = api_for(setup).post(
        f"{base(setup)}/events/", {**NIGHT, "rule_set": setup.rules.pk}, format="json"
    )
    assert made.status_code == 201, made.data
    assert (made.data["pairs_itself"], made.data["publishes_itself"]) == (False, False)
    assert (made.data["no_show"], made.data["forfeit_minutes"]) == ("computer", 15)


@pytest.mark.parametrize(
    ("asked", "code", "field"),
    [
        ({"publishes_itself": True}, "publish_needs_pairing", "publishes_itself"),
        ({"no_show": "forfeit", "forfeit_minutes": 0}, "forfeit_needs_minutes", "forfeit_minutes"),
        ({"no_show": "never"}, "invalid_choice", "no_show"),
    ],
)
def test_settings_that_cannot_work_are_refused_and_change_nothing(
    asked: dict[str, object], code: str, field: str
) -> None:
    setup = club_with(players=4)
    client = api_for(setup)
    root = base(setup)
    refused = client.post(
        f"{root}/events/", {**NIGHT, "rule_set": setup.rules.pk, **asked}, format="json"
    )
    assert refused.status_code == 400
    assert (refused.data["code"], refused.data["field"]) == (code, field), refused.data
    assert not Event.objects.filter(club=setup.club).exists()
    made = client.post(f"{root}/events/", {**NIGHT, "rule_set": setup.rules.pk}, format="json")
    patched = client.patch(f"{root}/events/{made.data['id']}/", asked, format="json")
    assert patched.status_code == 400 and patched.data["code"] == code, patched.data
    event = Event.objects.get(pk=made.data["id"])
    assert (event.publishes_itself, event.no_show) == (False, "computer")


def test_the_schema_documents_the_online_settings() -> None:
    setup = club_with(players=1)
    schema = api_for(setup).get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200
    text = schema.content.decode()
    for word in ("pairs_itself", "publishes_itself", "forfeit_minutes", "publish_needs_pairing"):
        assert word in text, word
