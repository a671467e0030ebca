"""An event played online: publishing a round sets a live table for each match, seated as the
round is, with the event's clocks, writing the match's sheet; the finished game confirms it."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from club.models import Membership
from scoring.errors import TablePlaying
from scoring.models import SheetStatus, TableCode
from scoring.tablecodes import tablecode_issue, tablecodes_issue_missing
from tables.errors import TableError
from tables.models import LiveTable, TableStatus
from tests.factories import MembershipFactory
from tests.tables.helpers import play_hand, players_arrive
from tests.tournaments.factories import club_with, event_with
from tests.tournaments.test_views import url
from tournaments.models import Match, PlaysAt, Round, RoundStatus, Seating, StandingsSnapshot
from tournaments.services.events import OnlinePlay
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.signals import round_going_online

pytestmark = pytest.mark.django_db

ONLINE = OnlinePlay(PlaysAt.ONLINE, turn_seconds=45, grace_seconds=90)


def _online_round(*, target: int = 125) -> Round:
    setup = club_with(players=8, options={"target": target})
    for number, player in enumerate(setup.players):
        player.email = f"player{number}@example.org"
        player.save(update_fields=["email"])
    event = event_with(setup, format="progressive", online=ONLINE)
    return round_pair(event=event)


def test_publishing_an_online_round_sets_a_table_for_each_match(
    django_capture_on_commit_callbacks: pytest.FixtureRequest,
) -> None:
    draft = _online_round()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        published = round_publish(round_=draft)
    assert published.online and published.status == RoundStatus.PUBLISHED
    matches = list(Match.objects.filter(round=published).order_by("table__number"))
    tables = [LiveTable.objects.get(match=match) for match in matches]
    assert len(tables) == 2
    for match, table in zip(matches, tables, strict=True):
        seated = {s.seat: s.player_id for s in Seating.objects.filter(table=match.table)}
        assert {seat.index: seat.player_id for seat in table.seats.all()} == seated
        assert table.scoresheet == match.sheet
        assert (table.turn_seconds, table.grace_seconds) == (45, 90)
        assert table.options["target"] == 125
        assert table.status in (TableStatus.OPEN, TableStatus.PLAYING)
    assert not TableCode.objects.filter(sheet__in=[m.sheet for m in matches]).exists()
    # Each player is told once, by the table's notice with its link; no "pairings are up".
    told = sorted(address for message in mail.outbox for address in message.to)
    assert len(told) == len(set(told)) == Seating.objects.filter(round=published).count() == 8
    assert mail.outbox and all("/tables/" in message.body for message in mail.outbox)


def test_a_round_at_the_hall_gets_table_codes_and_no_live_table() -> None:
    setup = club_with(players=8)
    published = round_publish(round_=round_pair(event=event_with(setup, format="progressive")))
    assert not published.online
    assert not LiveTable.objects.filter(match__round=published).exists()
    assert TableCode.objects.filter(sheet__tournament_match__round=published).count() == 2


def test_a_table_refused_leaves_the_round_a_draft_with_nothing_made() -> None:
    draft = _online_round()

    def refuse(sender: object, round_id: int, **kwargs: object) -> None:
        raise TableError("rule_set", "refused for the test")

    round_going_online.connect(refuse, dispatch_uid="test_refuse")
    try:
        with pytest.raises(TableError):
            round_publish(round_=draft)
    finally:
        round_going_online.disconnect(dispatch_uid="test_refuse")
    draft.refresh_from_db()
    assert draft.status == RoundStatus.DRAFT and not draft.online
    assert not LiveTable.objects.filter(match__round=draft).exists()
    assert not Match.objects.filter(round=draft, sheet__isnull=False).exists()


def test_the_finished_online_game_confirms_the_sheet_and_the_standings_count_it(
    django_capture_on_commit_callbacks: pytest.FixtureRequest,
) -> None:
    published = round_publish(round_=_online_round(target=120))
    table = LiveTable.objects.filter(match__round=published).order_by("pk").first()
    assert table is not None and table.match_id is not None
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        players_arrive(table)
        for _ in range(80):
            if table.is_finished:
                break
            play_hand(table)
    assert table.is_finished
    sheet = Match.objects.get(pk=table.match_id).sheet
    assert sheet is not None and sheet.status == SheetStatus.CONFIRMED
    assert sheet.lines.count() == table.hand_number
    standings = StandingsSnapshot.objects.get(event=published.event)
    assert standings.match_ids == [table.match_id] and standings.games_counted == 1


def test_an_online_rounds_sheets_take_no_table_code() -> None:
    published = round_publish(round_=_online_round())
    match = Match.objects.filter(round=published).select_related("sheet").first()
    assert match is not None and match.sheet is not None
    with pytest.raises(TablePlaying):
        tablecode_issue(sheet=match.sheet, by=None)
    sheet_ids = [m.sheet_id for m in Match.objects.filter(round=published) if m.sheet_id]
    assert tablecodes_issue_missing(sheet_ids=sheet_ids, by=None) == []
    member = MembershipFactory.create(
        club=published.event.club, role=Membership.Role.DIRECTOR, with_account=True
    )
    assert member.player.user is not None
    director = Client()
    director.force_login(member.player.user)
    page = director.get(url("round_detail", published.event, 1)).content.decode()
    assert "no table code" not in page and "Issue one" not in page
    assert not TableCode.objects.filter(sheet_id__in=sheet_ids).exists()
