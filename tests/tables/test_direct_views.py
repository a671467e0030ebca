"""The director's controls on the table page and the tables list: stalled, resume, pause."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tables import services
from tables.models import LiveTable
from tests.factories import MembershipFactory
from tests.tables.helpers import table_with

pytestmark = pytest.mark.django_db(transaction=True)


def _client(table: LiveTable, role: str) -> Client:
    member = MembershipFactory.create(club=table.club, role=role, with_account=True)
    client = Client()
    assert member.player.user is not None
    client.force_login(member.player.user)
    return client


def test_a_stalled_table_is_shown_to_directors_and_resumed_by_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dropped = []
    monkeypatch.setattr(
        "tables.tasks.table_bots_play.delay", lambda table_id: dropped.append(table_id)
    )
    table, _ = table_with(people=0, bots=4, seed=3)  # its first computer move is lost
    assert dropped == [table.pk]
    monkeypatch.undo()
    started = timezone.now() - timedelta(hours=1)
    LiveTable.objects.filter(pk=table.pk).update(started_at=started)
    url = reverse("table_detail", args=[table.club.slug, table.pk])
    listing = reverse("club_tables", args=[table.club.slug])
    player = _client(table, "player")
    assert 'id="table-resume"' not in player.get(url).content.decode()
    assert f'id="stalled-{table.pk}"' not in player.get(listing).content.decode()
    refused = player.post(url, {"op": "resume"}, follow=True)
    assert "Only a director" in refused.content.decode()
    director = _client(table, "director")
    page = director.get(url).content.decode()
    assert 'id="table-stalled"' in page and 'id="table-resume"' in page
    assert f'id="stalled-{table.pk}"' in director.get(listing).content.decode()
    director.post(url, {"op": "resume"})
    table.refresh_from_db()
    assert table.status == LiveTable.Status.FINISHED


def test_a_director_pauses_from_the_page_and_players_see_it(settings: Any) -> None:
    table, _ = table_with(people=1, bots=3, seed=5)
    url = reverse("table_detail", args=[table.club.slug, table.pk])
    director = _client(table, "director")
    director.post(url, {"op": "pause"})
    table.refresh_from_db()
    assert table.status == LiveTable.Status.PAUSED
    assert 'id="table-paused"' in _client(table, "player").get(url).content.decode()
    director.post(url, {"op": "abandon"})
    table.refresh_from_db()
    assert table.status == LiveTable.Status.ABANDONED
    assert 'id="table-abandoned"' in _client(table, "player").get(url).content.decode()
    assert services.tables_watchdog() == []
