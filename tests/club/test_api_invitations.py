"""The invitations API: directors invite their own members; other clubs' players and
invitations are unknown ids; refusals are coded; the operations are in the schema."""

from __future__ import annotations

import pytest
from django.core.mail import EmailMessage
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from club.invitations import invitation_accept, invitation_send
from club.models import Invitation, Membership
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def api(role: str = Membership.Role.DIRECTOR) -> tuple[APIClient, Membership]:
    """A client signed in with ``role`` in a club, and a member of it without an account."""
    member = MembershipFactory.create(player__display_name="Ann")
    signed_in = MembershipFactory.create(club=member.club, role=role, with_account=True)
    client = APIClient()
    client.force_authenticate(signed_in.player.user)
    return client, member


def list_url(member: Membership) -> str:
    return reverse("api_invitation_list", args=[member.club.slug])


def test_a_director_invites_a_member(mailoutbox: list[EmailMessage]) -> None:
    client, member = api()
    response = client.post(
        list_url(member), {"player": member.player_id, "email": "ann@example.org"}, format="json"
    )
    assert response.status_code == 201, response.data
    assert response.data["player"] == member.player_id
    assert response.data["status"] == "waiting"
    assert "link" not in response.data and "token_hash" not in response.data
    assert [m.to for m in mailoutbox] == [["ann@example.org"]]
    listed = client.get(list_url(member), {"player": member.player_id}).data
    assert [i["id"] for i in listed] == [response.data["id"]]


def test_another_clubs_player_is_an_unknown_player() -> None:
    client, member = api()
    stranger = MembershipFactory.create(club=ClubFactory.create())
    response = client.post(
        list_url(member), {"player": stranger.player_id, "email": "x@example.org"}, format="json"
    )
    assert response.status_code == 400
    assert (response.data["code"], response.data["field"]) == ("unknown_player", "player")
    assert not Invitation.objects.exists()


def test_a_player_with_an_account_is_refused_with_its_code() -> None:
    client, member = api()
    taken = MembershipFactory.create(club=member.club, with_account=True)
    response = client.post(
        list_url(member), {"player": taken.player_id, "email": "x@example.org"}, format="json"
    )
    assert (response.status_code, response.data["code"]) == (400, "player_has_account")


def test_too_many_invitations_answer_429(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("club.invitations.INVITATIONS_PER_HOUR", 1)
    client, member = api()
    body = {"player": member.player_id, "email": "ann@example.org"}
    assert client.post(list_url(member), body, format="json").status_code == 201
    response = client.post(list_url(member), body, format="json")
    assert (response.status_code, response.data["code"]) == (429, "invitations_throttled")


def test_players_cannot_see_or_send_invitations() -> None:
    client, member = api(Membership.Role.PLAYER)
    assert client.get(list_url(member)).status_code == 403
    body = {"player": member.player_id, "email": "ann@example.org"}
    assert client.post(list_url(member), body, format="json").status_code == 403


def test_withdrawing_and_the_scoping_of_ids() -> None:
    client, member = api()
    invitation, _ = invitation_send(
        club=member.club, player=member.player, email="ann@example.org", by=None
    )
    other_member = MembershipFactory.create(club=ClubFactory.create())
    elsewhere, _ = invitation_send(
        club=other_member.club, player=other_member.player, email="b@example.org", by=None
    )
    slug = member.club.slug
    assert (
        client.get(reverse("api_invitation_detail", args=[slug, elsewhere.pk])).status_code == 404
    )
    assert (
        client.delete(reverse("api_invitation_detail", args=[slug, elsewhere.pk])).status_code
        == 404
    )
    url = reverse("api_invitation_detail", args=[slug, invitation.pk])
    assert client.delete(url).status_code == 204
    assert client.get(url).data["status"] == "withdrawn"
    assert Invitation.objects.get(pk=elsewhere.pk).revoked_at is None


def test_an_accepted_invitation_cannot_be_withdrawn() -> None:
    client, member = api()
    _, link = invitation_send(
        club=member.club, player=member.player, email="ann@example.org", by=None
    )
    invitation_accept(token=link.rstrip("/").rsplit("/", 1)[1], user=UserFactory.create())
    invitation = Invitation.objects.get()
    response = client.delete(
        reverse("api_invitation_detail", args=[member.club.slug, invitation.pk])
    )
    assert (response.status_code, response.data["code"]) == (409, "invitation_used")


def test_the_schema_documents_the_invitations() -> None:
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    path = schema["paths"]["/api/clubs/{slug}/invitations/"]
    assert path["post"]["operationId"] == "club_invitations_create"
    assert "invitations_throttled" in path["post"]["description"]
    assert "429" in path["post"]["responses"]
    detail = schema["paths"]["/api/clubs/{slug}/invitations/{invitation_id}/"]
    assert "409" in detail["delete"]["responses"]


def test_a_director_cannot_invite_into_a_role_above_their_own() -> None:
    client, member = api()
    boss = MembershipFactory.create(club=member.club, role=Membership.Role.CLUB_ADMIN)
    response = client.post(
        list_url(member), {"player": boss.player_id, "email": "me@example.org"}, format="json"
    )
    assert (response.status_code, response.data["code"]) == (403, "role_above_sender")
    assert not Invitation.objects.exists()
    admin = MembershipFactory.create(
        club=member.club, role=Membership.Role.CLUB_ADMIN, with_account=True
    )
    client.force_authenticate(admin.player.user)
    response = client.post(
        list_url(member), {"player": boss.player_id, "email": "boss@example.org"}, format="json"
    )
    assert response.status_code == 201
