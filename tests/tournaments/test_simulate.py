"""``simulate_event`` plays whole events of every format and game; the demo has a league."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from club.demo import CLUB_SLUG
from club.models import Club
from engine.rules import Tally, get_game
from scoring.models import HandLine, SheetStatus
from tournaments.demo import SEASON_NAME, demo_league_load
from tournaments.models import Event, Match, RoundStatus, Season, StandingsSnapshot

CASES = [
    ("round_robin", "auction45", {}, 4, 3),
    ("swiss", "bidwhist", {"target": 7}, 5, 2),
    ("knockout", "pitch52", {}, 4, 2),
    ("progressive", "auction45", {}, 5, 2),
    ("cutthroat", "pitch52", {"players": 3}, 6, 2),
]


def simulate(*args: str) -> str:
    out = StringIO()
    call_command("simulate_event", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("format", "game", "options", "entrants", "rounds"), CASES)
def test_simulate_event_plays_every_sheet_to_the_end(
    format: str, game: str, options: dict[str, int], entrants: int, rounds: int
) -> None:
    out = simulate(
        "--format",
        format,
        "--game",
        game,
        "--options",
        json.dumps(options),
        "--entrants",
        str(entrants),
        "--rounds",
        str(rounds),
        "--seed",
        "3",
    )
    event = Event.objects.get()
    assert event.status == "finished" and event.format == format and event.game == game
    assert f"{rounds} round{'s' if rounds != 1 else ''}," in out
    matches = Match.objects.filter(round__event=event).select_related("sheet")
    assert matches and all(m.sheet and m.sheet.status == SheetStatus.CONFIRMED for m in matches)
    rules = get_game(game, options)
    for match in matches:
        assert match.sheet is not None
        tally = Tally.start(rules.seating.sides)
        lines = HandLine.objects.live().filter(sheet=match.sheet).order_by("number")
        for line in lines:  # every line is one the engine accepts, in order
            tally = rules.check_line(line.line, tally).tally_after
        assert rules.is_game_over(tally) and match.sheet.winners
    snapshot = StandingsSnapshot.objects.get(event=event)
    assert snapshot.games_counted == matches.count()
    assert len(snapshot.rows) == entrants
    assert all(r.status == RoundStatus.FINISHED for r in event.rounds.all())


@pytest.mark.django_db(transaction=True)
def test_simulate_event_in_progress_leaves_sheets_to_enter() -> None:
    simulate("--format", "progressive", "--entrants", "8", "--rounds", "1", "--in-progress")
    event = Event.objects.get()
    assert event.status == "running" and event.rounds.count() == 2
    last = event.rounds.get(number=2)
    statuses = [
        m.sheet.status if m.sheet else ""
        for m in Match.objects.filter(round=last).select_related("sheet")
    ]
    assert statuses.count(SheetStatus.CONFIRMED) == 1  # the first table is over and checked
    assert SheetStatus.IN_PROGRESS in statuses  # the last is still being played


@pytest.mark.django_db
def test_simulate_event_refuses_bad_input_plainly() -> None:
    with pytest.raises(CommandError, match="cannot fill a progressive table"):
        simulate("--format", "progressive", "--entrants", "3", "--rounds", "1")
    with pytest.raises(CommandError, match="not JSON"):
        simulate("--options", "{players: 3}")


@pytest.mark.django_db
def test_the_demo_has_a_league_with_a_night_in_progress() -> None:
    call_command("load_demo", stdout=StringIO())
    club = Club.objects.get(slug=CLUB_SLUG)
    season = Season.objects.get(club=club, name=SEASON_NAME)
    nights = list(season.events.order_by("date"))
    assert [n.status for n in nights] == ["finished", "finished", "running"]
    tonight = nights[-1]
    open_sheets = Match.objects.filter(round__event=tonight).exclude(
        sheet__status=SheetStatus.CONFIRMED
    )
    assert open_sheets.exists()
    standings = StandingsSnapshot.objects.get(season=season)
    assert standings.rows and all(row["attendance"] >= 2 for row in standings.rows)
    assert club.ratings.exists()
    assert demo_league_load(club=club, by=None) == 0  # loading again adds nothing
    assert Season.objects.filter(club=club).count() == 1
