"""Scoresheet services and corrections: starting a sheet, adding, correcting and deleting lines
(with their history and re-scoring), confirming and unlocking, and the signal on confirmation."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import Http404

from engine.rules import Game
from scoring.corrections import handline_delete, handline_edit
from scoring.errors import LineRefused, ScoringError, SheetLocked, StaleLine
from scoring.models import HandLine, LineRevision, SheetStatus
from scoring.services import (
    SideSpec,
    handline_add,
    handline_add_to,
    scoresheet_confirm,
    scoresheet_create,
    scoresheet_unlock,
)
from scoring.signals import sheet_confirmed
from tests.factories import ClubFactory, MembershipFactory, PartnershipFactory, RuleSetFactory
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45, GAMES

pytestmark = pytest.mark.django_db


def play(sheet: Any, lines: list[dict[str, Any]], by: Any = None) -> list[HandLine]:
    return [
        handline_add(sheet=sheet, line=line, expected_number=n, by=by)
        for n, line in enumerate(lines, start=1)
    ]


def test_a_sheet_copies_its_rules(staff: Staff) -> None:
    rule_set = RuleSetFactory.create(club=staff.club, options={"target": 125})
    sheet = scoresheet_create(club=staff.club, by=staff.director, rule_set=rule_set)
    assert sheet.target == 125 and sheet.options["renege"] == "five_jack"
    rule_set.options = {"target": 120}
    rule_set.save()
    sheet.refresh_from_db()
    assert sheet.target == 125
    assert sheet.rule_set_name == rule_set.name


def test_sides_are_named_from_partnerships_and_seat_players(staff: Staff) -> None:
    partnership = PartnershipFactory.create(club=staff.club, name="Ace of Hearts")
    sheet = scoresheet_create(
        club=staff.club,
        by=None,
        game_id="auction45",
        sides=[SideSpec(partnership=partnership), SideSpec(label="  Visitors ")],
    )
    assert [side.label for side in sheet.sides.all()] == ["Ace of Hearts", "Visitors"]
    seated = {seat.seat: seat.player for seat in sheet.seats.all()}
    assert {seated[0], seated[2]} == set(partnership.players.all())
    assert seated[1] is None and seated[3] is None


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"sides": [SideSpec(), SideSpec(), SideSpec()]}, "sides"),
        ({"first_dealer": 4}, "seat"),
        ({"game_id": "canasta"}, "rule_set"),
    ],
)
def test_bad_sheets_are_refused(staff: Staff, kwargs: dict[str, Any], code: str) -> None:
    with pytest.raises(ScoringError) as refused:
        scoresheet_create(club=staff.club, by=None, **({"game_id": "auction45"} | kwargs))
    assert refused.value.code == code


def test_outsiders_cannot_sit(staff: Staff) -> None:
    outsider = MembershipFactory.create()
    with pytest.raises(ScoringError) as refused:
        scoresheet_create(
            club=staff.club, by=None, game_id="pitch52", seat_players={0: outsider.player}
        )
    assert refused.value.code == "player"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_plays_to_its_end(make_sheet: MakeSheet, game_id: str) -> None:
    lines, totals, winners = GAMES[game_id]
    sheet = make_sheet(game_id)
    added = play(sheet, lines)
    assert [line.scores_after for line in added] == totals
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.FINISHED and sheet.winners == winners
    with pytest.raises(LineRefused) as refused:
        handline_add(sheet=sheet, line=lines[0], expected_number=len(lines) + 1, by=None)
    assert refused.value.code == "game_over"


def test_a_refused_line_saves_nothing(make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    with pytest.raises(LineRefused) as refused:
        handline_add(
            sheet=sheet, line=AUCTION45[0] | {"points": [10, 15]}, expected_number=1, by=None
        )
    assert (refused.value.code, refused.value.field) == ("points_total", "points")
    assert not HandLine.objects.exists() and not LineRevision.objects.exists()
    sheet.refresh_from_db()
    assert sheet.revision == 0


def test_an_add_made_for_an_older_sheet_is_stale(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=staff.scorer)
    with pytest.raises(StaleLine) as stale:
        handline_add(sheet=sheet, line=AUCTION45[1], expected_number=1, by=staff.director)
    assert "Line 1 was just added by" in stale.value.message
    with pytest.raises(StaleLine):
        handline_add(sheet=sheet, line=AUCTION45[1], expected_number=5, by=staff.director)
    assert HandLine.objects.count() == 1


def test_adding_by_sheet_number_reads_the_sheet_through_its_club(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    other = ClubFactory.create()
    with pytest.raises(Http404):
        handline_add_to(
            club=other, sheet_id=sheet.pk, line=AUCTION45[0], expected_number=1, by=None
        )
    assert not HandLine.objects.exists()
    games: list[str] = []

    def typed(game: Game) -> dict[str, Any]:
        games.append(game.id)
        return AUCTION45[0]

    added = handline_add_to(
        club=staff.club, sheet_id=sheet.pk, line=typed, expected_number=1, by=staff.scorer
    )
    assert games == ["auction45"]
    assert (added.number, added.sheet.revision, added.scores_after) == (1, 1, [10, 20])
    with pytest.raises(StaleLine) as stale:
        handline_add_to(club=staff.club, sheet_id=sheet.pk, line=typed, expected_number=1, by=None)
    assert "Line 1 was just added by" in stale.value.message


def test_edit_rescores_later_lines_and_records_before_and_after(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    first, *_ = play(sheet, AUCTION45[:3])
    handline_edit(
        sheet=sheet,
        number=1,
        line=AUCTION45[0] | {"points": [15, 15]},
        by=staff.director,
        expected_version=first.version,
    )
    totals = list(HandLine.objects.order_by("number").values_list("scores_after", flat=True))
    assert totals == [[15, -20], [35, -10], [45, -35]]
    revision = LineRevision.objects.get(action="edit")
    assert revision.before is not None and revision.after is not None
    assert revision.before["line"]["points"] == [10, 20]
    assert revision.after["line"]["points"] == [15, 15]
    assert revision.by == staff.director


def test_an_edit_from_an_old_version_is_stale(make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    first, second = play(sheet, AUCTION45[:2])
    handline_edit(sheet=sheet, number=1, line=AUCTION45[0], by=None, expected_version=first.version)
    with pytest.raises(StaleLine):
        handline_edit(
            sheet=sheet, number=1, line=AUCTION45[0], by=None, expected_version=first.version
        )
    # A delete moves line 2 up: a form made for "line 1" before the delete is stale too.
    handline_delete(sheet=sheet, number=1, by=None)
    with pytest.raises(StaleLine):
        handline_edit(
            sheet=sheet, number=1, line=AUCTION45[1], by=None, expected_version=second.version
        )


def test_delete_keeps_the_line_and_moves_the_rest_up(make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    # Line 3 says its deal changed, so it may follow line 1 once line 2 is gone.
    play(sheet, [*AUCTION45[:2], {**AUCTION45[2], "dealer_changed": True}])
    deleted = handline_delete(sheet=sheet, number=2, by=None)
    assert deleted.deleted
    live = list(HandLine.objects.live().order_by("number"))
    assert [(line.number, line.bid) for line in live] == [(1, 20), (2, 25)]
    assert live[-1].scores_after == [20, -5]
    assert LineRevision.objects.filter(action="delete", line=deleted).exists()


def test_deleting_the_last_line_reopens_a_finished_game(make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    play(sheet, AUCTION45)
    handline_delete(sheet=sheet, number=6, by=None)
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.IN_PROGRESS and sheet.winners is None


def test_confirm_locks_and_sends_the_signal_on_commit(
    staff: Staff, make_sheet: MakeSheet, django_capture_on_commit_callbacks: Any
) -> None:
    sheet = make_sheet()
    play(sheet, AUCTION45)
    received: list[Any] = []

    def receiver(sender: Any, sheet: Any, **kwargs: Any) -> None:
        received.append(sheet.pk)

    sheet_confirmed.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            scoresheet_confirm(sheet=sheet, by=staff.director)
            assert received == []  # not before the commit
    finally:
        sheet_confirmed.disconnect(receiver)
    assert received == [sheet.pk]
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.CONFIRMED
    with pytest.raises(SheetLocked):
        handline_delete(sheet=sheet, number=6, by=None)
    with pytest.raises(SheetLocked):
        scoresheet_confirm(sheet=sheet, by=staff.director)


def test_unlock_is_recorded(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    play(sheet, AUCTION45)
    scoresheet_confirm(sheet=sheet, by=staff.director)
    with pytest.raises(ScoringError) as refused:
        scoresheet_unlock(sheet=sheet, by=staff.director, reason="  ")
    assert refused.value.code == "reason"
    unlock = scoresheet_unlock(sheet=sheet, by=staff.director, reason="wrong bidder on line 2")
    assert unlock.by == staff.director
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.FINISHED and sheet.confirmed_at is None
    handline_delete(sheet=sheet, number=6, by=None)  # writable again


def test_the_dealer_passes_to_the_left(make_sheet: MakeSheet) -> None:
    sheet = make_sheet(first_dealer=2)
    assert [sheet.dealer_of(n, 4) for n in (1, 2, 3, 4)] == [2, 3, 0, 1]
    assert make_sheet().dealer_of(1, 4) is None
