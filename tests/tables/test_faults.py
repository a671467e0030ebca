"""Faults injected at a live table: each is logged with the table id, the log stays the truth,
and the table finishes its game."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from engine.tables import services
from engine.tables.models import LiveTable, TableHand
from scoring.errors import StaleLine, TablePlaying
from scoring.models import HandLine, SheetStatus
from scoring.services import handline_add_to
from tests.factories import MembershipFactory
from tests.tables.helpers import play_one, state, table_with

pytestmark = pytest.mark.django_db(transaction=True)


def _director(table: LiveTable) -> User:
    member = MembershipFactory.create(club=table.club, role="director", with_account=True)
    assert member.player.user is not None
    return member.player.user


def play_to_end(table: LiveTable, limit: int = 3000) -> None:
    """Play the person's seat (the computers answer after each commit) until the game ends."""
    for _ in range(limit):
        table.refresh_from_db()
        if table.is_ended:
            return
        play_one(table)
    raise AssertionError(f"table {table.pk} did not finish")


def assert_finished(table: LiveTable) -> None:
    table.refresh_from_db()
    assert table.status == LiveTable.Status.FINISHED
    assert table.scoresheet is not None
    assert TableHand.objects.filter(table=table, finished=False).count() == 0


def test_a_line_typed_on_a_playing_tables_sheet_is_refused_and_the_table_finishes() -> None:
    table, _ = table_with(people=1, bots=3, seed=5)
    number = table.hand_number
    while table.hand_number == number:
        play_one(table)
        table.refresh_from_db()
    sheet = table.scoresheet
    assert sheet is not None
    typed = dict(HandLine.objects.get(sheet=sheet, number=1).line)
    typed.pop("scores_after", None)
    with pytest.raises(TablePlaying) as refused:
        handline_add_to(
            club=table.club, sheet_id=sheet.pk, line=typed, expected_number=2, by=_director(table)
        )
    assert refused.value.code == "table_playing"
    play_to_end(table)
    assert_finished(table)
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.CONFIRMED
    assert HandLine.objects.filter(sheet=sheet).count() == table.hand_number


def test_a_sheet_that_refuses_the_tables_line_is_logged_and_the_table_plays_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    refusals = [StaleLine("stale", "Line 1 was just added by somebody")]
    real = services.handline_add

    def once_stale(**kwargs: Any) -> Any:
        if refusals:
            raise refusals.pop()
        return real(**kwargs)

    monkeypatch.setattr(services, "handline_add", once_stale)
    table, _ = table_with(people=1, bots=3, seed=5)
    play_to_end(table)
    table.refresh_from_db()
    assert table.status == LiveTable.Status.FINISHED
    assert f"table {table.pk}: the sheet refused line 1" in caplog.text
    assert not refusals


def test_a_computer_move_that_raises_is_logged_and_the_next_trigger_redoes_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    failures = [RuntimeError("the bot broke")]
    real = services.bot_action

    def once_broken(*args: Any, **kwargs: Any) -> Any:
        if failures:
            raise failures.pop()
        return real(*args, **kwargs)

    monkeypatch.setattr(services, "bot_action", once_broken)
    table, _ = table_with(people=0, bots=4, seed=3)  # the computers start at once, and fail
    table.refresh_from_db()
    assert f"table {table.pk}: computer move failed" in caplog.text
    assert table.status == LiveTable.Status.PLAYING
    assert state(table).to_act is not None  # stuck, with a computer to act
    assert services.bots_play(table_id=table.pk) > 0  # the next trigger plays on
    assert_finished(table)
