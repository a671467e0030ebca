"""``simulate_event --online`` plays every format at live tables with the computer in every
seat: each match's sheet is written by its table's action log and confirmed by its game's end,
and pairing and standings follow as on paper."""

from __future__ import annotations

import json
from io import StringIO
from typing import TYPE_CHECKING

import pytest
from django.core.management import call_command

from engine.rules import get_game
from scoring.models import HandLine, SheetStatus
from tables.errors import TableError
from tables.models import ActionLog, LiveTable, TableHand, TableStatus
from tables.simulate import tables_finish
from tests.tables.helpers import table_with
from tests.tables.replay import assert_log_is_the_truth, lines_replayed
from tournaments.models import (
    Event,
    Match,
    NoShowRule,
    PlaysAt,
    RoundStatus,
    Seating,
    StandingsSnapshot,
)

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

#: Small events with low targets, so every game ends in a few hands.
CASES = [
    ("round_robin", "pitch52", {"target": 11}, 4, 3),
    ("swiss", "bidwhist", {"target": 7}, 4, 2),
    ("knockout", "pitch52", {"target": 11}, 4, 2),
    ("progressive", "auction45", {}, 4, 1),
    ("cutthroat", "pitch52", {"players": 3, "target": 11}, 3, 2),
]


def simulate(*args: str) -> str:
    out = StringIO()
    call_command("simulate_event", "--online", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("format", "game", "options", "entrants", "rounds"), CASES)
def test_every_format_is_played_online_by_computers_to_its_standings(
    format: str, game: str, options: dict[str, int], entrants: int, rounds: int
) -> None:
    out = simulate(
        *("--format", format, "--game", game, "--options", json.dumps(options)),
        *("--entrants", str(entrants), "--rounds", str(rounds), "--seed", "5"),
    )
    event = Event.objects.get()
    assert event.status == "finished" and event.plays_at == PlaysAt.ONLINE
    assert event.no_show == NoShowRule.COMPUTER and event.grace_seconds == 0
    assert all(r.status == RoundStatus.FINISHED and r.online for r in event.rounds.all())
    matches = list(Match.objects.filter(round__event=event).select_related("sheet", "round"))
    assert matches and all(match.online for match in matches)
    hands = 0
    for match in matches:
        table = LiveTable.objects.get(match=match)
        assert match.sheet is not None and table.scoresheet_id == match.sheet.pk
        assert table.status == TableStatus.FINISHED
        assert match.sheet.status == SheetStatus.CONFIRMED and match.sheet.winners
        assert_log_is_the_truth(table.pk)
        lines = HandLine.objects.live().filter(sheet=match.sheet).order_by("number")
        assert [line.line for line in lines] == lines_replayed(table.pk)
        actors = set(ActionLog.objects.filter(table=table).values_list("actor", flat=True))
        assert actors <= {ActionLog.Actor.BOT, ActionLog.Actor.STAND_IN}  # nobody waited for
        hands += table.hand_number
    snapshot = StandingsSnapshot.objects.get(event=event)
    assert snapshot.games_counted == len(matches) and len(snapshot.rows) == entrants
    assert f"  1. {snapshot.rows[0]['name']}: " in out
    for number in range(1, rounds + 1):
        tables = sum(1 for match in matches if match.round.number == number)
        assert f"Round {number} online: {tables} table" in out
    assert f"{hands} line" in out and "Wall time " in out and "CPU time " in out


@pytest.mark.django_db(transaction=True)
def test_a_knockout_online_sends_each_tables_winners_through() -> None:
    simulate(
        *("--format", "knockout", "--game", "pitch52", "--options", '{"target": 11}'),
        *("--entrants", "4", "--rounds", "2", "--seed", "8"),
    )
    first = LiveTable.objects.filter(match__round__number=1).select_related("match")
    through: set[int] = set()
    for table in first:
        last = TableHand.objects.filter(table=table).order_by("number").last()
        assert last is not None and last.result is not None
        winners = last.result["result"]["winners"]
        assert len(winners) == 1  # a knockout game has one winner, or nobody goes through
        seats = get_game(table.game, table.options).seating.side_seats[winners[0]]
        through |= set(table.seats.filter(index__in=seats).values_list("player_id", flat=True))
    assert len(through) == 4  # two partnerships of two
    final = Seating.objects.filter(round__number=2)
    assert set(final.values_list("player_id", flat=True)) == through


@pytest.mark.django_db(transaction=True)
def test_a_night_in_progress_online_leaves_half_the_last_rounds_tables_to_their_players() -> None:
    out = simulate(
        *("--format", "progressive", "--game", "pitch52", "--options", '{"target": 11}'),
        *("--entrants", "8", "--rounds", "1", "--in-progress"),
    )
    event = Event.objects.get()
    assert event.status == "running" and event.rounds.count() == 2
    played, waiting = LiveTable.objects.filter(match__round__number=2).order_by(
        "match__table__number"
    )
    assert played.status == TableStatus.FINISHED
    assert played.scoresheet is not None
    assert played.scoresheet.status == SheetStatus.CONFIRMED
    assert waiting.status != TableStatus.FINISHED
    assert not waiting.seats.filter(bot_playing=True).exists()  # nobody played for yet
    assert not ActionLog.objects.filter(table=waiting).exclude(actor="player").exists()
    assert "Round 2 online: 1 table, " in out and "1 table waiting for its players" in out


@pytest.mark.django_db
def test_tables_whose_games_do_not_end_are_reported_plainly(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, _ = table_with(people=4)  # a person to act: nothing moves by itself here
    settings.CELERY_TASK_ALWAYS_EAGER = False  # a worker would play it: waited for, in vain
    with pytest.raises(TableError) as late:
        tables_finish([table.pk], timeout=0)
    assert late.value.code == "tables_timeout" and str(table) in late.value.message
    settings.CELERY_TASK_ALWAYS_EAGER = True
    monkeypatch.setattr("tables.services.table_to_computer", lambda **kwargs: None)
    with pytest.raises(TableError) as stuck:
        tables_finish([table.pk])
    assert stuck.value.code == "tables_stalled"
    assert LiveTable.objects.get(pk=table.pk).seq == table.seq
