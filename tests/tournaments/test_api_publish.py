"""Publishing a round through the API: the tables played online of an event choosing round by
round, a window over days, the service's refusals with their codes and nothing made, the
round's place and window in its answer, and the schema documenting them."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import TableCode
from tables.models import LiveTable
from tests.tournaments.factories import ClubSetup, club_with, event_with
from tests.tournaments.test_api import api_for, base
from tournaments.models import Match, MatchTime, PlaysAt, Round, RoundStatus
from tournaments.services.events import OnlinePlay
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

WINDOW = {
    "opens_at": "2030-03-01T18:00:00Z",
    "closes_at": "2030-03-04T22:00:00Z",
    "default_at": "2030-03-02T19:30:00Z",
}


def _draft(plays_at: str, setup: ClubSetup | None = None) -> tuple[Round, APIClient, str]:
    """Round 1 of a night of eight (two tables) paired; a director's client; its address."""
    setup = setup or club_with(players=8)
    event = event_with(setup, format="progressive", online=OnlinePlay(plays_at))
    draft = round_pair(event=event)
    return draft, api_for(setup), f"{base(setup)}/events/{event.pk}/rounds/1"


def _publish(client: APIClient, address: str, body: dict[str, Any] | None = None) -> Any:
    return client.post(f"{address}/publish/", body, format="json")


def _nothing_made(round_: Round) -> None:
    round_.refresh_from_db()
    assert round_.status == RoundStatus.DRAFT and not round_.online and round_.opens_at is None
    assert not Match.objects.filter(round=round_, sheet__isnull=False).exists()
    assert not LiveTable.objects.filter(match__round=round_).exists()
    assert not MatchTime.objects.filter(match__round=round_).exists()


def test_the_tables_chosen_play_online_and_the_round_says_so() -> None:
    draft, client, address = _draft(PlaysAt.BY_ROUND)
    answer = _publish(client, address, {"online_tables": [2]})
    assert answer.status_code == 200, answer.data
    assert (answer.data["status"], answer.data["online"]) == ("published", True)
    assert answer.data["opens_at"] is None and answer.data["default_at"] is None
    live = LiveTable.objects.get(match__round=draft)
    assert live.match is not None and live.match.table.number == 2
    coded = TableCode.objects.get(sheet__tournament_match__round=draft)
    assert coded.sheet_id == answer.data["tables"][0]["sheet"]
    assert client.get(f"{address}/").data["online"] is True


def test_a_window_is_kept_and_shown() -> None:
    draft, client, address = _draft(PlaysAt.ONLINE)
    answer = _publish(client, address, {"window": WINDOW})
    assert answer.status_code == 200, answer.data
    shown = client.get(f"{address}/").data
    for key, value in WINDOW.items():
        assert shown[key] == answer.data[key] == value
    starts = {m.starts_at.isoformat() for m in Match.objects.filter(round=draft) if m.starts_at}
    assert starts == {"2030-03-02T19:30:00+00:00"}


def test_no_body_publishes_as_before_and_a_null_window_is_none() -> None:
    draft, client, address = _draft(PlaysAt.BY_ROUND)
    answer = _publish(client, address, {"window": None})
    assert answer.status_code == 200, answer.data
    assert answer.data["online"] is False and answer.data["closes_at"] is None
    assert TableCode.objects.filter(sheet__tournament_match__round=draft).count() == 2
    hall, hall_client, hall_address = _draft(PlaysAt.HALL)
    assert hall_client.post(f"{hall_address}/publish/").status_code == 200


@pytest.mark.parametrize(
    ("plays_at", "body", "status", "code", "field"),
    [
        (PlaysAt.ONLINE, {"online_tables": [1]}, 400, "not_by_round", "online_tables"),
        (PlaysAt.HALL, {"online_tables": []}, 400, "not_by_round", "online_tables"),
        (PlaysAt.BY_ROUND, {"online_tables": [1, 5]}, 400, "no_such_tables", "online_tables"),
        (PlaysAt.BY_ROUND, {"online_tables": [0]}, 400, "min_value", "online_tables.0"),
        (PlaysAt.BY_ROUND, {"online_tables": "all"}, 400, "not_a_list", "online_tables"),
        (
            PlaysAt.ONLINE,
            {"window": {**WINDOW, "closes_at": "2030-02-01T00:00:00Z"}},
            400,
            "window_backwards",
            "window.closes_at",
        ),
        (
            PlaysAt.ONLINE,
            {"window": {**WINDOW, "default_at": "2030-04-01T00:00:00Z"}},
            400,
            "default_outside",
            "window.default_at",
        ),
        (PlaysAt.HALL, {"window": WINDOW}, 400, "window_at_the_hall", "window"),
        (
            PlaysAt.BY_ROUND,
            {"online_tables": [], "window": WINDOW},
            400,
            "window_at_the_hall",
            "window",
        ),
        (PlaysAt.ONLINE, {"window": {"opens_at": WINDOW["opens_at"]}}, 400, "required", None),
        (PlaysAt.ONLINE, {"window": {**WINDOW, "default_at": "soon"}}, 400, "invalid", None),
    ],
)
def test_each_refusal_keeps_its_code_and_makes_nothing(
    plays_at: str, body: dict[str, Any], status: int, code: str, field: str | None
) -> None:
    draft, client, address = _draft(plays_at)
    answer = _publish(client, address, body)
    assert (answer.status_code, answer.data["code"]) == (status, code), answer.data
    if field is not None:
        assert answer.data["field"] == field
    else:
        assert answer.data["field"].startswith("window.")
    _nothing_made(draft)


def test_a_clash_with_another_events_online_match_is_refused() -> None:
    setup = club_with(players=8)
    other, _, _ = _draft(PlaysAt.ONLINE, setup)
    round_publish(round_=other)
    draft, client, address = _draft(PlaysAt.ONLINE, setup)
    answer = _publish(client, address)
    assert (answer.status_code, answer.data["code"]) == (400, "clash")
    _nothing_made(draft)
    later = _publish(client, address, {"window": WINDOW})
    assert later.status_code == 200, later.data


def test_publishing_twice_is_a_conflict() -> None:
    _, client, address = _draft(PlaysAt.BY_ROUND)
    assert _publish(client, address, {"online_tables": [1]}).status_code == 200
    again = _publish(client, address, {"online_tables": [2]})
    assert (again.status_code, again.data["code"]) == (409, "not_draft")
    assert LiveTable.objects.count() == 1


def test_the_schema_documents_the_choice_and_the_window() -> None:
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    path = "/api/clubs/{slug}/events/{event_id}/rounds/{round_number}/publish/"
    post = schema["paths"][path]["post"]
    assert "online_tables" in post["description"] and "clash" in post["description"]
    assert "400" in post["responses"] and "409" in post["responses"]
    body = post["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)
    fields = schema["components"]["schemas"][body[1]]["properties"]
    assert fields["online_tables"]["type"] == "array"
    window = fields["window"]
    window_ref = window.get("$ref") or window["allOf"][0]["$ref"]
    window_fields = schema["components"]["schemas"][window_ref.rsplit("/", 1)[1]]["properties"]
    assert set(window_fields) == {"opens_at", "closes_at", "default_at"}
    rounds = schema["components"]["schemas"]["RoundOutput"]["properties"]
    assert {"online", "opens_at", "closes_at", "default_at"} <= set(rounds)
