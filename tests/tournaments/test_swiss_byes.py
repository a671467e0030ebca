"""Swiss byes go to the lowest entrant of the standings the players see, and a bye scores what
the event's option says, stated on the standings pages."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.factories import club_with, event_with
from tests.tournaments.test_services import play_and_confirm
from tests.tournaments.test_views import signed_in, url
from tournaments.models import Bye, Event
from tournaments.services.events import event_update, season_create
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.services.standings import (
    event_games_won,
    event_places,
    event_standings_recompute,
    season_standings_recompute,
)

pytestmark = pytest.mark.django_db


def _round_one_played(seed: int, bye_scores: str = "nothing") -> Event:
    setup = club_with(partnerships=5, game="bidwhist", options={"target": 5})
    event = event_with(setup, format="swiss", seed=seed, bye_scores=bye_scores)
    play_and_confirm(round_publish(round_=round_pair(event=event)), seed=seed)
    return event


@pytest.mark.parametrize("seed", range(1, 7))
def test_the_round_2_bye_goes_to_the_lowest_of_the_standings_without_a_bye(seed: int) -> None:
    event = _round_one_played(seed)
    had_bye = set(Bye.objects.filter(round__event=event).values_list("entrant_id", flat=True))
    places = event_places(event=event)
    lowest = max((e for e in places if e not in had_bye), key=places.__getitem__)
    second = round_pair(event=event)
    assert list(Bye.objects.filter(round=second).values_list("entrant_id", flat=True)) == [lowest]
    stored = event_standings_recompute(event=event).rows
    assert [row["entrant_id"] for row in stored] == sorted(places, key=places.__getitem__)


def test_a_bye_worth_a_win_counts_in_the_stored_standings() -> None:
    event = _round_one_played(3, bye_scores="win")
    bye = Bye.objects.get(round__event=event)
    rows = {row["entrant_id"]: row for row in event_standings_recompute(event=event).rows}
    assert rows[bye.entrant_id]["played"] == 1
    assert rows[bye.entrant_id]["metrics"]["games_won"] == 1


def test_a_bye_worth_nothing_counts_for_nothing() -> None:
    event = _round_one_played(3)
    bye = Bye.objects.get(round__event=event)
    rows = {row["entrant_id"]: row for row in event_standings_recompute(event=event).rows}
    assert rows[bye.entrant_id]["played"] == 0
    assert rows[bye.entrant_id]["metrics"]["games_won"] == 0


def test_changing_the_option_changes_the_standings_and_their_statement(client: Client) -> None:
    event = _round_one_played(3)
    event_standings_recompute(event=event)
    public = client.get(reverse("event_public", args=[event.pk])).content.decode()
    assert "A bye counts for nothing" in public
    event_update(
        event=event,
        name=event.name,
        date=event.date,
        format=event.format,
        rule_set=event.rule_set,
        rounds_planned=event.rounds_planned,
        tiebreaks=event.tiebreaks,
        points_cap=event.points_cap,
        third_place=event.third_place,
        bye_scores="average",
    )
    event.refresh_from_db()
    assert event.bye_scores == "average"
    event_standings_recompute(event=event)
    public = client.get(reverse("event_public", args=[event.pk])).content.decode()
    assert "the entrant&#x27;s average of its other games" in public


def test_the_event_form_and_the_dashboard_show_the_option() -> None:
    setup = club_with(partnerships=5, game="bidwhist", options={"target": 5})
    event = event_with(setup, format="swiss", bye_scores="win")
    play_and_confirm(round_publish(round_=round_pair(event=event)))
    event_standings_recompute(event=event)
    client = signed_in(setup)
    form = client.get(url("event_edit", event)).content.decode()
    assert 'name="bye_scores"' in form
    assert '<option value="win" selected>' in form
    dashboard = client.get(url("event_dashboard", event)).content.decode()
    assert "A bye counts as a game won, 5 points to none." in dashboard


def test_the_api_reads_and_changes_the_option() -> None:
    setup = club_with(partnerships=5)
    event = event_with(setup, format="swiss")
    client = signed_in(setup)
    address = f"/api/clubs/{setup.club.slug}/events/{event.pk}/"
    assert client.get(address).json()["bye_scores"] == "nothing"
    response = client.patch(address, {"bye_scores": "average"}, content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["bye_scores"] == "average"
    refused = client.patch(address, {"bye_scores": "half"}, content_type="application/json")
    assert refused.status_code == 400


@pytest.mark.parametrize(("bye_scores", "wins"), [("nothing", 0.0), ("win", 1.0)])
def test_a_bye_counts_in_the_swiss_score_as_in_the_standings(bye_scores: str, wins: float) -> None:
    event = _round_one_played(3, bye_scores=bye_scores)
    bye = Bye.objects.get(round__event=event)
    scores = event_games_won(event)
    assert scores.get(bye.entrant_id, 0.0) == wins
    rows = {row["entrant_id"]: row for row in event_standings_recompute(event=event).rows}
    for entrant, row in rows.items():
        assert scores.get(entrant, 0.0) == row["metrics"]["games_won"]


def test_the_season_counts_a_nights_bye_as_that_night_scores_it() -> None:
    setup = club_with(partnerships=5, game="bidwhist", options={"target": 5})
    season = season_create(club=setup.club, name="League", format="swiss", rule_set=setup.rules)
    event = event_with(setup, format="swiss", seed=3, bye_scores="win", season=season)
    play_and_confirm(round_publish(round_=round_pair(event=event)), seed=3)
    bye = Bye.objects.get(round__event=event)
    key = bye.entrant.partnership_id
    night = {row["entrant_id"]: row for row in event_standings_recompute(event=event).rows}
    rows = {row["entrant_id"]: row for row in season_standings_recompute(season=season).rows}
    assert rows[key]["metrics"]["games_won"] == night[bye.entrant_id]["metrics"]["games_won"] == 1
    assert rows[key]["played"] == 1
