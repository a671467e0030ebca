"""House rules pages: the form shows each engine option; engine errors sit by their option."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Membership, RuleSet
from club.rules_forms import OPTION_PREFIX, engine_option_specs
from tests.factories import MembershipFactory, RuleSetFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(client: Client) -> Membership:
    membership = MembershipFactory.create(role="club_admin", with_account=True)
    assert membership.player.user is not None
    client.force_login(membership.player.user)
    return membership


def standard(game: str, **changes: Any) -> dict[str, Any]:
    """Form data choosing every option's standard value, then ``changes``."""
    data: dict[str, Any] = {}
    for spec in engine_option_specs(game):
        value = spec.default
        if spec.allowed is not None:
            value = "none" if value is None else str(value).lower()
        data[OPTION_PREFIX + spec.id] = value
    data.update({OPTION_PREFIX + key: value for key, value in changes.items()})
    return data


def test_the_form_offers_every_option_with_allowed_values(
    client: Client, admin: Membership
) -> None:
    url = reverse("rule_set_add", args=[admin.club.slug])
    assert 'name="game"' in client.get(url).content.decode()  # first, pick a game
    html = client.get(url, {"game": "auction45"}).content.decode()
    for spec in engine_option_specs("auction45"):
        assert f'name="{OPTION_PREFIX}{spec.id}"' in html
    assert '<option value="five_jack_ah">five, jack and ace of hearts</option>' in html
    assert "five and jack (standard)" in html
    assert "Trumps that may be held back on a trump lead. Standard: five and jack." in html


def test_saving_stores_the_differences_and_the_first_becomes_default(
    client: Client, admin: Membership
) -> None:
    url = reverse("rule_set_add", args=[admin.club.slug]) + "?game=auction45"
    data = {"name": "Tuesday 120s", **standard("auction45", target="125", loss_line="none")}
    response = client.post(url, data)
    assert response.status_code == 302
    rule_set = RuleSet.objects.get(club=admin.club)
    assert rule_set.options == {"target": 125, "loss_line": None}
    assert rule_set.is_default


def test_an_engine_refusal_is_shown_next_to_the_option(client: Client, admin: Membership) -> None:
    url = reverse("rule_set_add", args=[admin.club.slug]) + "?game=pitch52"
    data = {"name": "Odd", **standard("pitch52", players="6", cutthroat="true")}
    html = client.post(url, data).content.decode()
    assert "option &#x27;cutthroat&#x27; cannot be true with 6 players" in html
    # The message sits inside the cutthroat field's block.
    block = html.split(f'for="id_{OPTION_PREFIX}cutthroat"')[1].split('<div class="field')[0]
    assert "cannot be true with 6 players" in block
    assert not RuleSet.objects.exists()


def test_edit_shows_current_values_and_saves(client: Client, admin: Membership) -> None:
    rule_set = RuleSetFactory.create(club=admin.club, options={"target": 125})
    url = reverse("rule_set_edit", args=[admin.club.slug, rule_set.pk])
    html = client.get(url).content.decode()
    assert '<option value="125" selected>' in html
    client.post(url, {"name": "Renamed", **standard("auction45", renege="five_only")})
    rule_set.refresh_from_db()
    assert (rule_set.name, rule_set.options) == ("Renamed", {"renege": "five_only"})


def test_make_default_and_delete_through_the_pages(client: Client, admin: Membership) -> None:
    old = RuleSetFactory.create(club=admin.club, is_default=True)
    new = RuleSetFactory.create(club=admin.club)
    page = client.get(reverse("rule_set_list", args=[admin.club.slug])).content.decode()
    assert reverse("rule_set_default", args=[admin.club.slug, new.pk]) in page
    client.post(reverse("rule_set_default", args=[admin.club.slug, new.pk]))
    old.refresh_from_db()
    new.refresh_from_db()
    assert new.is_default and not old.is_default
    client.post(reverse("rule_set_delete", args=[admin.club.slug, old.pk]))
    assert not RuleSet.objects.filter(pk=old.pk).exists()


def test_members_see_the_rules_but_no_admin_links(client: Client) -> None:
    player = MembershipFactory.create(with_account=True)
    rule_set = RuleSetFactory.create(club=player.club, name="Tuesday 120s", is_default=True)
    assert player.player.user is not None
    client.force_login(player.player.user)
    html = client.get(reverse("rule_set_list", args=[player.club.slug])).content.decode()
    assert "Tuesday 120s" in html and "club default" in html
    assert "<code>target: 125</code>" in html
    assert reverse("rule_set_edit", args=[player.club.slug, rule_set.pk]) not in html
