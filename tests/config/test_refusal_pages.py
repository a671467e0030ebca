"""The 403 and 404 pages say what the visitor may do next, and /favicon.ico answers."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.staticfiles import finders
from django.core.exceptions import PermissionDenied
from django.test import Client, RequestFactory
from django.urls import reverse

from config import views
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def test_404_offers_sign_in_the_clubs_and_home_to_a_visitor(client: Client) -> None:
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "What you can do" in html
    assert f'href="{reverse("sign_in")}?next=/no/such/page/"' in html
    assert f'href="{reverse("club_list")}"' in html
    assert "home page" in html


def test_404_sends_a_member_to_their_own_club(client: Client) -> None:
    membership = MembershipFactory.create(with_account=True, club__name="Tignish Legion")
    ClubFactory.create(name="Somebody Else's Club")
    user = membership.player.user
    assert user is not None
    client.force_login(user)
    html = client.get("/no/such/page/").content.decode()
    assert f'href="{reverse("club_detail", args=[membership.club.slug])}"' in html
    assert "Tignish Legion" in html
    assert "Somebody Else" not in html
    assert "?next=" not in html


def test_404_under_the_api_stays_json(client: Client) -> None:
    response = client.get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_403_shows_the_refusal_and_the_ways_on() -> None:
    request = RequestFactory().get("/clubs/x/members/")
    request.user = AnonymousUser()
    response = views.permission_denied(request, PermissionDenied("Only the club's directors."))
    assert response.status_code == 403
    html = response.content.decode()
    assert "Only the club&#x27;s directors." in html
    assert "What you can do" in html
    assert "?next=/clubs/x/members/" in html


def test_a_page_view_refusing_a_visitor_answers_the_styled_403(client: Client) -> None:
    club = ClubFactory.create()
    response = client.get(reverse("member_list", args=[club.slug]))
    assert response.status_code in (302, 403)
    if response.status_code == 403:
        assert "What you can do" in response.content.decode()


def test_a_form_with_a_stale_csrf_token_answers_the_styled_403() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("sign_out"))
    assert response.status_code == 403
    html = response.content.decode()
    assert "Form expired" in html
    assert "send the form again" in html
    assert "What you can do" in html
    assert "CSRF cookie not set" not in html


def test_favicon_ico_is_the_sites_icon(client: Client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    icon = finders.find("kitty/favicon.svg")
    assert isinstance(icon, str)
    with open(icon, "rb") as source:
        assert b"".join(response) == source.read()
