"""The round page follows its online matches beside the paper tables: each live table's state,
score, hands and seats, read in a fixed number of queries; a director pauses, resumes and
abandons a table from the round and comes back to it, a player only looks."""

from __future__ import annotations

import datetime
import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from club.models import Membership
from scoring.tablecodes import tablecode_revoke
from tables.models import LiveTable, TableSeat, TableStatus
from tables.services import seat_disconnected
from tests.factories import MembershipFactory
from tests.tables.helpers import play_hand, players_arrive
from tests.tournaments.factories import club_with, event_with
from tests.tournaments.test_views import url
from tournaments import round_live as live
from tournaments import round_online as online
from tournaments.models import Match, PlaysAt, Round
from tournaments.round_display import round_view
from tournaments.services.events import OnlinePlay
from tournaments.services.publish import RoundWindow, round_publish
from tournaments.services.rounds import round_pair
from tournaments.simulate import sheet_play

pytestmark = pytest.mark.django_db

BY_ROUND = OnlinePlay(PlaysAt.BY_ROUND)


def mixed_round(*, players: int = 8, online_tables: set[int] | None = None) -> Round:
    """Round 1 of a night chosen round by round, published with table 1 online (or
    ``online_tables``) and the rest at the hall; the online tables' players came (their games
    started) and closed their pages."""
    setup = club_with(players=players)
    event = event_with(setup, format="progressive", online=BY_ROUND)
    round_ = round_publish(round_=round_pair(event=event), online_tables=online_tables or {1})
    for table in LiveTable.objects.filter(match__round=round_):
        players_arrive(table)
        for index in range(4):
            seat_disconnected(table_id=table.pk, index=index)
    return round_


def live_table(round_: Round, number: int = 1) -> LiveTable:
    return LiveTable.objects.get(match__round=round_, match__table__number=number)


def shown(round_: Round) -> online.RoundOnline:
    return online.round_online(view=round_view(round_=round_, kind="player"))


def test_only_the_online_matches_are_followed_at_their_live_tables() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    found = shown(round_)
    assert list(found.tables) == [1]
    row = found.tables[1]
    assert (row.table_id, row.status, row.hands) == (table.pk, online.PLAYING, 0)
    assert [seat.seat for seat in row.seats] == [0, 1, 2, 3]
    assert [seat.compass for seat in row.seats] == ["North", "East", "South", "West"]
    assert not any(seat.connected or seat.computer for seat in row.seats)
    assert found.summary == [("playing online", 1)]


def test_the_hands_played_and_the_score_follow_the_sheet() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    play_hand(table)
    play_hand(table)
    row = shown(round_).tables[1]
    match = Match.objects.select_related("sheet").get(pk=row.match_id)
    assert match.sheet is not None
    assert row.hands == 2 == match.sheet.lines.count()
    last = match.sheet.lines.order_by("number").last()
    assert last is not None and row.scores == list(last.scores_after)
    assert any(row.scores)


def test_connected_players_and_the_computer_standing_in_are_told_apart() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    TableSeat.objects.filter(table=table, index=0).update(connections=2)
    TableSeat.objects.filter(table=table, index=1).update(bot_playing=True)
    seats = shown(round_).tables[1].seats
    assert [(s.connected, s.computer) for s in seats] == [
        (True, False),
        (False, True),
        (False, False),
        (False, False),
    ]
    assert all(s.name for s in seats)


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (TableStatus.SCHEDULED, "scheduled online"),
        (TableStatus.OPEN, "open online"),
        (TableStatus.PAUSED, "paused"),
        (TableStatus.FINISHED, "finished online"),
        (TableStatus.ABANDONED, "abandoned"),
    ],
)
def test_each_state_of_a_live_table_is_named_and_counted(status: str, words: str) -> None:
    round_ = mixed_round(players=12, online_tables={1, 3})
    LiveTable.objects.filter(match__round=round_).update(status=status)
    found = shown(round_)
    assert [row.status for row in found.tables.values()] == [status, status]
    assert found.summary == [(words, 2)]
    assert found.tables[1].is_ended == (status in online.ENDED)


def test_an_open_table_waits_for_its_empty_seats() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    LiveTable.objects.filter(pk=table.pk).update(status=TableStatus.OPEN)
    TableSeat.objects.filter(table=table, index=3).update(player=None)
    row = shown(round_).tables[1]
    assert row.waiting_for == 1 and row.seats[3].name == ""


def test_a_match_in_a_window_is_scheduled_for_its_default_time() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive", online=BY_ROUND)
    now = timezone.now()
    default = now + datetime.timedelta(days=2)
    window = RoundWindow(now, now + datetime.timedelta(days=7), default)
    round_ = round_publish(round_=round_pair(event=event), online_tables={2}, window=window)
    row = shown(round_).tables[2]
    assert row.status == online.SCHEDULED and row.scheduled_at == default
    assert row.hands == 0 and row.scores == [None, None]


def test_the_round_page_reads_its_online_tables_in_a_fixed_number_of_queries() -> None:
    def queries(players: int) -> int:
        round_ = mixed_round(players=players, online_tables=set(range(1, players // 4 + 1)))
        director = signed_in_to(round_)
        fragment = url("round_live", round_.event, 1)
        director.get(fragment)  # the session and the club are read once, as for any page
        with CaptureQueriesContext(connection) as captured:
            response = director.get(fragment)
        assert response.status_code == 200
        assert response.content.decode().count('class="table-online"') == players // 4
        return len(captured)

    assert queries(8) == queries(16)


def signed_in_to(round_: Round, role: str = Membership.Role.DIRECTOR) -> Client:
    """A member of the round's club with ``role``, signed in."""
    member = MembershipFactory.create(club=round_.event.club, role=role, with_account=True)
    assert member.player.user is not None
    client = Client()
    client.force_login(member.player.user)
    return client


def test_the_head_line_counts_paper_and_online_tables_apart() -> None:
    round_ = mixed_round()
    paper = Match.objects.select_related("sheet").get(round=round_, table__number=2).sheet
    assert paper is not None
    sheet_play(sheet=paper, rng=random.Random(3), hands=1)
    page = signed_in_to(round_).get(url("round_detail", round_.event, 1)).content.decode()
    assert "2 tables · <strong>1</strong> playing · <strong>1</strong> playing online" in page


def test_a_scorer_or_player_sees_the_state_and_no_director_button() -> None:
    round_ = mixed_round()
    table = live_table(round_)
    for role in (Membership.Role.PLAYER, Membership.Role.SCORER):
        page = signed_in_to(round_, role).get(url("round_detail", round_.event, 1)).content
        text = page.decode()
        assert 'class="table-online"' in text and "Playing" in text
        assert f"/tables/{table.pk}/" in text  # Watch
        assert 'name="op"' not in text and "/abandon/" not in text


def test_an_online_match_is_never_pointed_out_as_quiet() -> None:
    round_ = mixed_round()
    later = timezone.now() + datetime.timedelta(hours=3)
    tables = live.round_live(view=round_view(round_=round_, kind="player"), now=later).tables
    assert [(t.table.number, bool(t.quiet_minutes)) for t in tables] == [(1, False), (2, True)]


def test_a_paper_table_of_a_mixed_round_without_its_code_is_pointed_out() -> None:
    round_ = mixed_round()
    paper = Match.objects.select_related("sheet").get(round=round_, table__number=2).sheet
    assert paper is not None
    tablecode_revoke(sheet=paper)
    page = signed_in_to(round_).get(url("round_detail", round_.event, 1)).content.decode()
    assert "1 table has no table code." in page  # the online table needs none
