"""The round API tells each match where it is played and, online, how its live table stands:
state, hands, score and who sits where, connected or played by the computer; never a card."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from club.models import Membership
from tables.models import TableSeat
from tests.factories import MembershipFactory
from tests.tables.helpers import play_hand
from tests.tournaments.test_round_online import live_table, mixed_round
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def _api(round_: Round, role: str = Membership.Role.PLAYER) -> tuple[APIClient, str]:
    member = MembershipFactory.create(club=round_.event.club, role=role, with_account=True)
    client = APIClient()
    client.force_authenticate(member.player.user)
    return client, f"/api/clubs/{round_.event.club.slug}/events/{round_.event.pk}/rounds/1/"


def test_each_match_says_where_it_is_played_and_online_its_live_table() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    play_hand(table)
    TableSeat.objects.filter(table=table, index=2).update(connections=1)
    TableSeat.objects.filter(table=table, index=3).update(bot_playing=True)
    client, url = _api(round_)
    answer = client.get(url)
    assert answer.status_code == 200
    online, paper = answer.data["tables"]
    assert online["online"] is True and online["time_source"] == "round"
    assert online["starts_at"] is not None
    assert (online["no_show"], online["absent_seats"]) == ("", [])
    live = online["table"]
    assert (live["id"], live["status"], live["hands"]) == (table.pk, "playing", 1)
    assert live["score"] == [side["score"] for side in online["sides"]]
    assert [(s["seat"], s["connected"], s["computer"]) for s in live["seats"]] == [
        (0, False, False),
        (1, False, False),
        (2, True, False),
        (3, False, True),
    ]
    assert all(s["name"] for s in live["seats"])
    assert paper["online"] is False and paper["table"] is None and paper["starts_at"] is None


def test_no_card_is_ever_in_the_answer() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    play_hand(table)
    client, url = _api(round_)
    live = client.get(url).data["tables"][0]["table"]
    assert set(live) == {"id", "status", "scheduled_at", "hands", "score", "seats"}
    assert all(set(seat) == {"seat", "name", "connected", "computer"} for seat in live["seats"])


def test_the_rounds_list_and_a_paper_round_carry_the_same_fields() -> None:
    round_ = mixed_round()
    client, url = _api(round_)
    listed = client.get(url.removesuffix("1/")).data[0]["tables"]
    assert [t["online"] for t in listed] == [True, False]
    assert listed[0]["table"]["id"] == live_table(round_).pk


def test_the_schema_documents_the_live_table() -> None:
    response = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    components = json.loads(response.content)["components"]["schemas"]
    table = components["TableOutput"]["properties"]
    for name in ("online", "starts_at", "time_source", "no_show", "absent_seats", "table"):
        assert name in table, name
    live = components["LiveTableOutput"]["properties"]
    assert set(live) == {"id", "status", "scheduled_at", "hands", "score", "seats"}
    assert (
        "seat 1 on the pages is 0 here"
        in components["LiveSeatOutput"]["properties"]["seat"]["description"]
    )
