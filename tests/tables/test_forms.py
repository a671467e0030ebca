"""The new-table form: the club's rules first, the seats of the chosen game, start now."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from engine.rules.table import seat_compass
from tables.forms import TableForm
from tables.models import LiveTable, TableStatus
from tables.services import table_create
from tests.factories import ClubFactory, MembershipFactory, RuleSetFactory

pytestmark = pytest.mark.django_db

SIX_HAND = {"players": 6, "target": 125}


def _director_client() -> tuple[Client, Any]:
    director = MembershipFactory.create(role="director", with_account=True)
    assert director.player.user is not None
    client = Client()
    client.force_login(director.player.user)
    return client, director.club


def test_seats_are_named_clockwise_with_partners_across() -> None:
    assert seat_compass(4) == ("North", "East", "South", "West")
    assert seat_compass(6)[0] == "North" and seat_compass(6)[3] == "South"
    assert len(set(seat_compass(3))) == 3
    assert seat_compass(8)[7] == "Seat 8"


def test_the_clubs_default_rules_come_first_and_are_chosen() -> None:
    club = ClubFactory.create()
    RuleSetFactory.create(club=club, name="Six-hand 45s", options=SIX_HAND)
    house = RuleSetFactory.create(club=club, name="House", is_default=True)
    form = TableForm(club=club)
    choices = [key for key, _ in form.fields["rules"].choices]  # type: ignore[attr-defined]
    assert choices[0] == f"rules:{house.pk}"
    assert form.fields["rules"].initial == f"rules:{house.pk}"
    labels = dict(form.fields["rules"].choices)  # type: ignore[attr-defined]
    assert labels[f"rules:{house.pk}"].endswith("House (club default)")


def test_without_a_default_the_clubs_usual_games_standard_rules_are_chosen() -> None:
    club = ClubFactory.create()
    assert TableForm(club=club).fields["rules"].initial == "game:auction45"
    for _ in range(2):
        table_create(club=club, by=None, scheduled_at=timezone.now(), game_id="pitch52")
    assert TableForm(club=club).fields["rules"].initial == "game:pitch52"


def test_a_four_seat_game_shows_four_seats_named_by_compass() -> None:
    client, club = _director_client()
    RuleSetFactory.create(club=club, name="Six-hand 45s", options=SIX_HAND)
    html = client.get(reverse("table_new", args=[club.slug])).content.decode()
    shown = re.findall(r'<div data-seat="(\d)">', html)
    hidden = re.findall(r'<div data-seat="(\d)" hidden>', html)
    assert (shown, hidden) == (["0", "1", "2", "3"], ["4", "5"])
    assert '<label for="id_seat_0">North</label>' in html
    assert 'data-seats="6"' in html and 'data-compass="North,North-East,' in html


def test_start_now_opens_the_table_at_once() -> None:
    client, club = _director_client()
    before = timezone.now()
    response = client.post(
        reverse("table_new", args=[club.slug]),
        {"rules": "game:auction45", "when": "now", "turn_seconds": 60, "grace_seconds": 120},
    )
    table = LiveTable.objects.get()
    assert response.status_code == 302
    assert table.status == TableStatus.OPEN
    assert before <= table.scheduled_at <= timezone.now()


def test_a_set_time_must_be_given() -> None:
    client, club = _director_client()
    response = client.post(
        reverse("table_new", args=[club.slug]),
        {"rules": "game:auction45", "when": "later", "turn_seconds": 60, "grace_seconds": 120},
    )
    assert response.status_code == 200
    assert "Give the time the table opens" in response.content.decode()
    assert not LiveTable.objects.exists()


def test_a_seat_the_game_does_not_have_is_refused_on_that_seat() -> None:
    client, club = _director_client()
    response = client.post(
        reverse("table_new", args=[club.slug]),
        {
            "rules": "game:auction45",
            "when": "now",
            "turn_seconds": 60,
            "grace_seconds": 120,
            "seat_4": "bot:rule",
        },
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "seats 4 players: leave this seat empty." in html
    assert '<div data-seat="4">' in html  # the seat at fault is shown with its error
    assert not LiveTable.objects.exists()


def test_a_french_director_reads_every_label_and_choice_in_french() -> None:
    director = MembershipFactory.create(
        role="director", with_account=True, player__language="fr", player__display_name="Zoé"
    )
    assert director.player.user is not None
    client = Client()
    client.force_login(director.player.user)
    club = director.club
    RuleSetFactory.create(club=club, name="Maison", is_default=True)
    html = client.get(reverse("table_new", args=[club.slug])).content.decode()
    assert '<label for="id_seat_0">Nord</label>' in html
    assert 'data-compass="Nord,Est,Sud,Ouest"' in html
    assert "Libre : un joueur la prend" in html
    assert "Ordinateur : Débutant" in html and "Ordinateur : Expert" in html
    assert "Joue comme un débutant" in html
    assert "Whist à l&#x27;enchère (Bid Whist) : règles standard" in html
    assert "Maison (par défaut du club)" in html
    for english in ("Computer", "standard rules", "club default", "Open:", "North", "East"):
        assert english not in html, english
