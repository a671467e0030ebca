"""Table codes: issued unique, reissued and withdrawn, opening one sheet only, and closed once
the sheet is confirmed; a table's lines name the code and the phone in their history."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from scoring import tablecodes
from scoring.errors import ScoringError, SheetLocked
from scoring.models import LineRevision, SheetConfirmation, SheetStatus, TableCode
from scoring.services import handline_add, scoresheet_confirm, scoresheet_unlock
from scoring.tablecodes import (
    TableCodeRefused,
    code_normal,
    tablecode_issue,
    tablecode_open,
    tablecode_revoke,
)
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45

pytestmark = pytest.mark.django_db


def test_codes_are_short_unambiguous_and_unique(staff: Staff, make_sheet: MakeSheet) -> None:
    codes = [tablecode_issue(sheet=make_sheet(), by=staff.director).code for _ in range(30)]
    assert len(set(codes)) == 30
    for code in codes:
        assert len(code) == 7 and code[3] == "-"
        assert not set(code.replace("-", "")) - set(tablecodes.ALPHABET)
        assert not set(code) & set("01OIL")


def test_a_code_is_read_however_it_is_typed(staff: Staff, make_sheet: MakeSheet) -> None:
    issued = tablecode_issue(sheet=make_sheet(), by=staff.director)
    typed = f" {issued.code.replace('-', '').lower()} "
    assert code_normal(typed) == issued.code
    assert tablecode_open(code=typed).pk == issued.pk


def test_reissue_revokes_the_old_code(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    old = tablecode_issue(sheet=sheet, by=staff.director)
    new = tablecode_issue(sheet=sheet, by=staff.director)
    assert new.code != old.code
    assert list(TableCode.objects.live().filter(sheet=sheet)) == [new]
    with pytest.raises(TableCodeRefused) as refused:
        tablecode_open(code=old.code)
    assert refused.value.code == "code_revoked" and refused.value.status == 410
    assert tablecode_open(code=new.code).sheet_id == sheet.pk


def test_revoke_closes_the_code_and_says_when_there_is_none(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    issued = tablecode_issue(sheet=sheet, by=staff.director)
    assert tablecode_revoke(sheet=sheet) == 1
    with pytest.raises(TableCodeRefused):
        tablecode_open(code=issued.code)
    with pytest.raises(tablecodes.ScoringError) as none:
        tablecode_revoke(sheet=sheet)
    assert none.value.code == "no_code"


def test_an_unknown_code_is_refused_with_its_code(db: None) -> None:
    with pytest.raises(TableCodeRefused) as refused:
        tablecode_open(code="ZZZ-ZZZ")
    assert refused.value.code == "code_unknown" and refused.value.status == 404


def test_confirmation_ends_the_access(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    issued = tablecode_issue(sheet=sheet, by=staff.director)
    for number, line in enumerate(AUCTION45, start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=None)
    scoresheet_confirm(sheet=sheet, by=staff.director)
    with pytest.raises(TableCodeRefused) as refused:
        tablecode_open(code=issued.code)
    assert refused.value.code == "sheet_confirmed"
    with pytest.raises(SheetLocked):
        tablecode_issue(sheet=sheet, by=staff.director)
    scoresheet_unlock(sheet=sheet, by=staff.director, reason="line 3 was wrong")
    with pytest.raises(TableCodeRefused) as still:
        tablecode_open(code=issued.code)  # an unlock is for the director's correction
    assert still.value.code == "sheet_confirmed"
    reissued = tablecode_issue(sheet=sheet, by=staff.director)
    assert tablecode_open(code=reissued.code).sheet_id == sheet.pk


def test_a_tables_line_names_the_code_and_phone(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    issued = tablecode_issue(sheet=sheet, by=staff.director)
    added = tablecodes.table_line_add(
        code=issued,
        phone="a1b2c3",
        line=lambda game: AUCTION45[0],
        expected_number=1,
        client_key="k-1",
    )
    revision = LineRevision.objects.get(line=added)
    assert revision.note == f"table {issued.code}, phone a1b2c3"
    assert revision.by is None


def test_guesses_are_counted_per_address(db: None) -> None:
    cache.clear()
    for n in range(tablecodes.ADDRESS_GUESSES - 1):
        tablecodes.guess_failed("10.0.0.9", f"session-{n}")
    assert tablecodes.guesses_refusal("10.0.0.9", "session-new") is None
    tablecodes.guess_failed("10.0.0.9", "session-last")
    refusal = tablecodes.guesses_refusal("10.0.0.9", "session-new")
    assert refusal is not None and refusal.code == "code_throttled"
    assert "from this address" in refusal.message
    assert tablecodes.guesses_refusal("10.0.0.8", "session-new") is None


def test_guesses_are_counted_per_phone(db: None) -> None:
    cache.clear()
    for _ in range(tablecodes.SESSION_GUESSES):
        tablecodes.guess_failed("10.0.0.9", "phone-a")
    refusal = tablecodes.guesses_refusal("10.0.0.9", "phone-a")
    assert refusal is not None and refusal.status == 429
    assert "from this phone" in refusal.message
    assert tablecodes.guesses_refusal("10.0.0.9", "phone-b") is None


def test_the_live_codes_of_many_sheets_are_read_at_once(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    first, second, bare = make_sheet(), make_sheet(), make_sheet()
    old = tablecode_issue(sheet=first, by=staff.director)
    new = tablecode_issue(sheet=first, by=staff.director)
    other = tablecode_issue(sheet=second, by=staff.director)
    live = tablecodes.tablecodes_live(sheet_ids=[first.pk, second.pk, bare.pk])
    assert live == {first.pk: new.code, second.pk: other.code}
    assert old.code not in live.values()


def test_missing_codes_are_issued_and_live_ones_kept(staff: Staff, make_sheet: MakeSheet) -> None:
    kept, withdrawn, never, confirmed = (make_sheet() for _ in range(4))
    live = tablecode_issue(sheet=kept, by=staff.director)
    tablecode_issue(sheet=withdrawn, by=staff.director)
    tablecode_revoke(sheet=withdrawn)
    for number, line in enumerate(AUCTION45, start=1):
        handline_add(sheet=confirmed, line=line, expected_number=number, by=None)
    scoresheet_confirm(sheet=confirmed, by=None)
    sheets = [kept, withdrawn, never, confirmed]

    issued = tablecodes.tablecodes_issue_missing(
        sheet_ids=[s.pk for s in sheets], by=staff.director
    )

    assert sorted(code.sheet_id for code in issued) == sorted([withdrawn.pk, never.pk])
    assert tablecodes.tablecodes_live(sheet_ids=[kept.pk])[kept.pk] == live.code
    assert not TableCode.objects.filter(sheet=confirmed).exists()
    assert tablecodes.tablecodes_issue_missing(sheet_ids=[s.pk for s in sheets], by=None) == []


def entered_from(code: TableCode, phone: str) -> None:
    """The whole game of 45s added from ``phone`` with ``code``."""
    for number, line in enumerate(AUCTION45, start=1):
        tablecodes.table_line_add(
            code=code,
            phone=phone,
            line=lambda game, line=line: line,  # type: ignore[misc]
            expected_number=number,
            client_key=f"k-{number}",
        )


def test_the_phone_that_entered_the_lines_cannot_confirm_them(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    code = tablecode_issue(sheet=make_sheet(), by=staff.director)
    entered_from(code, "aaa111")
    with pytest.raises(ScoringError) as refused:
        tablecodes.table_confirm(code=code, phone="aaa111", by=None)
    assert refused.value.code == "entered_here" and refused.value.status == 403
    code.sheet.refresh_from_db()
    assert code.sheet.status == SheetStatus.FINISHED


def test_the_other_sides_confirmation_is_kept_in_the_history(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    code = tablecode_issue(sheet=make_sheet(), by=staff.director)
    entered_from(code, "aaa111")
    sheet = tablecodes.table_confirm(code=code, phone="bbb222", by=None)
    assert sheet.status == SheetStatus.CONFIRMED and sheet.confirmed_by is None
    [confirmed] = SheetConfirmation.objects.filter(sheet=sheet)
    assert confirmed.note == f"table {code.code}, phone bbb222" and confirmed.by is None
    # A signed-in member at the table is named too.
    again = tablecode_issue(sheet=make_sheet(), by=staff.director)
    entered_from(again, "aaa111")
    signed_in = tablecodes.table_confirm(code=again, phone="ccc333", by=staff.player)
    assert signed_in.confirmed_by == staff.player
    assert SheetConfirmation.objects.get(sheet=signed_in).by == staff.player


def test_a_director_confirming_is_in_the_history_too(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    for number, line in enumerate(AUCTION45, start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=None)
    scoresheet_confirm(sheet=sheet, by=staff.director)
    confirmed = SheetConfirmation.objects.get(sheet=sheet)
    assert confirmed.by == staff.director and confirmed.note == ""


def test_the_sides_disagree_once_the_game_is_over_and_once(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=None)
    code = tablecode_issue(sheet=sheet, by=staff.director)
    with pytest.raises(ScoringError) as early:
        tablecodes.sheet_flag(code=code, phone="bbb222")
    assert early.value.code == "not_finished"
    for number, line in enumerate(AUCTION45[1:], start=2):
        handline_add(sheet=sheet, line=line, expected_number=number, by=None)
    tablecodes.sheet_flag(code=code, phone="bbb222")
    with pytest.raises(ScoringError) as twice:
        tablecodes.sheet_flag(code=code, phone="ccc333")
    assert twice.value.code == "already_flagged" and twice.value.status == 409
    sheet.refresh_from_db()
    assert "phone bbb222" in sheet.flag_note and "ccc333" not in sheet.flag_note
