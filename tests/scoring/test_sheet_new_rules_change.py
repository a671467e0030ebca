"""Choosing other rules on the new-sheet form keeps what was typed: the side names,
partnerships, seats and first dealer the new game still has (seats it lacks are dropped).

The rules select redraws the sides with htmx (a GET that carries the sides' inputs); without
JavaScript the "Change rules" button posts the form with ``choose``."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import MembershipFactory, PartnershipFactory, RuleSetFactory
from tests.scoring.conftest import Staff

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def selected(html: str, name: str) -> str:
    """The value of the selected option of select ``name`` ('' when none is)."""
    select = html[html.index(f'name="{name}"') :]
    select = select[: select.index("</select>")]
    found = re.search(r'<option value="([^"]*)"[^>]*selected', select)
    return found.group(1) if found else ""


def typed_value(html: str, name: str) -> str:
    tag = html[html.rindex("<", 0, html.index(f'name="{name}"')) :]
    tag = tag[: tag.index(">")]
    found = re.search(r'value="([^"]*)"', tag)
    return found.group(1) if found else ""


@pytest.fixture
def typed(staff: Staff) -> dict[str, str]:
    players = [
        MembershipFactory.create(club=staff.club, player__display_name=name).player
        for name in ("Ann", "Bob", "Cy", "Di")
    ]
    partnership = PartnershipFactory.create(club=staff.club, name="Aces")
    return {
        "title": "Table 4",
        "side_0_label": "Us",
        "side_1_label": "Them",
        "side_1_partnership": str(partnership.pk),
        **{f"seat_{seat}": str(player.pk) for seat, player in enumerate(players)},
        "first_dealer": "2",
    }


def test_the_rules_select_sends_the_sides_inputs_along(client: Client, staff: Staff) -> None:
    client.force_login(staff.director)
    html = client.get(reverse("sheet_new", args=[staff.club.slug])).content.decode()
    select = html[html.index('<select name="rules"') :]
    select = select[: select.index(">")]
    assert 'hx-include="#sides"' in select


def test_htmx_redraw_keeps_the_sides_seats_and_first_dealer(
    client: Client, staff: Staff, typed: dict[str, str]
) -> None:
    client.force_login(staff.director)
    url = reverse("sheet_new", args=[staff.club.slug])
    html = client.get(url, {"rules": "standard:bidwhist", **typed}, headers=HTMX).content.decode()
    assert html.lstrip().startswith('<div id="sides"')
    assert typed_value(html, "side_0_label") == "Us"
    assert typed_value(html, "side_1_label") == "Them"
    assert selected(html, "side_1_partnership") == typed["side_1_partnership"]
    for seat in range(4):
        assert selected(html, f"seat_{seat}") == typed[f"seat_{seat}"]
    assert selected(html, "first_dealer") == "2"
    assert "field-error" not in html  # carried over, not checked yet


def test_a_smaller_table_drops_only_the_seats_it_lacks(
    client: Client, staff: Staff, typed: dict[str, str]
) -> None:
    client.force_login(staff.director)
    cut_throat = RuleSetFactory.create(club=staff.club, game="auction45", options={"players": 3})
    url = reverse("sheet_new", args=[staff.club.slug])
    rules = f"rule_set:{cut_throat.pk}"
    html = client.get(url, {"rules": rules, **typed}, headers=HTMX).content.decode()
    assert 'name="seat_3"' not in html and 'name="side_2_label"' in html
    assert typed_value(html, "side_0_label") == "Us"
    assert selected(html, "seat_2") == typed["seat_2"]
    assert selected(html, "first_dealer") == "2"


def test_without_javascript_change_rules_keeps_everything(
    client: Client, staff: Staff, typed: dict[str, str]
) -> None:
    client.force_login(staff.director)
    url = reverse("sheet_new", args=[staff.club.slug])
    response = client.post(url, {"rules": "standard:pitch52", "choose": "1", **typed})
    html = response.content.decode()
    assert response.status_code == 200
    assert typed_value(html, "title") == "Table 4"
    assert typed_value(html, "side_0_label") == "Us"
    assert selected(html, "seat_1") == typed["seat_1"]
    assert selected(html, "first_dealer") == "2"
    assert selected(html, "rules") == "standard:pitch52"
