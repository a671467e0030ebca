"""The club's rules for members' tables: the service, the directors' page and the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from club.models import Club, Player
from club.table_settings import TableSettingsError, club_table_settings_set
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db

SETTINGS = ("members_start_tables", "member_table_limit", "friendly_tables_listed")


def member(role: str, club: Club | None = None) -> User:
    extra: dict[str, Any] = {} if club is None else {"club": club}
    user = MembershipFactory.create(role=role, with_account=True, **extra).player.user
    assert user is not None
    return user


@pytest.fixture
def club() -> Club:
    return ClubFactory.create()


def stored(club: Club) -> tuple[Any, ...]:
    club.refresh_from_db()
    return tuple(getattr(club, field) for field in SETTINGS)


# --- The service ---------------------------------------------------------------------------


def test_a_director_sets_the_three_settings(club: Club) -> None:
    club_table_settings_set(
        club=club,
        by=member("director", club),
        members_start_tables=False,
        member_table_limit=7,
        friendly_tables_listed=False,
    )
    assert stored(club) == (False, 7, False)


@pytest.mark.parametrize("limit", [0, 21, -3, True])
def test_a_limit_out_of_range_is_refused_and_nothing_changes(club: Club, limit: int) -> None:
    before = stored(club)
    with pytest.raises(TableSettingsError) as refused:
        club_table_settings_set(
            club=club,
            by=member("club_admin", club),
            members_start_tables=not before[0],
            member_table_limit=limit,
            friendly_tables_listed=not before[2],
        )
    assert (refused.value.code, refused.value.field, refused.value.status) == (
        "bad_limit",
        "member_table_limit",
        400,
    )
    assert stored(club) == before


@pytest.mark.parametrize("role", ["player", "scorer"])
def test_only_directors_and_admins_set_them(club: Club, role: str) -> None:
    before = stored(club)
    with pytest.raises(TableSettingsError) as refused:
        club_table_settings_set(
            club=club,
            by=member(role, club),
            members_start_tables=False,
            member_table_limit=5,
            friendly_tables_listed=False,
        )
    assert (refused.value.code, refused.value.status) == ("not_a_director", 403)
    assert stored(club) == before


# --- The page ------------------------------------------------------------------------------


def page(club: Club) -> str:
    return reverse("club_table_settings", args=[club.slug])


def test_a_director_saves_the_page_and_sees_a_message(client: Client, club: Club) -> None:
    client.force_login(member("director", club))
    assert f'href="{page(club)}"' in client.get(reverse("club_detail", args=[club.slug])).text
    form = client.get(page(club)).text
    assert "Tables per member" in form and "How many tables a member may have open" in form
    response = client.post(
        page(club), {"members_start_tables": "on", "member_table_limit": "5"}, follow=True
    )
    assert response.redirect_chain[-1][0] == page(club)
    assert "The club&#x27;s table settings are saved." in response.text
    assert stored(club) == (True, 5, False)


def test_a_player_may_neither_open_nor_post_the_page(client: Client, club: Club) -> None:
    before = stored(club)
    client.force_login(member("player", club))
    assert client.get(page(club)).status_code == 403
    assert client.post(page(club), {"member_table_limit": "9"}).status_code == 403
    assert stored(club) == before
    assert page(club) not in client.get(reverse("club_detail", args=[club.slug])).text


def test_a_bad_limit_shows_the_field_error_and_changes_nothing(client: Client, club: Club) -> None:
    before = stored(club)
    client.force_login(member("director", club))
    response = client.post(page(club), {"member_table_limit": "21"})
    assert response.status_code == 200
    form = response.context["form"]
    assert form.has_error("member_table_limit")
    assert "member_table_limit" in form.errors and len(form.errors) == 1
    assert stored(club) == before


def test_the_page_reads_in_french(client: Client, club: Club) -> None:
    director = member("director", club)
    Player.objects.filter(user=director).update(language="fr")  # the member reads French
    client.force_login(director)
    html = client.get(page(club)).text
    assert "Tables par membre" in html
    assert "Combien de tables un membre peut avoir ouvertes" in html


# --- The API -------------------------------------------------------------------------------


def api(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def address(club: Club) -> str:
    return reverse("api_table_settings", args=[club.slug])


def test_a_member_reads_the_settings(club: Club) -> None:
    response = api(member("player", club)).get(address(club))
    assert response.status_code == 200
    assert response.json() == {
        "members_start_tables": True,
        "member_table_limit": 3,
        "friendly_tables_listed": True,
    }


def test_a_director_changes_one_setting_and_keeps_the_others(club: Club) -> None:
    response = api(member("director", club)).patch(
        address(club), {"member_table_limit": 12}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["member_table_limit"] == 12
    assert stored(club) == (True, 12, True)


def test_a_player_may_not_change_them(club: Club) -> None:
    response = api(member("player", club)).patch(
        address(club), {"members_start_tables": False}, format="json"
    )
    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"
    assert stored(club) == (True, 3, True)


def test_a_bad_limit_answers_400_with_its_code(club: Club) -> None:
    response = api(member("club_admin", club)).patch(
        address(club), {"member_table_limit": 50, "members_start_tables": False}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["field"]) == ("bad_limit", "member_table_limit")
    assert stored(club) == (True, 3, True)


def test_an_unknown_club_is_not_found_and_another_club_is_refused(club: Club) -> None:
    director = api(member("director"))
    missing = director.get(reverse("api_table_settings", args=["no-such-club"]))
    assert missing.status_code == 404
    assert missing.json()["code"] == "not_found"
    other = director.patch(address(club), {"member_table_limit": 9}, format="json")
    assert other.status_code == 403
    assert director.get(address(club)).status_code == 403
    assert stored(club) == (True, 3, True)


def test_saving_nudges_the_clubs_lobbies_once_it_commits(
    club: Club, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    sent: list[list[tuple[str, dict[str, str]]]] = []
    monkeypatch.setattr("tables.notify.send", sent.append)
    director = member("director", club)
    with django_capture_on_commit_callbacks(execute=True):
        club_table_settings_set(
            club=club,
            by=director,
            members_start_tables=True,
            member_table_limit=4,
            friendly_tables_listed=False,
        )
    assert sent == [[(f"lobby-club-{club.pk}", {"type": "lobby.changed"})]]
