"""Standings explanations worded in the reader's language when shown, from stored data."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from rest_framework.test import APIClient

from tests.factories import MembershipFactory
from tests.tournaments.factories import club_with, event_with
from tests.tournaments.standings.builders import game
from tests.tournaments.standings.test_standings_compute import LEAGUE, TWIN
from tests.tournaments.standings.test_standings_season import SEASON
from tournaments.exports import standings_csv
from tournaments.models import StandingsSnapshot
from tournaments.standings.compute import compute_standings
from tournaments.standings.explain import reason_text
from tournaments.standings.metrics import METRICS
from tournaments.standings.season import compute_season_standings
from tournaments.standings_words import (
    FIGURES,
    explanation_lines,
    explanation_text,
    line_words,
    reason_words,
)

SMITH = {8: "Smith & Jones"}
# 7 scores 412 in five wins; Smith & Jones (8) score 412 in four.
LEVEL_ON_POINTS = [game(i, 7, p, 9, 0) for i, p in enumerate((82, 82, 82, 82, 84), start=1)] + [
    game(10 + i, 8, 103, 9, 0) for i in range(4)
]


def every_reason() -> list[dict[str, Any]]:
    """Reasons of every code, with figures of every metric, a missing one, names and none."""
    reasons = []
    for order in (
        ["games_won", "points", "head_to_head"],
        ["win_percentage", "point_differential", "points_against", "buchholz"],
        ["median_buchholz", "opponents_points", "games_played", "lot"],
    ):
        for results in (LEAGUE, TWIN):
            rows = compute_standings(results, [1, 2, 3, 4], order, names={1: "Ann & Bo"})
            reasons += [reason for row in rows for reason in row.reasons]
    for best_of in (None, 1, 2, 3, 4):
        season = compute_season_standings(SEASON, [1, 2, 3, 4], best_of=best_of)
        reasons += [row.reasons[0] for row in season]
    return reasons


def test_english_words_read_exactly_as_the_standings_code_words_them() -> None:
    reasons = every_reason()
    codes = {reason["code"] for reason in reasons}
    assert codes == {
        "shares_rank",
        "behind",
        "ahead",
        "level_behind",
        "level_ahead",
        "season_best",
        "season_played",
    }
    with translation.override("en"):
        for reason in reasons:
            assert reason_words(reason) == reason_text(reason)


def test_every_metric_has_its_words() -> None:
    assert set(FIGURES) == set(METRICS)


def test_a_french_reader_reads_the_explanation_in_french() -> None:
    rows = compute_standings(LEVEL_ON_POINTS, [7, 8], ["points", "games_won"], names=SMITH)
    with translation.override("fr"):
        assert explanation_text(rows[0].reasons) == (
            "À égalité avec Smith & Jones aux points (412) ; "
            "devant aux parties gagnées (5 contre 4)"
        )
        assert explanation_text(rows[1].reasons) == (
            "À égalité avec participant 7 aux points (412) ; "
            "derrière aux parties gagnées (4 contre 5)"
        )
    with translation.override("en"):
        assert explanation_text(rows[0].reasons) == (
            "Level with Smith & Jones on points (412); ahead on games won (5 vs 4)"
        )


def test_french_shared_ranks_and_first_metric_decisions() -> None:
    rows = compute_standings(TWIN, [1, 2, 3, 4], ["games_won", "points", "head_to_head"])
    with translation.override("fr"):
        assert line_words(rows[1].reasons[0]) == (
            "À égalité avec participant 1 aux parties gagnées (1), aux points (120) et aux "
            "victoires entre ex æquo (0) : partage la place 1"
        )
    rows = compute_standings(LEAGUE, [1, 2, 3, 4], ["games_won", "points"])
    with translation.override("fr"):
        assert explanation_lines(rows[0].reasons) == [
            "Devant participant 2 aux parties gagnées (2 contre 1)"
        ]
        assert line_words(rows[1].reasons[0]) == (
            "Derrière participant 1 aux parties gagnées (1 contre 2)"
        )


def test_french_season_lines() -> None:
    with translation.override("fr"):
        dropped = compute_season_standings(SEASON, [1, 2, 3, 4], best_of=2)
        lines = {line_words(row.reasons[0]) for row in dropped}
        assert "meilleures soirées : 2 sur 4 ; soirées 1 et 4 écartées" in lines
        assert "soirées jouées : 2 sur 4 ; toutes comptent (au plus 2)" in lines
        one = compute_season_standings(SEASON, [1, 2, 3, 4], best_of=3)
        assert "meilleures soirées : 3 sur 4 ; soirée 4 écartée" in {
            line_words(row.reasons[0]) for row in one
        }
        every = compute_season_standings(SEASON, [1, 2, 3, 4])
        assert line_words(every[0].reasons[0]) == "soirées jouées : 4 sur 4"


def test_an_older_snapshots_sentences_show_as_they_are() -> None:
    old = ["Behind Smith & Jones on points (400 vs 412)", "Ahead of entrant 3 on points (1 vs 0)"]
    with translation.override("fr"):
        assert explanation_lines(old) == old
        assert explanation_text(old) == " ; ".join(old)
        assert explanation_text("A single sentence") == "A single sentence"


@pytest.mark.parametrize(
    "line",
    [
        {"code": "behind"},
        {"code": "no_such_code", "entrant": 1, "name": "A"},
        {"code": "ahead", "entrant": 1, "name": "A", "figure": {"metric": "points"}},
        {"code": "season_best", "best_of": 2, "attended": 3, "dropped": None},
        17,
        None,
    ],
)
def test_a_line_that_cannot_be_read_is_left_out_without_an_error(line: object) -> None:
    readable = {
        "code": "ahead",
        "entrant": 1,
        "name": "A",
        "figure": {"metric": "points", "value": 2},
    }
    with translation.override("fr"):
        assert line_words(line) == ""
        assert explanation_lines([line, readable]) == ["Devant A aux points (2)"]


def test_a_metric_no_longer_known_is_named_by_its_key() -> None:
    reason = {"code": "ahead", "entrant": 1, "name": "A", "figure": {"metric": "elo", "value": 3}}
    with translation.override("fr"):
        assert line_words(reason) == "Devant A elo (3)"


def snapshot_rows() -> list[dict[str, Any]]:
    """A new row (its explanation as data) and a row of an older snapshot (English text)."""
    rows = compute_standings(LEVEL_ON_POINTS, [7, 8], ["points", "games_won"], names=SMITH)
    return [
        {
            "rank": 1,
            "entrant_id": 7,
            "name": "Seven",
            "tied": False,
            "played": 5,
            "metrics": {"points": 412.0},
            "shown": {"points": "412"},
            "explanation": list(rows[0].reasons),
        },
        {
            "rank": 2,
            "entrant_id": 8,
            "name": "Old",
            "tied": False,
            "played": 4,
            "metrics": {"points": 412.0},
            "shown": {"points": "412"},
            "explanation": ["Stored text"],
        },
    ]


def test_the_csv_export_words_the_explanation_for_its_reader() -> None:
    snapshot = StandingsSnapshot(
        columns=[{"key": "points", "label": "Points"}], rows=snapshot_rows()
    )
    with translation.override("fr"):
        text = standings_csv(snapshot)
    assert "devant aux parties gagnées (5 contre 4)" in text
    assert "Stored text" in text


@pytest.mark.django_db
def test_the_standings_page_and_api_word_the_explanation_in_the_readers_language() -> None:
    setup = club_with(players=4)
    event = event_with(setup, format="progressive")
    StandingsSnapshot.objects.create(
        event=event,
        columns=[{"key": "points", "label": "Points"}],
        rows=snapshot_rows(),
        computed_at=timezone.now(),
    )
    url = reverse("event_public", args=[event.pk])
    french = Client(headers={"accept-language": "fr"}).get(url).content.decode()
    assert "devant aux parties gagnées (5 contre 4)" in french
    assert "Stored text" in french
    english = Client(headers={"accept-language": "en"}).get(url).content.decode()
    assert "ahead on games won (5 vs 4)" in english

    member = MembershipFactory.create(club=setup.club, with_account=True)
    api = APIClient()
    api.force_authenticate(member.player.user)
    path = f"/api/clubs/{setup.club.slug}/events/{event.pk}/standings/"
    rows = api.get(path, HTTP_ACCEPT_LANGUAGE="fr").json()["rows"]
    assert rows[0]["explanation"] == [
        "À égalité avec Smith & Jones aux points (412) ; devant aux parties gagnées (5 contre 4)"
    ]
    assert rows[1]["explanation"] == ["Stored text"]
    rows = api.get(path).json()["rows"]  # no language asked for: English, as before
    assert rows[0]["explanation"] == [
        "Level with Smith & Jones on points (412); ahead on games won (5 vs 4)"
    ]
