"""Online matches' times through the API: the round's times, a player's proposal and
answers with their token, a director's setting, the same refusals and codes as the pages,
and ids seen only within the caller's club."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from club.models import Membership, Player
from tests.tournaments.factories import club_with
from tests.tournaments.test_api import api_for
from tests.tournaments.times_world import Windowed, account
from tournaments.models import MatchTime, TimeSource

pytestmark = pytest.mark.django_db


def _as(player: Player) -> APIClient:
    client = APIClient()
    client.force_authenticate(account(player))
    return client


def _round(world: Windowed) -> str:
    return f"/api/clubs/{world.setup.club.slug}/events/{world.event.pk}/rounds/1"


def _table(world: Windowed) -> str:
    return f"{_round(world)}/tables/{world.match.table.number}"


def test_a_player_proposes_the_other_side_accepts_and_the_round_lists_it(
    world: Windowed,
) -> None:
    at = world.at(days=2).isoformat()
    made = _as(world.sides[0][0]).post(f"{_table(world)}/times/", {"at": at}, format="json")
    assert made.status_code == 201, made.data
    assert (made.data["status"], made.data["proposed_by"]) == ("open", world.sides[0][0].pk)
    time_id = made.data["id"]
    own = _as(world.sides[0][1]).post(f"{_round(world)}/times/{time_id}/accept/")
    assert (own.status_code, own.data["code"]) == (400, "own_proposal")
    done = _as(world.sides[1][0]).post(f"{_round(world)}/times/{time_id}/accept/")
    assert (done.status_code, done.data["status"]) == (200, "accepted")
    again = _as(world.sides[1][1]).post(f"{_round(world)}/times/{time_id}/decline/")
    assert (again.status_code, again.data["code"]) == (409, "not_open")
    listed = _as(world.sides[1][0]).get(f"{_round(world)}/times/")
    assert listed.status_code == 200
    first = listed.data[0]
    assert (first["table"], first["time_source"]) == (1, TimeSource.AGREED)
    assert [p["status"] for p in first["proposals"]] == ["superseded", "accepted"]


def test_decline_and_withdraw(world: Windowed) -> None:
    client = _as(world.sides[0][0])
    ids = [
        client.post(
            f"{_table(world)}/times/", {"at": world.at(days=d).isoformat()}, format="json"
        ).data["id"]
        for d in (2, 3)
    ]
    wrong = _as(world.sides[1][0]).post(f"{_round(world)}/times/{ids[0]}/withdraw/")
    assert (wrong.status_code, wrong.data["code"]) == (400, "others_proposal")
    declined = _as(world.sides[1][0]).post(f"{_round(world)}/times/{ids[0]}/decline/")
    withdrawn = client.post(f"{_round(world)}/times/{ids[1]}/withdraw/")
    assert (declined.data["status"], withdrawn.data["status"]) == ("declined", "withdrawn")


@pytest.mark.parametrize(
    ("delta", "code"),
    [({"days": 9}, "outside_window"), ({"hours": -1}, "in_the_past")],
)
def test_refusals_keep_their_codes(world: Windowed, delta: dict[str, float], code: str) -> None:
    refused = _as(world.sides[0][0]).post(
        f"{_table(world)}/times/", {"at": world.at(**delta).isoformat()}, format="json"
    )
    assert (refused.status_code, refused.data["code"]) == (400, code)
    assert not MatchTime.objects.filter(match=world.match, status="open").exists()


def test_a_member_not_at_the_match_is_refused(world: Windowed) -> None:
    stranger = api_for(world.setup, role=Membership.Role.PLAYER)
    refused = stranger.post(
        f"{_table(world)}/times/", {"at": world.at(days=2).isoformat()}, format="json"
    )
    assert (refused.status_code, refused.data["code"]) == (400, "not_in_match")


def test_only_a_director_sets_the_time(world: Windowed) -> None:
    body = {"at": world.at(days=5).isoformat()}
    player = _as(world.sides[0][0]).post(f"{_table(world)}/time/", body, format="json")
    assert player.status_code == 403
    director = api_for(world.setup)
    made = director.post(f"{_table(world)}/time/", body, format="json")
    assert (made.status_code, made.data["status"]) == (201, "set")
    world.match.refresh_from_db()
    assert world.match.time_source == TimeSource.DIRECTOR


def test_ids_of_another_club_are_not_found(world: Windowed) -> None:
    made = _as(world.sides[0][0]).post(
        f"{_table(world)}/times/", {"at": world.at(days=2).isoformat()}, format="json"
    )
    other = club_with(players=0)
    outsider = api_for(other)
    root = f"/api/clubs/{other.club.slug}/events/{world.event.pk}/rounds/1"
    assert outsider.get(f"{root}/times/").status_code == 404
    assert outsider.post(f"{root}/times/{made.data['id']}/accept/").status_code == 404
    assert outsider.get(f"{_round(world)}/times/").status_code == 403
