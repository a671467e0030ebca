"""CSV exports open in a spreadsheet as data: a name cannot become a formula, a score stays a
number."""

from __future__ import annotations

import csv
import io
import random

import pytest
from django.test import Client
from django.urls import reverse

from scoring.services import scoresheet_confirm
from tests.tournaments.factories import club_with, event_with
from tournaments.csv_cells import FORMULA_STARTS, csv_cell
from tournaments.exports import results_csv, standings_csv
from tournaments.models import Match, StandingsSnapshot
from tournaments.round_display import ResultRow
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.services.standings import event_standings_recompute
from tournaments.simulate import sheet_play

HOSTILE = '=HYPERLINK("http://x","y")'


def cells(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode())))


def formula_cells(rows: list[list[str]]) -> list[str]:
    """Cells a spreadsheet would run: starting with a formula character, not a plain number."""
    return [
        cell
        for row in rows
        for cell in row
        if cell.startswith(FORMULA_STARTS) and not cell.lstrip("+-").replace(".", "").isdigit()
    ]


@pytest.mark.django_db
def test_a_hostile_name_is_text_in_the_public_standings_and_results_csv() -> None:
    setup = club_with(players=4, game="bidwhist", options={"target": 5})
    hostile = [HOSTILE.replace("x", f"x{n}") for n in range(4)]
    for player, name in zip(setup.players, hostile, strict=True):
        player.display_name = name
        player.save(update_fields=["display_name"])
    event = event_with(setup, format="progressive")
    round_ = round_publish(round_=round_pair(event=event))
    for match in Match.objects.filter(round=round_).select_related("sheet"):
        assert match.sheet is not None
        sheet_play(sheet=match.sheet, rng=random.Random(match.pk))
        scoresheet_confirm(sheet=match.sheet, by=None)
    event_standings_recompute(event=event)
    anonymous = Client()

    standings = cells(anonymous.get(reverse("event_standings_csv", args=[event.pk])).content)
    assert sorted(row[1] for row in standings[1:]) == sorted("'" + name for name in hostile)
    assert formula_cells(standings) == []

    results = cells(anonymous.get(reverse("event_results_csv", args=[event.pk])).content)
    sides = [row[2] for row in results[1:]] + [row[4] for row in results[1:]]
    assert sides and all(side.startswith("'=HYPERLINK(") for side in sides)
    assert formula_cells(results) == []


def test_every_column_name_is_snake_case() -> None:
    """One convention for every export's columns, whatever the metric's label or the number
    of sides."""
    snapshot = StandingsSnapshot(
        columns=[
            {"key": "points", "label": "Points"},
            {"key": "games_won", "label": "Games won"},
            {"key": "point_differential", "label": "Point difference"},
        ],
        rows=[],
    )
    row = ResultRow(
        round=1,
        table=1,
        sides=["A", "B", "C"],
        scores=[1, 2, 3],
        winners=["C"],
        status="confirmed",
        sheet_id=None,
    )
    standings = cells(standings_csv(snapshot, season=True).encode())[0]
    results = cells(results_csv([row]).encode())[0]
    assert standings == [
        "rank", "name", "played", "points", "games_won", "point_differential", "nights",
        "explanation",
    ]  # fmt: skip
    assert results == [
        "round", "table", "side_1", "score_1", "side_2", "score_2", "side_3", "score_3",
        "winner", "status",
    ]  # fmt: skip


def test_negative_scores_stay_numbers_and_names_are_quoted() -> None:
    row = ResultRow(
        round=1,
        table=2,
        sides=["-Ann & Bob", "@Carl & Dee"],
        scores=[-20, 45],
        winners=["@Carl & Dee"],
        status="confirmed",
        sheet_id=None,
    )
    lines = cells(results_csv([row]).encode())
    assert lines[1][2:6] == ["'-Ann & Bob", "-20", "'@Carl & Dee", "45"]
    assert lines[1][6:] == ["'@Carl & Dee", "confirmed"]


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=1+2", "'=1+2"),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Ann = Bob", "Ann = Bob"),
        ("-20", "-20"),  # a point difference as standings show it: a number, not a formula
        ("+3", "+3"),
        ("12.50", "12.50"),
        ("-45.0%", "-45.0%"),
        (-20, -20),
        (2.5, 2.5),
        ("", ""),
    ],
)
def test_csv_cell_quotes_what_a_spreadsheet_would_run(value: object, written: object) -> None:
    assert csv_cell(value) == written
