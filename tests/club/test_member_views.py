"""Adding and editing players, the CSV import page and roles, through the pages."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from club.models import Membership, Player
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(client: Client) -> Membership:
    membership = MembershipFactory.create(role="club_admin", with_account=True)
    assert membership.player.user is not None
    client.force_login(membership.player.user)
    return membership


@pytest.fixture
def director(client: Client) -> Membership:
    membership = MembershipFactory.create(role="director", with_account=True)
    assert membership.player.user is not None
    client.force_login(membership.player.user)
    return membership


def test_an_admin_adds_a_player_with_role_and_account(client: Client, admin: Membership) -> None:
    UserFactory.create(username="rita")
    url = reverse("member_add", args=[admin.club.slug])
    response = client.post(
        url,
        {"display_name": "Rita Melanson", "email": "", "username": "rita", "role": "scorer"},
    )
    assert response.status_code == 302
    membership = Membership.objects.get(club=admin.club, player__display_name="Rita Melanson")
    assert membership.role == "scorer"
    assert membership.player.user is not None and membership.player.user.username == "rita"


def test_a_director_adds_players_without_choosing_role_or_account(
    client: Client, director: Membership
) -> None:
    url = reverse("member_add", args=[director.club.slug])
    html = client.get(url).content.decode()
    assert 'name="display_name"' in html
    assert 'name="role"' not in html and 'name="username"' not in html
    client.post(url, {"display_name": "Desmond Walsh", "role": "club_admin", "username": "x"})
    membership = Membership.objects.get(player__display_name="Desmond Walsh")
    assert membership.role == "player"
    assert membership.player.user is None


def test_form_errors_are_shown_and_nothing_is_saved(client: Client, admin: Membership) -> None:
    url = reverse("member_add", args=[admin.club.slug])
    response = client.post(
        url,
        {"display_name": "Rita", "email": "not-an-email", "username": "ghost", "role": "player"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Enter a valid email address." in html
    response = client.post(url, {"display_name": "Rita", "username": "ghost", "role": "player"})
    assert "There is no sign-in account called &#x27;ghost&#x27;." in response.content.decode()
    assert not Player.objects.filter(display_name="Rita").exists()


def test_a_director_edits_a_member(client: Client, director: Membership) -> None:
    member = MembershipFactory.create(club=director.club, player__display_name="Rita")
    url = reverse("member_edit", args=[director.club.slug, member.player_id])
    assert 'value="Rita"' in client.get(url).content.decode()
    client.post(url, {"display_name": "Rita Melanson", "email": "rita@example.org"})
    member.player.refresh_from_db()
    assert (member.player.display_name, member.player.email) == (
        "Rita Melanson",
        "rita@example.org",
    )


def test_another_clubs_player_cannot_be_edited(client: Client, director: Membership) -> None:
    elsewhere = MembershipFactory.create()
    url = reverse("member_edit", args=[director.club.slug, elsewhere.player_id])
    assert client.get(url).status_code == 404


def test_import_with_a_bad_row_lists_it_and_saves_nothing(
    client: Client, admin: Membership
) -> None:
    url = reverse("members_import", args=[admin.club.slug])
    bad = SimpleUploadedFile("p.csv", b"name,email\nRita,rita@example.org\nDes,not-mail\n")
    response = client.post(url, {"file": bad})
    html = response.content.decode()
    assert response.status_code == 400
    assert "Nothing was imported." in html
    assert "<td>3</td><td>email</td>" in html
    assert not Player.objects.filter(display_name="Rita").exists()
    good = SimpleUploadedFile("p.csv", b"name,email\nRita,rita@example.org\nDes,\n")
    response = client.post(url, {"file": good})
    assert response.status_code == 302
    assert admin.club.memberships.count() == 3


def test_roles_page_changes_a_role_and_keeps_the_last_admin(
    client: Client, admin: Membership
) -> None:
    member = MembershipFactory.create(club=admin.club)
    html = client.get(reverse("role_list", args=[admin.club.slug])).content.decode()
    assert reverse("role_change", args=[admin.club.slug, member.pk]) in html
    client.post(reverse("role_change", args=[admin.club.slug, member.pk]), {"role": "director"})
    member.refresh_from_db()
    assert member.role == "director"
    response = client.post(
        reverse("role_change", args=[admin.club.slug, admin.pk]), {"role": "player"}
    )
    assert "needs at least one club admin" in response.content.decode()
    admin.refresh_from_db()
    assert admin.role == "club_admin"


def test_removing_a_member_asks_first(client: Client, admin: Membership) -> None:
    member = MembershipFactory.create(club=admin.club, player__display_name="Rita")
    url = reverse("member_remove", args=[admin.club.slug, member.pk])
    assert "Remove Rita from" in client.get(url).content.decode()
    assert Membership.objects.filter(pk=member.pk).exists()
    client.post(url)
    assert not Membership.objects.filter(pk=member.pk).exists()


def test_an_admin_cannot_add_another_clubs_player_by_account(
    client: Client, admin: Membership
) -> None:
    elsewhere = MembershipFactory.create(with_account=True, player__display_name="Rita")
    assert elsewhere.player.user is not None
    url = reverse("member_add", args=[admin.club.slug])
    response = client.post(
        url,
        {
            "display_name": "Mallory",
            "email": "",
            "username": elsewhere.player.user.username,
            "role": "club_admin",
        },
    )
    assert response.status_code == 200
    assert "invitation" in response.content.decode()
    assert not Membership.objects.filter(club=admin.club, player=elsewhere.player).exists()


def test_a_director_cannot_rename_a_member_who_also_plays_in_another_club(
    client: Client, director: Membership
) -> None:
    member = MembershipFactory.create(
        club=director.club, player__display_name="Rita", player__email="rita@a.example"
    )
    MembershipFactory.create(player=member.player)  # Rita's other club
    url = reverse("member_edit", args=[director.club.slug, member.player_id])
    response = client.post(url, {"display_name": "Mallory", "email": "mallory@b.example"})
    assert response.status_code == 200
    assert "also a member of another club" in response.content.decode()
    member.player.refresh_from_db()
    assert (member.player.display_name, member.player.email) == ("Rita", "rita@a.example")


def test_an_admin_changes_the_role_of_a_member_who_also_plays_in_another_club(
    client: Client, admin: Membership
) -> None:
    """The edit form sends the name and email as they are: not a change, so the role saves."""
    member = MembershipFactory.create(club=admin.club, player__display_name="Rita")
    MembershipFactory.create(player=member.player)
    url = reverse("member_edit", args=[admin.club.slug, member.player_id])
    response = client.post(
        url,
        {"display_name": "Rita", "email": member.player.email, "username": "", "role": "scorer"},
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.role == "scorer"
