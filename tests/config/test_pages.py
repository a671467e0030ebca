"""Smoke tests of the site's pages and API documentation."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from drf_spectacular.validation import validate_schema

from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.tournaments.factories import published_tonight
from tournaments.models import Match, Seating

pytestmark = pytest.mark.django_db


def test_home_page_says_what_kitty_is_and_links_onwards(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Auction Forty-Fives" in html
    for name in ("club_list", "event_list", "api_docs", "sign_in"):
        assert f'href="{reverse(name)}"' in html
    assert "htmx" in html  # the script is served from our static
    assert 'hx-headers=\'{"X-CSRFToken": "' in html


def test_home_page_greets_a_signed_in_user(client: Client) -> None:
    client.force_login(UserFactory.create(username="maureen"))
    html = client.get("/").content.decode()
    assert "Signed in as <strong>maureen</strong>" in html


def test_home_page_tells_a_seated_player_where_they_sit_tonight(client: Client) -> None:
    tonight = published_tonight()
    round_, setup = tonight.round, tonight.setup
    seat = Seating.objects.get(round=round_, player=tonight.player)
    partner = Seating.objects.exclude(pk=seat.pk).get(round=round_, side=seat.side).player
    assert partner is not None
    sheet_id = Match.objects.get(round=round_).sheet_id
    client.force_login(tonight.user)

    html = " ".join(client.get("/").content.decode().split())

    compass = ("North", "East", "South", "West")[seat.seat]
    said = f"Tonight: round 1, table 1, {compass}, partner {partner.display_name}"
    assert said in html
    hand_page = reverse("sheet_hand", args=[setup.club.slug, sheet_id])
    assert f'href="{hand_page}"' in html
    client.force_login(UserFactory.create())
    assert "Tonight:" not in client.get("/").content.decode()


def test_the_welcome_names_the_person_not_their_username(client: Client) -> None:
    player = MembershipFactory.create(
        with_account=True, player__display_name="Maureen Doucette"
    ).player
    assert player.user is not None
    client.force_login(player.user)
    assert "Welcome back, Maureen Doucette." in client.get("/").content.decode()
    client.force_login(UserFactory.create(username="gl", first_name="Gerald", last_name="LeBlanc"))
    assert "Welcome back, Gerald LeBlanc." in client.get("/").content.decode()
    client.force_login(UserFactory.create(username="maureen"))
    assert "Welcome back, maureen." in client.get("/").content.decode()


def test_sign_in_page_shows_the_form(client: Client) -> None:
    response = client.get(reverse("sign_in"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="username"' in html
    assert 'name="password"' in html


def test_sign_out_asks_on_get_and_signs_out_on_post(client: Client) -> None:
    client.force_login(UserFactory.create())
    assert "Sign out" in client.get(reverse("sign_out")).content.decode()
    response = client.post(reverse("sign_out"))
    assert response.status_code == 200
    assert "You have signed out" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_api_schema_is_valid_openapi(client: Client) -> None:
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = json.loads(response.content)
    validate_schema(schema)
    assert schema["openapi"].startswith("3.")
    assert "/api/clubs/" in schema["paths"]


def test_api_docs_are_served_from_our_own_static(client: Client) -> None:
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
    assert "cdn" not in html.lower()
    assert "https://" not in html


def test_club_api_lists_clubs(client: Client) -> None:
    ClubFactory.create(name="Tuesday Night 45s Club", slug="tuesday")
    response = client.get("/api/clubs/")
    assert response.status_code == 200
    assert [club["slug"] for club in response.json()] == ["tuesday"]


def test_unknown_address_gets_our_404_page(client: Client) -> None:
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_clubs_and_events_pages_list(client: Client) -> None:
    club = ClubFactory.create(name="Pitch Pals")
    assert "Pitch Pals" in client.get(reverse("club_list")).content.decode()
    assert client.get(reverse("club_detail", args=[club.slug])).status_code == 200
    assert client.get(reverse("event_list")).status_code == 200
