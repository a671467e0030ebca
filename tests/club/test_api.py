"""The clubs API: one club cannot take over another club's member, by id or by account."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from club.models import Club, Membership, Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@dataclass
class TwoClubs:
    """Club A with its member Rita (an account, an email); club B's admin and director."""

    a: Club
    b: Club
    rita: Player
    b_admin: APIClient
    b_director: APIClient


def api(membership: Membership) -> APIClient:
    client = APIClient()
    client.force_authenticate(membership.player.user)
    return client


@pytest.fixture
def clubs() -> TwoClubs:
    rita = MembershipFactory.create(
        with_account=True, player__display_name="Rita Melanson", player__email="rita@a.example"
    )
    b = ClubFactory.create()
    admin = MembershipFactory.create(club=b, role="club_admin", with_account=True)
    director = MembershipFactory.create(club=b, role="director", with_account=True)
    return TwoClubs(rita.club, b, rita.player, api(admin), api(director))


def rita_as_club_a_knows_her(clubs: TwoClubs) -> None:
    rita = Player.objects.get(pk=clubs.rita.pk)
    assert (rita.display_name, rita.email, rita.user) == (
        "Rita Melanson",
        "rita@a.example",
        clubs.rita.user,
    )
    assert list(Membership.objects.filter(player=rita).values_list("club", flat=True)) == [
        clubs.a.pk
    ]


def body_without(response: Any, *ids: int) -> str:
    """The answer with each id marked where it stands as a whole number."""
    text = str(response.json())
    for one in ids:
        text = re.sub(rf"(?<![0-9]){one}(?![0-9])", "<id>", text)
    return text


def test_a_club_cannot_add_another_clubs_player_by_id(clubs: TwoClubs) -> None:
    """The id of another club's player is answered exactly as an id never used."""
    url = reverse("api_membership_list", args=[clubs.b.slug])
    taken = clubs.b_admin.post(url, {"player": clubs.rita.pk, "role": "player"}, format="json")
    unused = max(Player.objects.values_list("pk", flat=True)) + 1000
    missing = clubs.b_admin.post(url, {"player": unused, "role": "player"}, format="json")
    assert taken.status_code == missing.status_code == 400, taken.json()
    assert (taken.json()["code"], taken.json()["field"]) == ("unknown_player", "player")
    ids = (clubs.rita.pk, unused)
    assert body_without(taken, *ids) == body_without(missing, *ids)
    rita_as_club_a_knows_her(clubs)


def test_a_club_adds_a_player_of_no_club_by_id(clubs: TwoClubs) -> None:
    player = PlayerFactory.create()
    url = reverse("api_membership_list", args=[clubs.b.slug])
    response = clubs.b_admin.post(url, {"player": player.pk}, format="json")
    assert response.status_code == 201, response.json()
    assert Membership.objects.filter(club=clubs.b, player=player).exists()


def test_a_club_cannot_add_another_clubs_player_by_username(clubs: TwoClubs) -> None:
    assert clubs.rita.user is not None
    response = clubs.b_admin.post(
        reverse("api_player_list", args=[clubs.b.slug]),
        {"display_name": "Mallory", "username": clubs.rita.user.username, "role": "club_admin"},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["field"]) == ("player_in_other_club", "username")
    assert "invitation" in body["message"]
    rita_as_club_a_knows_her(clubs)
    assert not Player.objects.filter(display_name="Mallory").exists()


@pytest.mark.parametrize(
    "changes",
    [{"display_name": "Mallory"}, {"email": "mallory@b.example"}, {"username": ""}],
    ids=["name", "email", "account"],
)
def test_a_club_cannot_change_a_player_who_also_plays_in_another_club(
    clubs: TwoClubs, changes: dict[str, str]
) -> None:
    """Rita joined club B too (as she may): B's director still cannot rename her, send her
    email elsewhere, or unlink her account (that needs a club admin, who is refused too)."""
    MembershipFactory.create(club=clubs.b, player=clubs.rita)
    url = reverse("api_player_detail", args=[clubs.b.slug, clubs.rita.pk])
    client = clubs.b_admin if "username" in changes else clubs.b_director
    response = client.patch(url, changes, format="json")
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["field"]) == ("shared_player", next(iter(changes)))
    rita = Player.objects.get(pk=clubs.rita.pk)
    assert (rita.display_name, rita.email, rita.user) == (
        "Rita Melanson",
        "rita@a.example",
        clubs.rita.user,
    )


def test_a_player_of_one_club_only_is_still_edited_by_its_director(clubs: TwoClubs) -> None:
    own = MembershipFactory.create(club=clubs.b, player__display_name="Desmond")
    url = reverse("api_player_detail", args=[clubs.b.slug, own.player_id])
    response = clubs.b_director.patch(
        url, {"display_name": "Desmond Walsh", "email": "d@b.example"}, format="json"
    )
    assert response.status_code == 200, response.json()
    own.player.refresh_from_db()
    assert (own.player.display_name, own.player.email) == ("Desmond Walsh", "d@b.example")


def test_another_clubs_player_is_not_found_through_this_club(clubs: TwoClubs) -> None:
    url = reverse("api_player_detail", args=[clubs.b.slug, clubs.rita.pk])
    response = clubs.b_director.patch(url, {"display_name": "Mallory"}, format="json")
    assert response.status_code == 404
    rita_as_club_a_knows_her(clubs)
