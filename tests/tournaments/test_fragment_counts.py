"""Counters refresh with the fragments that change them: a tick at the door updates both the
door's "N here" and the next step's "N checked in"; a line that ends a game updates the sheet's
status badge."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.services import handline_add, scoresheet_create
from tests.factories import ClubFactory, MembershipFactory
from tests.scoring.games import AUCTION45
from tests.tournaments.factories import club_with, event_with
from tests.tournaments.test_views import HTMX, signed_in, url

pytestmark = pytest.mark.django_db


def test_a_tick_at_the_door_updates_every_count_of_who_is_here() -> None:
    setup = club_with(players=4)
    event = event_with(setup, format="progressive", arrive=False)
    client = signed_in(setup)
    page = client.get(url("event_dashboard", event)).content.decode()
    assert '<span id="checked-in-count">0</span> checked in' in page
    who = f"player-{setup.players[0].pk}"
    body = client.post(url("event_door", event), {"who": who, "here": "on"}, headers=HTMX)
    text = body.content.decode()
    assert 'id="here-count" hx-swap-oob="true">1<' in text
    assert 'id="checked-in-count" hx-swap-oob="true">1<' in text


def test_the_line_that_ends_the_game_swaps_the_status_badge(client: Client) -> None:
    club = ClubFactory.create()
    director = MembershipFactory.create(club=club, role="director", with_account=True)
    assert director.player.user is not None
    client.force_login(director.player.user)
    sheet = scoresheet_create(club=club, by=None, game_id="auction45", first_dealer=0)
    for number, line in enumerate(AUCTION45[:5], start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=None)
    last = {"number": "6", "dealer": "2", "bidder": "3", "bid": "20", "trump": "S"}
    last |= {"points_0": "25", "points_1": "5", "entry": "primary"}
    response = client.post(
        reverse("sheet_line_add", args=[club.slug, sheet.pk]), last, headers=HTMX
    )
    body = response.content.decode()
    assert "Game over." in body
    assert (
        '<span id="sheet-status" class="badge badge-finished" hx-swap-oob="true">Finished</span>'
        in body
    )
