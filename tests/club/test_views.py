"""Club pages: the public club page, and the member list answering htmx with its fragment."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Membership
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def signed_in(client: Client, membership: Membership) -> Client:
    assert membership.player.user is not None
    client.force_login(membership.player.user)
    return client


def test_the_public_club_page_shows_no_members(client: Client) -> None:
    club = ClubFactory.create(description="Tuesdays at 7 in the parish hall.")
    MembershipFactory.create(club=club, player__display_name="Desmond Walsh")
    response = client.get(reverse("club_detail", args=[club.slug]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Tuesdays at 7 in the parish hall." in html
    assert f'href="{reverse("event_list")}"' in html
    assert "Desmond Walsh" not in html
    assert reverse("member_list", args=[club.slug]) not in html
    assert "Sign in</a> to see the members" in html


def test_the_club_page_leads_members_to_their_pages(client: Client) -> None:
    admin = MembershipFactory.create(role="club_admin", with_account=True)
    html = signed_in(client, admin).get(reverse("club_detail", args=[admin.club.slug]))
    text = html.content.decode()
    for name in ("member_list", "partnership_list", "rule_set_list", "role_list"):
        assert f'href="{reverse(name, args=[admin.club.slug])}"' in text


def test_an_outsider_sees_the_page_without_the_member_links(client: Client) -> None:
    club = ClubFactory.create()
    client.force_login(UserFactory.create())
    html = client.get(reverse("club_detail", args=[club.slug])).content.decode()
    assert "for members of the club" in html
    assert reverse("member_list", args=[club.slug]) not in html


def test_member_search_over_htmx_returns_only_the_results(client: Client) -> None:
    viewer = MembershipFactory.create(with_account=True, player__display_name="Gerald LeBlanc")
    club = viewer.club
    MembershipFactory.create(club=club, player__display_name="Maureen Doucette")
    MembershipFactory.create(club=club, player__display_name="Rita Melanson")
    response = signed_in(client, viewer).get(
        reverse("member_list", args=[club.slug]), {"q": "mau"}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="results"')
    assert "Maureen Doucette" in html
    assert "Rita Melanson" not in html
    assert "<html" not in html
    assert response["Vary"].count("HX-Request") == 1


def test_member_search_without_javascript_renders_the_page(client: Client) -> None:
    viewer = MembershipFactory.create(with_account=True, role="director")
    club = viewer.club
    MembershipFactory.create(club=club, player__display_name="Maureen Doucette", role="director")
    MembershipFactory.create(
        club=club, player__display_name="Rita Melanson", player__email="r@x.org"
    )
    url = reverse("member_list", args=[club.slug])
    html = signed_in(client, viewer).get(url, {"q": "x.org"}).content.decode()
    assert "<html" in html
    assert f'action="{url}"' in html  # the form works without htmx
    assert "Rita Melanson" in html and "Maureen Doucette" not in html
    html = client.get(url, {"role": "director"}).content.decode()
    assert "Maureen Doucette" in html and "Rita Melanson" not in html


def test_players_do_not_see_emails_or_edit_links(client: Client) -> None:
    viewer = MembershipFactory.create(with_account=True)
    MembershipFactory.create(club=viewer.club, player__email="secret@example.org")
    html = signed_in(client, viewer).get(reverse("member_list", args=[viewer.club.slug]))
    text = html.content.decode()
    assert "secret@example.org" not in text
    assert reverse("member_add", args=[viewer.club.slug]) not in text


def test_unknown_club_is_404(client: Client) -> None:
    assert client.get(reverse("club_detail", args=["nowhere"])).status_code == 404


def test_api_token_page_creates_and_replaces_the_token(client: Client) -> None:
    from rest_framework.authtoken.models import Token

    user = UserFactory.create()
    client.force_login(user)
    assert "You have no token yet" in client.get(reverse("api_token")).content.decode()
    client.post(reverse("api_token"))
    first = Token.objects.get(user=user).key
    assert first in client.get(reverse("api_token")).content.decode()
    client.post(reverse("api_token"))
    assert Token.objects.get(user=user).key != first


def test_a_token_rotation_that_fails_midway_keeps_the_old_token(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rest_framework.authtoken.models import Token

    user = UserFactory.create()
    old = Token.objects.create(user=user).key
    client.force_login(user)

    def broken(self: Token) -> str:
        raise RuntimeError("no randomness today")

    monkeypatch.setattr(Token, "generate_key", broken)
    with pytest.raises(RuntimeError):
        client.post(reverse("api_token"))
    assert Token.objects.get(user=user).key == old
