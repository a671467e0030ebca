"""A league season's nights played online: a night says where its rounds are played (as
the last night did, unless the director chooses), and the season's standings count a
forfeited online match as its night does."""

from __future__ import annotations

import datetime
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Membership
from tables.models import LiveTable
from tables.services import match_no_show_check, seat_connected
from tests.factories import MembershipFactory
from tests.tournaments.factories import ClubSetup, club_with
from tournaments.models import Event, NoShowRule, PlaysAt, Season, StandingsSnapshot
from tournaments.services.entrants import entrant_arrive
from tournaments.services.events import season_create, season_night_create
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.services.standings import season_standings_recompute

pytestmark = pytest.mark.django_db

NIGHT = datetime.date(2026, 1, 13)


def _season(setup: ClubSetup) -> Season:
    return season_create(
        club=setup.club, name="Winter league", format="swiss", rule_set=setup.rules
    )


def test_a_night_is_played_where_the_last_night_was_with_its_online_settings() -> None:
    season = _season(club_with(partnerships=2))
    first = season_night_create(season=season, date=NIGHT, plays_at=PlaysAt.ONLINE)
    Event.objects.filter(pk=first.pk).update(
        no_show=NoShowRule.DIRECTOR, grace_seconds=30, pairs_itself=True
    )
    second = season_night_create(season=season, date=NIGHT + timedelta(days=7))
    assert (second.plays_at, second.no_show, second.grace_seconds, second.pairs_itself) == (
        PlaysAt.ONLINE,
        NoShowRule.DIRECTOR,
        30,
        True,
    )
    third = season_night_create(season=season, date=NIGHT + timedelta(days=14), plays_at="hall")
    assert (third.plays_at, third.no_show) == (PlaysAt.HALL, NoShowRule.DIRECTOR)


def test_the_night_form_asks_where_the_rounds_are_played() -> None:
    setup = club_with(partnerships=2)
    season = _season(setup)
    director = MembershipFactory.create(
        club=setup.club, role=Membership.Role.DIRECTOR, with_account=True
    ).player.user
    assert director is not None
    client = Client()
    client.force_login(director)
    url = reverse("night_new", args=[setup.club.slug, season.pk])
    assert 'name="plays_at"' in client.get(url).content.decode()
    answer = client.post(url, {"date": "2026-01-13", "plays_at": "online"})
    assert answer.status_code == 302
    assert Event.objects.get(season=season).plays_at == PlaysAt.ONLINE
    refused = client.post(url, {"date": "2026-01-20", "plays_at": "on the moon"})
    assert refused.status_code == 200 and Event.objects.filter(season=season).count() == 1


def test_the_season_counts_a_forfeit_as_its_night_does() -> None:
    setup = club_with(partnerships=2, options={"target": 120})
    season = _season(setup)
    night = season_night_create(season=season, date=NIGHT, plays_at=PlaysAt.ONLINE)
    Event.objects.filter(pk=night.pk).update(
        no_show=NoShowRule.FORFEIT, forfeit_minutes=10, bye_scores="win", grace_seconds=60
    )
    night.refresh_from_db()
    for partnership in setup.partnerships:
        entrant_arrive(event=night, partnership=partnership)
    table = LiveTable.objects.get(match__round=round_publish(round_=round_pair(event=night)))
    seat_connected(table_id=table.pk, index=0)
    seat_connected(table_id=table.pk, index=2)  # side 0 came; side 1 did not
    assert match_no_show_check(table_id=table.pk, now=table.created + timedelta(minutes=2)) == (
        "waiting"
    )
    assert match_no_show_check(table_id=table.pk, now=table.created + timedelta(minutes=11)) == (
        "forfeit"
    )
    season_standings_recompute(season=season)
    rows = {row["name"]: row for row in StandingsSnapshot.objects.get(season=season).rows}
    present = table.match.table.seatings.get(seat=0).entrant.name  # type: ignore[union-attr]
    absent = table.match.table.seatings.get(seat=1).entrant.name  # type: ignore[union-attr]
    assert rows[present]["metrics"]["games_won"] == 1 and rows[present]["metrics"]["points"] == 120
    assert rows[absent]["metrics"]["games_won"] == 0 and rows[absent]["metrics"]["points"] == 0
    assert rows[absent]["played"] == 1
