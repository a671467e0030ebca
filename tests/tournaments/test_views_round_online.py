"""A director pauses, resumes and abandons an online table from the round page: the buttons
post to the table's own actions and come back to the round; abandoning asks first; a refusal
shows on the round page as the table's refusals do."""

from __future__ import annotations

import pytest
from django.urls import reverse

from club.models import Membership
from tables.models import LiveTable, TableStatus
from tests.tournaments.test_round_online import live_table, mixed_round, signed_in_to
from tests.tournaments.test_views import url

pytestmark = pytest.mark.django_db


def test_the_director_pauses_and_resumes_from_the_round_page_and_comes_back() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    director = signed_in_to(round_)
    round_url = url("round_detail", round_.event, 1)
    page = director.get(round_url).content.decode()
    table_url = reverse("table_detail", args=[round_.event.club.slug, table.pk])
    assert f'action="{table_url}"' in page and 'value="pause"' in page
    assert 'value="resume"' not in page

    paused = director.post(table_url, {"op": "pause", "next": round_url})
    assert paused.status_code == 302 and paused["Location"] == round_url
    table.refresh_from_db()
    assert table.status == TableStatus.PAUSED
    page = director.get(round_url).content.decode()
    assert "Paused" in page and 'value="resume"' in page and 'value="pause"' not in page

    resumed = director.post(table_url, {"op": "resume", "next": round_url})
    assert resumed["Location"] == round_url
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING


def test_a_refusal_comes_back_to_the_round_page_and_changes_nothing() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    director = signed_in_to(round_)
    round_url = url("round_detail", round_.event, 1)
    table_url = reverse("table_detail", args=[round_.event.club.slug, table.pk])
    LiveTable.objects.filter(pk=table.pk).update(status=TableStatus.PAUSED)
    refused = director.post(table_url, {"op": "pause", "next": round_url}, follow=True)
    assert refused.redirect_chain == [(round_url, 302)]
    text = refused.content.decode()
    assert 'class="message message-error"' in text
    assert "Only a table being played can be paused" in text
    table.refresh_from_db()
    assert table.status == TableStatus.PAUSED


def test_a_player_posting_a_directors_action_is_refused() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    player = signed_in_to(round_, Membership.Role.PLAYER)
    round_url = url("round_detail", round_.event, 1)
    table_url = reverse("table_detail", args=[round_.event.club.slug, table.pk])
    refused = player.post(table_url, {"op": "pause", "next": round_url}, follow=True)
    assert "Only a director" in refused.content.decode()
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING


def test_another_sites_next_goes_back_to_the_table_page() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    director = signed_in_to(round_)
    table_url = reverse("table_detail", args=[round_.event.club.slug, table.pk])
    for bad in ("https://example.com/", "//example.com/x", "javascript:alert(1)"):
        answer = director.post(table_url, {"op": "pause", "next": bad})
        assert answer["Location"] == table_url
        LiveTable.objects.filter(pk=table.pk).update(status=TableStatus.PLAYING)


def test_abandoning_asks_first_then_the_table_is_abandoned() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    director = signed_in_to(round_)
    round_url = url("round_detail", round_.event, 1)
    ask_url = url("round_table_abandon", round_.event, 1, 1)
    assert ask_url in director.get(round_url).content.decode()
    ask = director.get(ask_url).content.decode()
    table_url = reverse("table_detail", args=[round_.event.club.slug, table.pk])
    assert "Abandon table 1 of round 1?" in ask and f'action="{table_url}"' in ask
    assert 'name="op" value="abandon"' in ask and f'name="next" value="{round_url}"' in ask
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING  # asking changed nothing

    done = director.post(table_url, {"op": "abandon", "next": round_url}, follow=True)
    assert done.redirect_chain == [(round_url, 302)]
    table.refresh_from_db()
    assert table.status == TableStatus.ABANDONED
    page = done.content.decode()
    assert "Abandoned" in page and ask_url not in page
    again = director.get(ask_url).content.decode()
    assert "nothing more is played there" in again and 'name="op"' not in again


def test_a_table_at_the_hall_has_nothing_to_abandon_and_players_may_not_ask() -> None:
    round_ = mixed_round()
    director = signed_in_to(round_)
    assert director.get(url("round_table_abandon", round_.event, 1, 2)).status_code == 404
    player = signed_in_to(round_, Membership.Role.PLAYER)
    assert player.get(url("round_table_abandon", round_.event, 1, 1)).status_code == 403
