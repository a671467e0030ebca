"""The unsubscribe page: GET asks, POST turns one kind of email off, without signing in; a mail
program's one-click POST (RFC 8058) works without a CSRF token."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Player
from notices.preferences import unsubscribe_token
from tests.factories import MembershipFactory

pytestmark = pytest.mark.django_db


def url_for(player: Player, kind: str = "table_reminder") -> str:
    return reverse("unsubscribe", args=[unsubscribe_token(player.pk, kind)])


def test_get_asks_and_changes_nothing() -> None:
    player = MembershipFactory.create().player
    response = Client().get(url_for(player))
    assert response.status_code == 200
    assert "You will get no more table reminders." in response.content.decode()
    player.refresh_from_db()
    assert player.email_table_reminder


def test_post_turns_that_kind_off_only() -> None:
    player = MembershipFactory.create().player
    response = Client(enforce_csrf_checks=True).post(url_for(player, "pairings_published"))
    assert response.status_code == 200 and "Unsubscribed" in response.content.decode()
    player.refresh_from_db()
    assert not player.email_pairings
    assert player.email_table_reminder and player.email_table_scheduled


def test_a_mail_programs_one_click_post_works_without_csrf() -> None:
    player = MembershipFactory.create().player
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        url_for(player),
        "List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    player.refresh_from_db()
    assert not player.email_table_reminder


def test_a_changed_link_says_so_and_changes_nothing() -> None:
    player = MembershipFactory.create().player
    url = url_for(player)[:-3] + "xx/"
    for response in (Client().get(url), Client().post(url)):
        assert response.status_code == 400
        assert 'data-code="unsubscribe_link_invalid"' in response.content.decode()
    player.refresh_from_db()
    assert player.email_table_reminder


def test_a_link_for_a_player_who_is_gone_says_so_on_both_asks() -> None:
    """GET does not offer to unsubscribe a player who is no longer there, and POST says why
    nothing was done, in the same words."""
    player = MembershipFactory.create().player
    url = url_for(player)
    player.delete()
    for response in (Client().get(url), Client(enforce_csrf_checks=True).post(url)):
        assert response.status_code == 410
        page = response.content.decode()
        assert 'data-code="unsubscribe_player_gone"' in page
        assert "Nothing to unsubscribe" in page and "no longer in Kitty" in page
        assert "<form" not in page.split("<main", 1)[-1].split("</main>", 1)[0]
