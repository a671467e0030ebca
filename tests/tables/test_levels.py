"""The computers' levels at the tables: offered by the forms, the lobby and the API with each
one's strength in words (English and French), club by default, the older names accepted, an
unknown name refused with a code."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from rest_framework.test import APIClient

from club.models import Membership
from tables import services
from tables.bot_moves import DEFAULT_BOT
from tables.forms import TableForm
from tables.levels import LEVEL_STRENGTHS, level_choices, level_help
from tables.member_forms import FriendlyForm, PracticeForm
from tables.models import LiveTable
from tables.naming import seat_name
from tables.services import SeatSpec
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.django_db

STRENGTHS_FR = {
    "beginner": "Joue comme un débutant",
    "club": "Un joueur de club solide",
    "expert": "Réfléchit le plus",
}

TABLE = {"rules": "game:auction45", "when": "now", "turn_seconds": 60, "grace_seconds": 120}


def _member() -> Membership:
    return MembershipFactory.create(club=ClubFactory.create(), with_account=True)


def _user(member: Membership) -> User:
    user = member.player.user
    assert user is not None
    return user


def _open_table(member: Membership, seats: list[SeatSpec]) -> LiveTable:
    """An open bid whist table of ``member``'s club, not started."""
    return services.table_create(
        club=member.club,
        by=None,
        scheduled_at=timezone.now() - timedelta(minutes=1),
        game_id="bidwhist",
        seats=seats,
    )


def test_the_product_default_is_the_club_level() -> None:
    member = _member()
    assert DEFAULT_BOT == "club"
    table = services.practice_start(club=member.club, by=_user(member), game_id="pitch52")
    assert {s.bot_name for s in table.seats.all() if s.player_id is None} == {"club"}
    empty = _open_table(member, [SeatSpec()] * 4)
    assert services.seats_fill_with_bots(table_id=empty.pk) == 4
    assert set(empty.seats.values_list("bot_name", flat=True)) == {"club"}


def test_the_levels_are_offered_easiest_first_with_club_chosen() -> None:
    member = _member()
    for field in (
        PracticeForm(clubs=[member.club]).fields["level"],
        FriendlyForm(club=member.club, me=member.player).fields["bot_name"],
    ):
        assert [key for key, _ in field.choices] == ["beginner", "club", "expert"]  # type: ignore[attr-defined]
        assert field.initial == "club"
        assert "newcomer" in str(field.help_text)


@pytest.mark.parametrize("level", ["beginner", "club", "expert", "random", "rule", "search"])
def test_the_forms_accept_every_level_and_the_older_names(level: str) -> None:
    member = _member()
    practice = PracticeForm(
        {"at_club": member.club.slug, "rules": "game:auction45", "level": level},
        clubs=[member.club],
    )
    assert practice.is_valid(), practice.errors
    assert practice.cleaned_data["level"] == level
    table = TableForm({**TABLE, "seat_1": f"bot:{level}"}, club=member.club)
    assert table.is_valid(), table.errors
    assert table.seats(4)[1] == SeatSpec(bot=level)


def test_the_forms_refuse_an_unknown_computer_with_a_code() -> None:
    member = _member()
    practice = PracticeForm(
        {"at_club": member.club.slug, "rules": "game:auction45", "level": "genius"},
        clubs=[member.club],
    )
    assert not practice.is_valid()
    assert practice.errors.as_data()["level"][0].code == "invalid_choice"
    table = TableForm({**TABLE, "seat_1": "bot:genius"}, club=member.club)
    assert not table.is_valid()
    assert table.errors.as_data()["seat_1"][0].code == "invalid_choice"


def test_practice_with_an_unknown_level_says_why_and_starts_nothing() -> None:
    member = _member()
    client = Client()
    client.force_login(_user(member))
    response = client.post(
        reverse("table_practice"),
        {"at_club": member.club.slug, "rules": "game:auction45", "level": "genius"},
    )
    assert response.status_code == 302
    assert not LiveTable.objects.exists()


def test_the_lobby_offers_the_levels_in_words() -> None:
    member = _member()
    client = Client()
    client.force_login(_user(member))
    page = client.get(reverse("table_lobby")).content.decode()
    assert re.search(r'<option value="club" selected>Club</option>', page)
    for key in ("beginner", "club", "expert"):
        assert LEVEL_STRENGTHS[key].split(":")[0] in page


def test_the_director_form_says_what_each_level_is_like() -> None:
    form = TableForm(club=ClubFactory.create())
    assert form.level_help == level_help()
    assert all(LEVEL_STRENGTHS[key] in form.level_help for key in LEVEL_STRENGTHS)


def test_the_levels_and_their_strengths_read_in_french() -> None:
    with translation.override("fr"):
        assert [label for _, label in level_choices()] == ["Débutant", "Club", "Expert"]
        words = level_help()
    assert all(STRENGTHS_FR[key] in words for key in STRENGTHS_FR)


@pytest.mark.parametrize(
    ("bot", "english", "french"),
    [
        ("club", "Computer East, club", "Ordinateur Est, club"),
        ("beginner", "Computer East, beginner", "Ordinateur Est, débutant"),
        ("expert", "Computer East, expert", "Ordinateur Est, expert"),
        ("search", "Computer East, expert", "Ordinateur Est, expert"),
    ],
)
def test_a_computer_seat_is_named_by_its_level(bot: str, english: str, french: str) -> None:
    member = _member()
    seat = _open_table(member, [SeatSpec(), SeatSpec(bot=bot)]).seats.get(index=1)
    assert seat_name(seat, 4) == english
    with translation.override("fr"):
        assert seat_name(seat, 4) == french


def _api(member: Membership) -> APIClient:
    client = APIClient()
    client.force_authenticate(_user(member))
    return client


@pytest.mark.parametrize("level", ["beginner", "expert", "rule", "search"])
def test_the_api_accepts_every_level_and_the_older_names(level: str) -> None:
    member = _member()
    url = f"/api/clubs/{member.club.slug}/tables/"
    body = {"kind": "practice", "game": "pitch52", "bot": level}
    response = _api(member).post(url, body, format="json")
    assert response.status_code == 201, response.json()
    table = LiveTable.objects.get(pk=response.json()["id"])
    assert {s.bot_name for s in table.seats.all() if s.player_id is None} == {level}


def test_the_api_refuses_an_unknown_level_with_a_code_and_documents_the_levels() -> None:
    member = _member()
    url = f"/api/clubs/{member.club.slug}/tables/"
    body = {"kind": "practice", "game": "pitch52", "bot": "genius"}
    response = _api(member).post(url, body, format="json")
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == ("invalid_choice", "bot")
    schema = _api(member).get("/api/schema/", {"format": "json"}).json()
    bots = schema["components"]["schemas"]["BotEnum"]["enum"]
    assert bots[:3] == ["beginner", "club", "expert"]
    assert {"random", "rule", "search"} <= set(bots)
