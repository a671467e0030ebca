"""Publishing a round where it is played: at the hall, online, or table by table for an event
choosing round by round; windows with a default time; a person twice online at one time
refused; and a night mixing paper and online tables, played to its standings."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from scoring.models import SheetStatus, TableCode
from scoring.services import scoresheet_confirm
from tables.models import LiveTable
from tests.tables.helpers import play_hand, players_arrive
from tests.tournaments.factories import ClubSetup, club_with, event_with
from tournaments.errors import TournamentError
from tournaments.models import (
    Job,
    JobKind,
    Match,
    MatchTime,
    MatchTimeStatus,
    PlaysAt,
    Round,
    RoundStatus,
    StandingsSnapshot,
    TimeSource,
)
from tournaments.services.events import OnlinePlay
from tournaments.services.publish import RoundWindow, round_publish
from tournaments.services.rounds import round_pair
from tournaments.simulate import sheet_play

pytestmark = pytest.mark.django_db


def _draft(plays_at: str, *, setup: ClubSetup | None = None, target: int = 125) -> Round:
    """Round 1 of a progressive night of eight (two tables), paired, not published."""
    setup = setup or club_with(players=8, options={"target": target})
    event = event_with(setup, format="progressive", online=OnlinePlay(plays_at, 45, 90))
    return round_pair(event=event)


def _window(opens_in: float, closes_in: float, default_in: float) -> RoundWindow:
    """A window whose times are so many hours from now."""
    now = timezone.now().replace(microsecond=0)
    return RoundWindow(
        opens_at=now + timedelta(hours=opens_in),
        closes_at=now + timedelta(hours=closes_in),
        default_at=now + timedelta(hours=default_in),
    )


def _matches(round_: Round) -> dict[int, Match]:
    return {m.table.number: m for m in Match.objects.filter(round=round_).select_related("table")}


def _coded(round_: Round) -> set[int]:
    """The numbers of the round's tables whose sheet has a table code."""
    codes = TableCode.objects.filter(sheet__tournament_match__round=round_)
    return set(codes.values_list("sheet__tournament_match__table__number", flat=True))


def _live(round_: Round) -> set[int]:
    """The numbers of the round's tables played at a live table."""
    tables = LiveTable.objects.filter(match__round=round_)
    return set(tables.values_list("match__table__number", flat=True))


def _still_a_draft(round_: Round) -> None:
    """Nothing of the refused publication is left: a draft with no sheet, code, table or time."""
    round_.refresh_from_db()
    assert round_.status == RoundStatus.DRAFT and round_.published_at is None
    assert not round_.online and round_.opens_at is None and round_.default_at is None
    assert not Match.objects.filter(round=round_, sheet__isnull=False).exists()
    assert not Match.objects.filter(round=round_, online=True).exists()
    assert not _coded(round_) and not _live(round_)
    assert not MatchTime.objects.filter(match__round=round_).exists()


def test_a_round_chosen_table_by_table_puts_only_those_tables_online() -> None:
    published = round_publish(round_=_draft(PlaysAt.BY_ROUND), online_tables=[2])
    assert published.online and published.status == RoundStatus.PUBLISHED
    matches = _matches(published)
    assert (matches[1].online, matches[2].online) == (False, True)
    assert _live(published) == {2} and _coded(published) == {1}
    assert matches[2].starts_at == published.published_at
    assert matches[2].time_source == TimeSource.ROUND and matches[1].starts_at is None
    table = LiveTable.objects.get(match=matches[2])
    assert table.scoresheet_id == matches[2].sheet_id


@pytest.mark.parametrize("chosen", [None, []])
def test_a_round_chosen_round_by_round_with_no_table_online_is_played_at_the_hall(
    chosen: list[int] | None,
) -> None:
    published = round_publish(round_=_draft(PlaysAt.BY_ROUND), online_tables=chosen)
    assert not published.online
    assert _coded(published) == {1, 2} and not _live(published)
    assert not Match.objects.filter(round=published, online=True).exists()


def test_every_table_chosen_puts_the_whole_round_online() -> None:
    published = round_publish(round_=_draft(PlaysAt.BY_ROUND), online_tables=[1, 2])
    assert published.online and _live(published) == {1, 2} and not _coded(published)


@pytest.mark.parametrize("plays_at", [PlaysAt.ONLINE, PlaysAt.HALL])
def test_an_event_not_chosen_round_by_round_refuses_a_choice_of_tables(plays_at: str) -> None:
    draft = _draft(plays_at)
    with pytest.raises(TournamentError) as refused:
        round_publish(round_=draft, online_tables=[1])
    assert (refused.value.code, refused.value.field) == ("not_by_round", "online_tables")
    assert "round by round" in refused.value.message
    _still_a_draft(draft)


def test_a_table_the_round_does_not_have_is_refused() -> None:
    draft = _draft(PlaysAt.BY_ROUND)
    with pytest.raises(TournamentError) as refused:
        round_publish(round_=draft, online_tables=[1, 3, 9])
    assert (refused.value.code, refused.value.field) == ("no_such_tables", "online_tables")
    assert refused.value.message == "Round 1 has no table 3, 9."
    _still_a_draft(draft)


@pytest.mark.parametrize(
    ("plays_at", "online_tables", "window", "code", "field"),
    [
        (PlaysAt.ONLINE, None, (24, 2, 12), "window_backwards", "window.closes_at"),
        (PlaysAt.ONLINE, None, (2, 2, 2), "window_backwards", "window.closes_at"),
        (PlaysAt.ONLINE, None, (2, 48, 72), "default_outside", "window.default_at"),
        (PlaysAt.BY_ROUND, [1], (2, 48, 1), "default_outside", "window.default_at"),
        (PlaysAt.HALL, None, (2, 48, 24), "window_at_the_hall", "window"),
        (PlaysAt.BY_ROUND, [], (2, 48, 24), "window_at_the_hall", "window"),
    ],
)
def test_a_window_is_checked_and_a_refused_one_changes_nothing(
    plays_at: str,
    online_tables: list[int] | None,
    window: tuple[float, float, float],
    code: str,
    field: str,
) -> None:
    draft = _draft(plays_at)
    with pytest.raises(TournamentError) as refused:
        round_publish(round_=draft, online_tables=online_tables, window=_window(*window))
    assert (refused.value.code, refused.value.field) == (code, field)
    _still_a_draft(draft)


def test_a_windowed_round_schedules_its_tables_at_the_default_time() -> None:
    window = _window(2, 72, 26)
    published = round_publish(round_=_draft(PlaysAt.BY_ROUND), online_tables=[1], window=window)
    assert (published.opens_at, published.closes_at, published.default_at) == (
        window.opens_at,
        window.closes_at,
        window.default_at,
    )
    assert published.has_window
    online = _matches(published)[1]
    assert (online.starts_at, online.time_source) == (window.default_at, TimeSource.DEFAULT)
    table = LiveTable.objects.get(match=online)
    assert table.scheduled_at == window.default_at
    current = MatchTime.objects.get(match=online)
    assert (current.at, current.status) == (window.default_at, MatchTimeStatus.DEFAULT)
    assert not MatchTime.objects.filter(match=_matches(published)[2]).exists()


def _same_players_online_twice() -> tuple[Round, Round]:
    """Two online events of one club with the same eight players: the first's round 1
    published (its matches start now), the second's round 1 a draft."""
    setup = club_with(players=8)
    first = round_publish(round_=_draft(PlaysAt.ONLINE, setup=setup))
    return first, _draft(PlaysAt.ONLINE, setup=setup)


def test_a_person_in_two_online_matches_at_one_time_is_refused() -> None:
    first, second = _same_players_online_twice()
    assert first.event_id != second.event_id
    with pytest.raises(TournamentError) as refused:
        round_publish(round_=second)
    assert refused.value.code == "clash"
    assert first.event.name in refused.value.message
    _still_a_draft(second)
    assert _live(first) == {1, 2}


def test_a_window_opening_later_makes_no_clash() -> None:
    first, second = _same_players_online_twice()
    published = round_publish(round_=second, window=_window(1, 72, 3))
    assert published.status == RoundStatus.PUBLISHED and _live(published) == {1, 2}


def test_a_table_at_the_hall_clashes_with_nothing_online() -> None:
    setup = club_with(players=8)
    round_publish(round_=_draft(PlaysAt.ONLINE, setup=setup))
    hall = round_publish(round_=_draft(PlaysAt.BY_ROUND, setup=setup), online_tables=[])
    assert hall.status == RoundStatus.PUBLISHED and _coded(hall) == {1, 2}


def _play_online(table: LiveTable) -> None:
    """The table's players come, and play its game to the end."""
    players_arrive(table)
    for _ in range(120):
        if table.is_finished:
            return
        play_hand(table)


def test_a_night_mixing_paper_and_online_tables_counts_both_in_the_standings(
    django_capture_on_commit_callbacks: pytest.FixtureRequest,
) -> None:
    draft = _draft(PlaysAt.BY_ROUND, target=120)
    published = round_publish(round_=draft, online_tables=[1])
    online, hall = _matches(published)[1], _matches(published)[2]
    assert _live(published) == {1} and _coded(published) == {2}
    table = LiveTable.objects.get(match=online)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        _play_online(table)
    assert table.is_finished
    online.refresh_from_db()
    assert online.sheet is not None and online.sheet.status == SheetStatus.CONFIRMED
    published.refresh_from_db()
    assert published.status == RoundStatus.PUBLISHED  # the hall table is still playing
    assert hall.sheet is not None and hall.sheet.status != SheetStatus.CONFIRMED
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        assert sheet_play(sheet=hall.sheet, rng=random.Random(5)) > 0
        scoresheet_confirm(sheet=hall.sheet, by=None)
    job = Job.objects.filter(event=published.event, kind=JobKind.STANDINGS).latest("pk")
    assert job.state == "done", job.message
    standings = StandingsSnapshot.objects.get(event=published.event)
    assert sorted(standings.match_ids) == sorted([online.pk, hall.pk])
    assert standings.games_counted == 2
    assert all(row["played"] == 1 for row in standings.rows) and len(standings.rows) == 8
    published.refresh_from_db()
    assert published.status == RoundStatus.FINISHED and published.finished_at is not None


def test_a_round_all_online_with_a_window_starts_every_match_at_the_default_time() -> None:
    opens = datetime(2030, 3, 1, 18, 0, tzinfo=timezone.get_current_timezone())
    window = RoundWindow(opens, opens + timedelta(days=3), opens + timedelta(days=1))
    published = round_publish(round_=_draft(PlaysAt.ONLINE), window=window)
    assert published.default_at == opens + timedelta(days=1)
    assert {m.starts_at for m in Match.objects.filter(round=published)} == {window.default_at}
