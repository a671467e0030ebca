"""Members' own tables through the API: practice and friendly tables, invitations, open seats,
leaving, "Play again" and the host's abandon, with the pages' refusals and ids scoped to what
the caller may see."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from club.models import Club, Membership
from tables import services
from tables.models import InvitationStatus, LiveTable, TableInvitation, TableStatus
from tests.factories import ClubFactory, MembershipFactory

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db


@dataclass
class Members:
    club: Club
    host: Membership
    friend: Membership
    third: Membership
    director: Membership

    def client(self, who: Membership) -> APIClient:
        client = APIClient()
        user = who.player.user
        assert user is not None
        client.force_authenticate(user)
        return client


def _member(club: Club, role: str = "player") -> Membership:
    return MembershipFactory.create(club=club, role=role, with_account=True)


@pytest.fixture
def members() -> Members:
    club = ClubFactory.create()
    return Members(club, _member(club), _member(club), _member(club), _member(club, "director"))


def _url(club: Club, *parts: object) -> str:
    tail = "".join(f"{part}/" for part in parts)
    return f"/api/clubs/{club.slug}/tables/{tail}"


def _practice(m: Members, who: Membership | None = None) -> Any:
    body = {"kind": "practice", "game": "auction45", "bot": "random"}
    return m.client(who or m.host).post(_url(m.club), body, format="json")


def _friendly(m: Members, seats: list[dict[str, Any]] | None = None, **more: Any) -> Any:
    if seats is None:
        seats = [{"player": m.host.player_id}, {"player": m.friend.player_id}, {"bot": "random"}]
        seats.append({})
    body = {"kind": "friendly", "game": "auction45", "seats": seats, **more}
    return m.client(m.host).post(_url(m.club), body, format="json")


def _invited(m: Members) -> tuple[LiveTable, TableInvitation]:
    response = _friendly(m)
    assert response.status_code == 201, response.json()
    table = LiveTable.objects.get(pk=response.json()["id"])
    return table, TableInvitation.objects.get(table=table, player=m.friend.player)


def _rows() -> tuple[int, int, int]:
    """What a refused request must leave as it was."""
    pending = TableInvitation.objects.filter(status=InvitationStatus.PENDING).count()
    seated = LiveTable.objects.filter(seats__player__isnull=False).count()
    return LiveTable.objects.count(), pending, seated


def _refused(response: Any, status: int, code: str) -> None:
    assert (response.status_code, response.json()["code"]) == (status, code), response.json()


# --- Making a member's table ------------------------------------------------------------------


def test_a_member_starts_a_practice_table_with_computers(members: Members) -> None:
    response = _practice(members)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["kind"], body["status"], body["invitations"]) == ("practice", "playing", [])
    assert body["seats"][0]["player"] == members.host.player_id
    assert [seat["is_bot"] for seat in body["seats"][1:]] == [True, True, True]


def test_a_member_invites_a_friend_who_is_not_seated_before_accepting(members: Members) -> None:
    response = _friendly(members)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["kind"] == "friendly"
    assert body["seats"][0]["player"] == members.host.player_id
    assert (body["seats"][1]["player"], body["seats"][1]["is_open"]) == (None, True)
    [invitation] = body["invitations"]
    assert (invitation["player"], invitation["seat"], invitation["status"]) == (
        members.friend.player_id,
        1,
        "pending",
    )
    assert invitation["name"] == members.friend.player.display_name
    assert invitation["expires_at"]


def test_a_member_posting_a_directed_table_is_still_refused(members: Members) -> None:
    before = _rows()
    for body in ({"game": "auction45", "scheduled_at": "now"}, {"kind": "directed"}):
        response = members.client(members.host).post(_url(members.club), body, format="json")
        _refused(response, 403, "permission_denied")
    assert _rows() == before


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"kind": "tournament", "game": "auction45"}, "invalid_choice", "kind"),
        ([{"kind": "practice"}], "invalid", None),
        ({"kind": "practice"}, "rule_set", "rule_set"),
        ({"kind": "practice", "game": "auction45", "bot": "genius"}, "invalid_choice", "bot"),
        (
            {"kind": "friendly", "game": "auction45", "seats": [{"player": 1, "bot": "random"}]},
            "player_and_bot",
            "seats.0",
        ),
        (
            {"kind": "friendly", "game": "auction45", "if_unanswered": "x"},
            "invalid_choice",
            "if_unanswered",
        ),
    ],
)
def test_a_bad_body_is_refused_with_a_code(
    members: Members, body: Any, code: str, field: str | None
) -> None:
    before = _rows()
    response = members.client(members.host).post(_url(members.club), body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == code
    if field is not None:
        assert response.json()["field"] == field
    assert _rows() == before


def test_inviting_someone_outside_the_club_is_refused_as_an_unknown_id(members: Members) -> None:
    outsider = MembershipFactory.create(club=ClubFactory.create()).player_id
    before = _rows()
    answers = []
    for player in (outsider, 2_000_000_000):
        seats = [{"player": members.host.player_id}, {"player": player}]
        answers.append(_friendly(members, seats))
    for response in answers:
        _refused(response, 400, "not_a_member")
        assert response.json()["field"] == "seats.1.player"
    assert _rows() == before


def test_the_same_person_in_two_seats_is_refused(members: Members) -> None:
    friend = {"player": members.friend.player_id}
    before = _rows()
    response = _friendly(members, [{"player": members.host.player_id}, friend, friend])
    _refused(response, 400, "invited_twice")
    assert _rows() == before


def test_more_tables_than_the_club_allows_are_refused(members: Members) -> None:
    Club.objects.filter(pk=members.club.pk).update(member_table_limit=1)
    assert _practice(members).status_code == 201
    before = _rows()
    _refused(_practice(members), 409, "table_limit")
    assert _rows() == before


def test_a_club_that_does_not_let_members_start_tables_refuses(members: Members) -> None:
    Club.objects.filter(pk=members.club.pk).update(members_start_tables=False)
    before = _rows()
    _refused(_practice(members), 403, "members_may_not_start")
    _refused(_friendly(members), 403, "members_may_not_start")
    assert _rows() == before


def test_a_flood_of_invitations_is_throttled(members: Members, settings: Settings) -> None:
    settings.KITTY_INVITATIONS_PER_HOUR = 1
    seats = [{"player": members.host.player_id}, {"player": members.friend.player_id}]
    seats.append({"player": members.third.player_id})
    before = _rows()
    _refused(_friendly(members, seats), 429, "throttled")
    assert _rows() == before


# --- Lists and details ------------------------------------------------------------------------


def test_tables_not_listed_for_the_club_are_hidden_from_other_members(members: Members) -> None:
    Club.objects.filter(pk=members.club.pk).update(friendly_tables_listed=False)
    table_id = _practice(members).json()["id"]
    host, third = members.client(members.host), members.client(members.third)
    assert [t["id"] for t in host.get(_url(members.club)).json()] == [table_id]
    assert host.get(_url(members.club)).json()[0]["kind"] == "practice"
    assert third.get(_url(members.club)).json() == []
    _refused(third.get(_url(members.club, table_id)), 404, "not_found")
    _refused(third.get(_url(members.club, table_id, "invitations")), 404, "not_found")
    assert members.client(members.director).get(_url(members.club, table_id)).status_code == 200


def test_a_listed_member_table_is_watched_by_every_member(members: Members) -> None:
    table_id = _practice(members).json()["id"]
    body = members.client(members.third).get(_url(members.club, table_id)).json()
    assert (body["id"], body["kind"]) == (table_id, "practice")


# --- Invitations ------------------------------------------------------------------------------


def test_the_invitee_lists_their_waiting_invitations(members: Members) -> None:
    table, invitation = _invited(members)
    [waiting] = members.client(members.friend).get(_url(members.club, "invitations")).json()
    assert (waiting["id"], waiting["table"], waiting["seat"]) == (invitation.pk, table.pk, 1)
    assert waiting["host"] == members.host.player.display_name
    assert (waiting["game"], waiting["rule_set_name"]) == ("auction45", "standard rules")
    assert waiting["expires_at"] and waiting["scheduled_at"]
    assert members.client(members.host).get(_url(members.club, "invitations")).json() == []
    # The friend's other club lists none of this club's invitations.
    elsewhere = MembershipFactory.create(player=members.friend.player).club
    assert members.client(members.friend).get(_url(elsewhere, "invitations")).json() == []


def test_the_invitee_accepts_and_sits(members: Members) -> None:
    table, invitation = _invited(members)
    url = _url(members.club, "invitations", invitation.pk, "accept")
    response = members.client(members.friend).post(url)
    assert response.status_code == 200, response.json()
    assert (response.json()["id"], response.json()["status"]) == (invitation.pk, "accepted")
    assert table.seats.get(index=1).player == members.friend.player


def test_the_invitee_declines_and_a_computer_takes_the_seat(members: Members) -> None:
    table, invitation = _invited(members)
    url = _url(members.club, "invitations", invitation.pk, "decline")
    response = members.client(members.friend).post(url)
    assert (response.status_code, response.json()["status"]) == (200, "declined")
    seat = table.seats.get(index=1)
    assert (seat.player, seat.bot_name != "") == (None, True)


def test_someone_elses_invitation_is_unknown(members: Members) -> None:
    table, invitation = _invited(members)
    before = _rows()
    for who in (members.host, members.third, members.director):
        for answer in ("accept", "decline"):
            url = _url(members.club, "invitations", invitation.pk, answer)
            _refused(members.client(who).post(url), 404, "not_found")
    # The invitee's own invitation through another club of theirs is unknown too.
    elsewhere = MembershipFactory.create(player=members.friend.player).club
    url = _url(elsewhere, "invitations", invitation.pk, "accept")
    _refused(members.client(members.friend).post(url), 404, "not_found")
    assert _rows() == before
    assert TableInvitation.objects.get(pk=invitation.pk).is_pending


def test_the_host_withdraws_and_others_are_refused(members: Members) -> None:
    table, invitation = _invited(members)
    url = _url(members.club, "invitations", invitation.pk, "withdraw")
    _refused(members.client(members.third).post(url), 403, "not_host")
    _refused(members.client(members.friend).post(url), 403, "not_host")
    assert TableInvitation.objects.get(pk=invitation.pk).is_pending
    response = members.client(members.host).post(url)
    assert (response.status_code, response.json()["status"]) == (200, "withdrawn")


def test_withdrawing_an_invitation_at_an_unlisted_table_is_unknown_to_others(
    members: Members,
) -> None:
    Club.objects.filter(pk=members.club.pk).update(friendly_tables_listed=False)
    _table, invitation = _invited(members)
    url = _url(members.club, "invitations", invitation.pk, "withdraw")
    _refused(members.client(members.third).post(url), 404, "not_found")
    assert TableInvitation.objects.get(pk=invitation.pk).is_pending


def test_accepting_a_withdrawn_or_expired_invitation_is_refused(members: Members) -> None:
    _table, invitation = _invited(members)
    members.client(members.host).post(_url(members.club, "invitations", invitation.pk, "withdraw"))
    before = _rows()
    url = _url(members.club, "invitations", invitation.pk, "accept")
    _refused(members.client(members.friend).post(url), 409, "invitation_closed")
    assert _rows() == before
    table, invitation = _invited(members)
    services.invitations_expire_sweep(now=timezone.now() + timedelta(days=1))
    url = _url(members.club, "invitations", invitation.pk, "accept")
    _refused(members.client(members.friend).post(url), 409, "invitation_closed")
    assert table.seats.get(index=1).player is None


def test_a_tables_invitations_in_full_for_the_host_pending_for_others(members: Members) -> None:
    table, invitation = _invited(members)
    TableInvitation.objects.filter(pk=invitation.pk).update(status=InvitationStatus.DECLINED)
    TableInvitation.objects.create(
        table=table,
        seat=3,
        player=members.third.player,
        expires_at=timezone.now() + timedelta(hours=1),
    )
    url = _url(members.club, table.pk, "invitations")
    every = members.client(members.host).get(url).json()
    assert [(i["player"], i["status"]) for i in every] == [
        (members.friend.player_id, "declined"),
        (members.third.player_id, "pending"),
    ]
    assert members.client(members.director).get(url).json() == every
    outsider = _member(members.club)
    waiting = members.client(outsider).get(url).json()
    assert [i["player"] for i in waiting] == [members.third.player_id]


# --- Seats and the game -----------------------------------------------------------------------


def test_a_member_takes_an_open_seat_once(members: Members) -> None:
    table, _invitation = _invited(members)
    third = members.client(members.third)
    response = third.post(_url(members.club, table.pk, "seats", 3, "take"))
    assert response.status_code == 200, response.json()
    assert response.json()["seats"][3]["player"] == members.third.player_id
    before = _rows()
    again = third.post(_url(members.club, table.pk, "seats", 3, "take"))
    _refused(again, 409, "seated")
    assert _rows() == before


def test_a_seat_kept_for_an_invitee_is_not_taken(members: Members) -> None:
    table, _invitation = _invited(members)
    before = _rows()
    url = _url(members.club, table.pk, "seats", 1, "take")
    _refused(members.client(members.third).post(url), 409, "seat_reserved")
    assert _rows() == before
    assert table.seats.get(index=1).player is None


def test_another_clubs_table_is_unknown(members: Members) -> None:
    other = ClubFactory.create()
    theirs = _member(other)
    mine = Members(other, theirs, _member(other), _member(other), _member(other, "director"))
    table_id = _practice(mine).json()["id"]
    host = members.client(members.host)
    before = _rows()
    for url in (
        _url(members.club, table_id),
        _url(members.club, table_id, "invitations"),
    ):
        _refused(host.get(url), 404, "not_found")
    for action in ("leave", "play-again", "abandon", "seats/1/take"):
        _refused(host.post(_url(members.club, table_id, action)), 404, "not_found")
    assert _rows() == before


def test_ids_past_any_row_are_unknown(members: Members) -> None:
    table, _invitation = _invited(members)
    huge = 10**30
    host = members.client(members.host)
    third = members.client(members.third)
    _refused(third.post(_url(members.club, table.pk, "seats", huge, "take")), 400, "seat")
    _refused(host.post(_url(members.club, "invitations", huge, "withdraw")), 404, "not_found")
    _refused(host.post(_url(members.club, huge, "leave")), 404, "not_found")


def test_leaving_a_practice_table_and_coming_back(members: Members) -> None:
    table_id = _practice(members).json()["id"]
    response = members.client(members.host).post(_url(members.club, table_id, "leave"))
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "playing"
    refused = members.client(members.third).post(_url(members.club, table_id, "leave"))
    assert refused.json()["code"] == "not_seated"
    assert refused.status_code in (400, 409)


def test_play_again_makes_one_new_table_once_the_game_is_over(members: Members) -> None:
    table_id = _practice(members).json()["id"]
    url = _url(members.club, table_id, "play-again")
    _refused(members.client(members.host).post(url), 409, "not_finished")
    LiveTable.objects.filter(pk=table_id).update(
        status=TableStatus.FINISHED, finished_at=timezone.now()
    )
    response = members.client(members.host).post(url)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["kind"], body["seats"][0]["player"]) == ("practice", members.host.player_id)
    assert body["id"] != table_id
    assert LiveTable.objects.get(pk=table_id).next_table_id == body["id"]


def test_the_host_abandons_their_table_and_other_members_may_not(members: Members) -> None:
    table_id = _practice(members).json()["id"]
    url = _url(members.club, table_id, "abandon")
    _refused(members.client(members.third).post(url), 403, "not_host")
    assert LiveTable.objects.get(pk=table_id).status == TableStatus.PLAYING
    response = members.client(members.host).post(url)
    assert (response.status_code, response.json()["status"]) == (200, "abandoned")


def test_a_director_abandons_a_members_table(members: Members) -> None:
    table_id = _practice(members).json()["id"]
    response = members.client(members.director).post(_url(members.club, table_id, "abandon"))
    assert (response.status_code, response.json()["status"]) == (200, "abandoned")


def test_a_member_still_may_not_abandon_a_directors_table(members: Members) -> None:
    body = {"game": "auction45", "scheduled_at": "now", "seats": [{"bot": "random"}] * 4}
    made = members.client(members.director).post(_url(members.club), body, format="json")
    table_id = made.json()["id"]
    response = members.client(members.host).post(_url(members.club, table_id, "abandon"))
    _refused(response, 403, "permission_denied")
    assert LiveTable.objects.get(pk=table_id).status == TableStatus.PLAYING


# --- Who may call -----------------------------------------------------------------------------


def test_anonymous_visitors_are_refused_everywhere(members: Members) -> None:
    table, invitation = _invited(members)
    client = APIClient()
    gets = [_url(members.club, "invitations"), _url(members.club, table.pk, "invitations")]
    posts = [_url(members.club, "invitations", invitation.pk, a) for a in ("accept", "decline")]
    posts += [_url(members.club, table.pk, a) for a in ("leave", "play-again", "abandon")]
    posts += [_url(members.club, table.pk, "seats", 3, "take"), _url(members.club)]
    before = _rows()
    statuses = [client.get(url).status_code for url in gets]
    statuses += [client.post(url, {"kind": "practice"}, format="json").status_code for url in posts]
    assert set(statuses) <= {401, 403}, statuses
    assert _rows() == before


def test_a_member_of_another_club_is_refused(members: Members) -> None:
    stranger = MembershipFactory.create(club=ClubFactory.create(), with_account=True)
    user = stranger.player.user
    assert isinstance(user, User)
    client = APIClient()
    client.force_authenticate(user)
    response = client.post(_url(members.club), {"kind": "practice"}, format="json")
    _refused(response, 403, "permission_denied")


def test_the_schema_describes_the_members_operations() -> None:
    response = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    operations = {
        operation["operationId"]
        for methods in schema["paths"].values()
        for operation in methods.values()
    }
    assert {
        "club_tables_invitations_waiting",
        "club_tables_invitations_accept",
        "club_tables_invitations_decline",
        "club_tables_invitations_withdraw",
        "club_tables_invitations_list",
        "club_tables_seats_take",
        "club_tables_leave",
        "club_tables_play_again",
    } <= operations
    kinds = schema["components"]["schemas"]["TableCreateKindEnum"]["enum"]
    assert kinds == ["directed", "practice", "friendly"]
    detail = schema["components"]["schemas"]["OnlineTableDetail"]["properties"]
    assert {"kind", "invitations"} <= set(detail)
