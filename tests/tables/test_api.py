"""The online tables API: list, schedule, read a table, read a finished hand."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from club.models import Club, Membership
from tables.models import LiveTable, TableStatus
from tests.factories import ClubFactory, MembershipFactory, RuleSetFactory
from tests.tables.helpers import play_hand, state, table_with

pytestmark = pytest.mark.django_db


def _client(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _member(club: Club, role: str = "player") -> Membership:
    return MembershipFactory.create(club=club, role=role, with_account=True)


def _director(club: Club) -> APIClient:
    user = _member(club, "director").player.user
    assert user is not None
    return _client(user)


def _url(club: Club, *parts: object) -> str:
    tail = "".join(f"{part}/" for part in parts)
    return f"/api/clubs/{club.slug}/tables/{tail}"


def _create(client: APIClient, club: Club, **body: Any) -> Any:
    body.setdefault("scheduled_at", "now")
    return client.post(_url(club), body, format="json")


# --- List -------------------------------------------------------------------------------------


def test_members_list_the_clubs_tables_and_filter_by_status() -> None:
    playing, _ = table_with(people=1)
    club = playing.club
    soon = timezone.now() + timedelta(hours=2)
    response = _create(_director(club), club, game="auction45", scheduled_at=soon.isoformat())
    assert response.status_code == 201, response.json()
    LiveTable.objects.create(club=ClubFactory.create(), game="auction45", scheduled_at=soon)
    user = _member(club).player.user
    every = _client(user).get(_url(club)).json()
    assert [t["status"] for t in every] == ["playing", "scheduled"]  # the club's own only
    assert every[0]["seats"][0]["player"] is not None
    assert [s["is_bot"] for s in every[0]["seats"]] == [False, True, True, True]
    scheduled = _client(user).get(_url(club), {"status": "scheduled"}).json()
    assert [t["id"] for t in scheduled] == [response.json()["id"]]


def test_an_unknown_status_filter_is_refused_with_a_code() -> None:
    club = ClubFactory.create()
    response = _client(_member(club).player.user).get(_url(club), {"status": "paused-ish"})
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == ("invalid_choice", "status")


# --- Create -----------------------------------------------------------------------------------


def test_a_director_schedules_a_table_with_a_member_a_computer_and_an_open_seat() -> None:
    club = ClubFactory.create()
    member = _member(club)
    rule_set = RuleSetFactory.create(club=club, name="Tuesday")
    when = (timezone.now() + timedelta(days=1)).replace(microsecond=0)
    response = _create(
        _director(club),
        club,
        rule_set=rule_set.pk,
        title="Online 1",
        scheduled_at=when.isoformat(),
        seats=[{"player": member.player_id}, {"bot": "rule"}, {}],
        turn_seconds=45,
        grace_seconds=90,
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    table = LiveTable.objects.get(pk=body["id"])
    assert (table.status, table.rule_set_name, table.turn_seconds) == ("scheduled", "Tuesday", 45)
    assert table.scheduled_at == when
    assert [(s["player"], s["bot"], s["is_open"]) for s in body["seats"]] == [
        (member.player_id, "", False),
        (None, "rule", False),
        (None, "", True),
        (None, "", True),
    ]
    assert body["seats"][0]["name"] == member.player.display_name
    assert (body["title"], body["grace_seconds"], body["hand_number"]) == ("Online 1", 90, 0)


def test_now_with_every_seat_filled_starts_the_game_under_the_standard_rules() -> None:
    club = ClubFactory.create()
    members = [_member(club) for _ in range(2)]
    seats = [{"player": members[0].player_id}, {"bot": "random"}]
    seats += [{"player": members[1].player_id}, {"bot": "random"}]
    response = _create(_director(club), club, game="auction45", seats=seats)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["status"], body["hand_number"], body["rule_set_name"]) == (
        "playing",
        1,
        "standard rules",
    )
    assert body["game"] == "auction45"
    assert body["scoresheet"] is not None


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({}, "rule_set", "rule_set"),
        ({"game": "chess"}, "invalid_choice", "game"),
        ({"game": "auction45", "scheduled_at": "tonight"}, "invalid", "scheduled_at"),
        ({"game": "auction45", "scheduled_at": "2999-01-01T19:00Z"}, "too_far", "scheduled_at"),
        ({"game": "auction45", "seats": [{"bot": "genius"}]}, "invalid_choice", "seats.0.bot"),
        ({"game": "auction45", "seats": [{"player": 0}]}, "min_value", "seats.0.player"),
        (
            {"game": "auction45", "seats": [{"player": 5, "bot": "rule"}]},
            "player_and_bot",
            "seats.0",
        ),
        ({"game": "auction45", "seats": [{}] * 5}, "seats", "seats"),
        ({"game": "auction45", "seats": [{}] * 7}, "max_length", "seats"),
        ({"game": "auction45", "turn_seconds": -1}, "min_value", "turn_seconds"),
        ({"game": "auction45", "grace_seconds": 2**40}, "max_value", "grace_seconds"),
        ({"game": "auction45", "grace_seconds": "soon"}, "invalid", "grace_seconds"),
    ],
)
def test_bad_values_are_refused_each_with_a_code(
    body: dict[str, Any], code: str, field: str
) -> None:
    club = ClubFactory.create()
    response = _create(_director(club), club, **body)
    assert response.status_code == 400, response.json()
    assert (response.json()["code"], response.json()["field"]) == (code, field)
    assert response.json()["message"]
    assert not LiveTable.objects.exists()


def test_a_player_twice_is_refused_naming_the_second_seat() -> None:
    club = ClubFactory.create()
    member = _member(club)
    seats = [{"player": member.player_id}, {"player": member.player_id}]
    response = _create(_director(club), club, game="auction45", seats=seats)
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == ("player", "seats.1.player")
    assert not LiveTable.objects.exists()


def test_another_clubs_player_or_rule_set_is_refused_like_an_unknown_id() -> None:
    club, other = ClubFactory.create(), ClubFactory.create()
    director = _director(club)
    theirs = _member(other).player_id
    unused = theirs + 1000
    for player in (theirs, unused):
        response = _create(director, club, game="auction45", seats=[{}, {"player": player}])
        assert response.status_code == 400
        assert response.json() == {
            "code": "player",
            "message": f"Player {player} is not a member of this club.",
            "field": "seats.1.player",
        }
    their_rules = RuleSetFactory.create(club=other).pk
    for rule_set in (their_rules, their_rules + 1000):
        response = _create(director, club, rule_set=rule_set)
        assert response.status_code == 400
        assert response.json() == {
            "code": "rule_set",
            "message": f"There is no rule set {rule_set} in this club.",
            "field": "rule_set",
        }
    assert not LiveTable.objects.exists()


def test_members_read_but_only_directors_schedule() -> None:
    club = ClubFactory.create()
    for role in ("player", "scorer"):
        client = _client(_member(club, role).player.user)
        assert client.get(_url(club)).status_code == 200
        response = _create(client, club, game="auction45")
        assert response.status_code == 403
        assert response.json()["code"] == "permission_denied"
    outsider = _client(_member(ClubFactory.create(), "director").player.user)
    assert outsider.get(_url(club)).status_code == 403
    assert _client(None).get(_url(club)).status_code in (401, 403)
    assert not LiveTable.objects.exists()


# --- One table ---------------------------------------------------------------------------------


def test_the_table_shows_status_seats_hand_scores_and_its_sheet() -> None:
    table, members = table_with(people=1, seed=5)
    play_hand(table)
    table.refresh_from_db()
    user = _member(table.club).player.user
    body = _client(user).get(_url(table.club, table.pk)).json()
    assert (body["status"], body["hand_number"], body["hands_finished"]) == ("playing", 2, 1)
    assert body["scoresheet"] == table.scoresheet_id
    assert body["to_act"] == state(table).to_act
    assert [s["name"] for s in body["seats"]][0] == members[0].player.display_name
    first = table.hands.get(number=1).result
    assert first is not None
    assert [side["score"] for side in body["scores"]] == first["scores_after"]
    assert [side["seats"] for side in body["scores"]] == [[0, 2], [1, 3]]


def test_the_table_answers_no_hidden_card_of_the_hand_in_progress() -> None:
    table, members = table_with(people=2, seed=11)
    hand = state(table)
    hidden = {card for seat in range(4) for card in hand.view(seat)["hand"]}
    assert hidden, "the hand in progress should hold cards"
    for user in (members[0].player.user, _member(table.club, "director").player.user):
        text = json.dumps(_client(user).get(_url(table.club, table.pk)).json())
        shown = {card for card in hidden if f'"{card}"' in text}
        assert not shown, f"hidden cards answered: {shown}"


def test_another_clubs_table_is_not_found() -> None:
    table, _ = table_with(people=1)
    club = ClubFactory.create()
    client = _client(_member(club).player.user)
    response = client.get(_url(club, table.pk))
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert client.get(_url(club, table.pk, "hands", 1)).status_code == 404


# --- A hand ------------------------------------------------------------------------------------


def test_a_finished_hand_is_answered_as_the_replay_shows_it() -> None:
    table, members = table_with(people=1, seed=5)
    played = play_hand(table)
    finished = table.hands.get(number=1)
    url = _url(table.club, table.pk, "hands", 1)
    mine = _client(members[0].player.user).get(url).json()
    assert (mine["number"], mine["seat"], len(mine["steps"])) == (1, 0, played)
    assert finished.result is not None
    assert mine["result"]["scores_after"] == finished.result["scores_after"]
    assert mine["result"]["line"] == finished.result["line"]
    spectator = _client(_member(table.club).player.user).get(url).json()
    assert spectator["seat"] is None
    assert len(spectator["steps"]) == played


def test_another_seats_discard_stays_a_number_of_cards() -> None:
    table, members = table_with(people=1, seed=5)
    play_hand(table)
    finished = table.hands.get(number=1)
    logged = list(finished.actions.order_by("seq").values_list("seat", "action"))
    hidden = ("kitty_discard", "discard")
    discards = [a for seat, a in logged if seat != 0 and a.split()[1] in hidden]
    assert discards, "the hand should have another seat's discard"
    url = _url(table.club, table.pk, "hands", 1)
    text = json.dumps(_client(members[0].player.user).get(url).json())
    for action in discards:
        assert action not in text
    assert " card" in text


def test_a_hand_in_progress_is_refused_and_a_missing_one_not_found() -> None:
    table, members = table_with(people=1, seed=5)
    client = _client(members[0].player.user)
    response = client.get(_url(table.club, table.pk, "hands", 1))
    assert response.status_code == 409
    assert response.json()["code"] == "hand_not_finished"
    missing = client.get(_url(table.club, table.pk, "hands", 9))
    assert missing.status_code == 404
    assert missing.json()["code"] == "not_found"


def test_a_scheduled_table_has_no_scores_yet() -> None:
    club = ClubFactory.create()
    soon = (timezone.now() + timedelta(hours=1)).isoformat()
    created = _create(_director(club), club, game="bidwhist", scheduled_at=soon).json()
    table = LiveTable.objects.get(pk=created["id"])
    assert table.status == TableStatus.SCHEDULED
    assert [side["score"] for side in created["scores"]] == [0, 0]
    assert created["to_act"] is None


def test_rules_that_build_no_game_are_refused_by_the_service_with_a_code() -> None:
    club = ClubFactory.create()
    broken = RuleSetFactory.create(club=club, options={"target": "high"})
    response = _create(_director(club), club, rule_set=broken.pk)
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == "rule_set"
    assert "do not build a game" in response.json()["message"]
    assert not LiveTable.objects.exists()


def test_a_time_already_past_opens_the_table_at_once() -> None:
    club = ClubFactory.create()
    past = (timezone.now() - timedelta(hours=1)).isoformat()
    response = _create(_director(club), club, game="pitch52", scheduled_at=past)
    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "open"
    assert len(response.json()["seats"]) == 4


# --- Pause, resume, abandon -------------------------------------------------------------------


def test_a_director_pauses_resumes_and_abandons_a_table() -> None:
    table, _ = table_with(people=1)
    club = table.club
    director = _director(club)
    paused = director.post(_url(club, table.pk, "pause"))
    assert paused.status_code == 200, paused.json()
    assert paused.json()["status"] == "paused"
    again = director.post(_url(club, table.pk, "pause"))
    assert again.status_code == 409
    assert again.json()["code"] == "not_playing"
    resumed = director.post(_url(club, table.pk, "resume"))
    assert resumed.status_code == 200, resumed.json()
    assert resumed.json()["status"] == "playing"
    abandoned = director.post(_url(club, table.pk, "abandon"))
    assert abandoned.json()["status"] == "abandoned"
    assert LiveTable.objects.get(pk=table.pk).status == TableStatus.ABANDONED
    ended = director.post(_url(club, table.pk, "resume"))
    assert (ended.status_code, ended.json()["code"]) == (409, "not_paused")
    assert director.post(_url(club, table.pk, "abandon")).json()["code"] == "ended"


@pytest.mark.parametrize("control", ["pause", "resume", "abandon"])
def test_only_a_director_of_the_tables_club_controls_it(control: str) -> None:
    table, _ = table_with(people=1)
    club = table.club
    player = _client(_member(club).player.user).post(_url(club, table.pk, control))
    assert (player.status_code, player.json()["code"]) == (403, "permission_denied")
    other = ClubFactory.create()
    outsider = _director(other).post(_url(other, table.pk, control))
    assert (outsider.status_code, outsider.json()["code"]) == (404, "not_found")
    assert LiveTable.objects.get(pk=table.pk).status == TableStatus.PLAYING


# --- Languages ----------------------------------------------------------------------------------


def test_a_french_request_reads_french_words_under_the_same_codes() -> None:
    club = ClubFactory.create(name="Les Atouts")
    director = APIClient(HTTP_ACCEPT_LANGUAGE="fr")
    director.force_authenticate(_member(club, "director").player.user)
    player = APIClient(HTTP_ACCEPT_LANGUAGE="fr")
    player.force_authenticate(_member(club).player.user)
    refused = _create(player, club, game="auction45")
    assert refused.status_code == 403
    assert refused.json()["code"] == "permission_denied"
    assert refused.json()["message"] == (
        "Seuls les directeurs et administrateurs de Les Atouts peuvent faire cela."
    )
    unknown = _create(director, club, rule_set=99999)
    assert (unknown.status_code, unknown.json()["code"]) == (400, "rule_set")
    assert unknown.json()["message"] == "Il n'y a pas de règles 99999 dans ce club."
    made = _create(director, club, game="auction45", seats=[{}, {"bot": "rule"}])
    assert made.status_code == 201, made.json()
    assert (made.json()["status"], made.json()["rule_set_name"]) == ("open", "règles standard")
    assert [seat["name"] for seat in made.json()["seats"]][:2] == [
        "Nord (libre)",
        "Ordinateur Est, à règles",
    ]
    english = _director(club).get(_url(club, made.json()["id"])).json()
    assert (english["rule_set_name"], english["seats"][0]["name"]) == (
        "standard rules",
        "North (open)",
    )
