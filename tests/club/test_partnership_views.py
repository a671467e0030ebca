"""Partnership pages: create, edit and delete sides of two or three members."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Membership, Partnership
from tests.factories import MembershipFactory, PartnershipFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Membership:
    membership = MembershipFactory.create(role="director", with_account=True)
    assert membership.player.user is not None
    client.force_login(membership.player.user)
    return membership


def test_create_edit_and_delete(client: Client, director: Membership) -> None:
    club = director.club
    a, b, c = (MembershipFactory.create(club=club).player for _ in range(3))
    client.post(
        reverse("partnership_add", args=[club.slug]), {"name": "Pair", "players": [a.pk, b.pk]}
    )
    pair = Partnership.objects.get(club=club, name="Pair")
    assert set(pair.players.all()) == {a, b}
    client.post(
        reverse("partnership_edit", args=[club.slug, pair.pk]),
        {"name": "Trio", "players": [a.pk, b.pk, c.pk]},
    )
    pair.refresh_from_db()
    assert pair.name == "Trio" and pair.players.count() == 3
    client.post(reverse("partnership_delete", args=[club.slug, pair.pk]))
    assert not Partnership.objects.filter(pk=pair.pk).exists()


def test_wrong_size_is_shown_on_the_form(client: Client, director: Membership) -> None:
    club = director.club
    only = MembershipFactory.create(club=club).player
    response = client.post(
        reverse("partnership_add", args=[club.slug]), {"name": "Solo", "players": [only.pk]}
    )
    assert "A partnership has 2 or 3 players, not 1." in response.content.decode()
    assert not Partnership.objects.filter(name="Solo").exists()


def test_players_of_another_club_are_not_offered(client: Client, director: Membership) -> None:
    stranger = MembershipFactory.create(player__display_name="Stranger Danger").player
    page = client.get(reverse("partnership_add", args=[director.club.slug])).content.decode()
    assert "Stranger Danger" not in page
    response = client.post(
        reverse("partnership_add", args=[director.club.slug]),
        {"name": "Mixed", "players": [director.player_id, stranger.pk]},
    )
    assert response.status_code == 200
    assert not Partnership.objects.filter(name="Mixed").exists()


def test_another_clubs_partnership_is_404(client: Client, director: Membership) -> None:
    other = PartnershipFactory.create()
    url = reverse("partnership_edit", args=[director.club.slug, other.pk])
    assert client.get(url).status_code == 404
