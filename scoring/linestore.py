"""How checked lines are stored: the sheet lock, the live lines of an entry, what a line row
keeps of the engine's answer, and the sheet's status that follows its last line.

Shared by ``scoring.services`` and ``scoring.doubleentry``; nothing here checks permissions or
writes a revision on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy

from engine.rules import Game, HandScore, Tally
from scoring import engine_bridge as bridge
from scoring.errors import LineRefused, ScoringError, SheetLocked
from scoring.models import HandLine, Scoresheet, SheetStatus
from scoring.ownership import refuse_table_owned
from scoring.rotation import OutOfTurn, Turn, dealer_changed, rotation_check

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, User

SHEET_LOCKED = gettext_lazy("This sheet is confirmed and locked; a director must unlock it first.")
NO_SUCH_LINE = gettext_lazy("There is no line {number} on this sheet.")
OUT_OF_TURN = gettext_lazy(
    "{expected} deals line {number}: {why} — not {written}. Write {expected_short} as the "
    'dealer, or tick "dealer changed" if the deal really changed (a misdeal).'
)
#: A seat named in the refusal's sentence, in the reader's language ("siège 2").
SEAT = gettext_lazy("seat {number}")
WHY_FIRST = gettext_lazy("the sheet's first dealer deals line 1")
WHY_COUNTED = gettext_lazy(
    "the deal passes to the left after every hand from the sheet's first dealer"
)
WHY_NEXT = gettext_lazy("the deal passes to the left after {previous}, who dealt line {before}")
LATER_LINE_REFUSED = gettext_lazy(
    "This change would make line {number} wrong: {reason} Nothing was "
    "changed; correct line {number} first or change this line differently."
)


def author(by: AbstractBaseUser | None) -> User | None:
    """Who wrote a change, as the models' user column holds it.

    Callers pass ``request.user`` (typed as the abstract base); the site's user model is
    Django's ``User``.
    """
    return cast("User | None", by)


def sheet_lock(sheet: Scoresheet, *, writable: bool = False) -> Scoresheet:
    """The sheet row, locked until the transaction ends (``select_for_update``): writers of
    one sheet take turns. ``writable`` refuses a confirmed sheet, and one an online table owns
    while it plays (corrections are people's writes; a table only adds lines).

    Raises:
        SheetLocked: ``writable`` and the sheet is confirmed.
        TablePlaying: ``writable`` and an online table owns the sheet now.
    """
    locked = Scoresheet.objects.select_for_update().get(pk=sheet.pk)
    if writable:
        _refuse_confirmed(locked)
        refuse_table_owned(locked)
    return locked


def _refuse_confirmed(sheet: Scoresheet) -> None:
    if sheet.status == SheetStatus.CONFIRMED:
        raise SheetLocked("locked", SHEET_LOCKED)


def live_lines(sheet: Scoresheet, entry: str) -> list[HandLine]:
    """The entry's lines that are not deleted, in order (numbers run 1, 2, … without gaps)."""
    return list(
        HandLine.objects.live()
        .filter(sheet=sheet, entry=entry)
        .select_related("created_by")
        .order_by("number")
    )


def sheet_lock_for_add(
    sheets: QuerySet[Scoresheet], pk: int, entry: str, *, by_table: bool = False
) -> tuple[Scoresheet, HandLine | None]:
    """Sheet ``pk`` of ``sheets``, locked as ``sheet_lock`` locks it and refused when
    confirmed, and ``entry``'s last live line: what adding a line reads before it writes.
    Unless ``by_table`` (the online table writing its own hand), a sheet an online table owns
    while it plays is refused too.

    The sheet is read once, by the locking query. The last line needs a query of its own,
    made after the lock is held: a subquery of the locking statement would see the lines as
    they were when the statement started, before it waited for the lock, and miss a line
    just added by the writer it waited for.

    Raises:
        Http404: no such sheet among ``sheets``.
        SheetLocked: the sheet is confirmed.
        TablePlaying: an online table owns the sheet now (and ``by_table`` is false).
    """
    locked = get_object_or_404(sheets.select_for_update(), pk=pk)
    _refuse_confirmed(locked)
    if not by_table:
        refuse_table_owned(locked)
    return locked, last_line(locked, entry)


def last_line(sheet: Scoresheet, entry: str) -> HandLine | None:
    """The entry's last live line: its number is the count of lines, its tally the totals.

    Only those are read (this runs on every line typed); its author is read when a message
    names them."""
    return (
        HandLine.objects.live()
        .filter(sheet=sheet, entry=entry)
        .only("id", "number", "tally_after", "created_by", "dealer")
        .order_by("-number")
        .first()
    )


def line_at(lines: Sequence[HandLine], number: int) -> HandLine:
    """Line ``number`` of ``lines`` (as ``live_lines`` returns them).

    Raises:
        ScoringError: ``no_such_line``.
    """
    if not 1 <= number <= len(lines):
        raise ScoringError("no_such_line", NO_SUCH_LINE.format(number=number))
    return lines[number - 1]


def replay_or_refuse(
    game: Game, lines: Sequence[Mapping[str, Any]], tally: Tally, first_number: int
) -> list[HandScore]:
    """Check a run of lines from ``tally``.

    Raises:
        LineRefused: the first line refused keeps its own code and field; a later one is
            reported as ``later_line_refused``, naming it, since the user changed another line.
    """
    try:
        return bridge.lines_replay(game, lines, tally, first_number)
    except LineRefused as error:
        if error.number == first_number:
            raise
        refused = LineRefused(
            "later_line_refused",
            LATER_LINE_REFUSED.format(number=error.number, reason=_sentence(error.message)),
        )
        refused.number = error.number
        raise refused from error


def turn_after(sheet: Scoresheet, game: Game, previous: HandLine | None) -> Turn:
    """What the rotation knows before the line that follows ``previous`` (``None``: line 1)."""
    return Turn(
        seats=game.seating.seats,
        first_dealer=sheet.first_dealer,
        previous=previous.dealer if previous is not None else None,
    )


def rotation_or_refuse(
    sheet: Scoresheet,
    lines: Sequence[Mapping[str, Any]],
    first_number: int,
    turn: Turn,
    *,
    moved_up: bool = False,
) -> None:
    """Refuse the first of ``lines`` (numbered from ``first_number``) dealt out of turn and
    not marked "dealer changed" (``scoring.rotation``). ``moved_up``: the lines move up one
    number because the line above them is deleted; refusals name them as they stand now.

    Raises:
        LineRefused: ``dealer_out_of_turn`` on ``dealer``, naming who should deal, for the
            first line of the run; ``later_line_refused`` naming a later (or moved) one.
    """
    out = rotation_check(lines, first_number, turn)
    if out is None:
        return
    error = LineRefused("dealer_out_of_turn", out_of_turn_text(sheet, out), "dealer")
    error.number = out.number
    if out.number == first_number and not moved_up:
        raise error
    shown = out.number + 1 if moved_up else out.number
    refused = LineRefused(
        "later_line_refused",
        LATER_LINE_REFUSED.format(number=shown, reason=_sentence(error.message)),
    )
    refused.number = shown
    raise refused from error


def out_of_turn_text(sheet: Scoresheet, out: OutOfTurn) -> str:
    """The refusal of a dealer out of turn, the seats named by who sat there when known."""
    names = dict(sheet.seats.values_list("seat", "player__display_name"))

    def seat(index: int) -> str:
        plain = SEAT.format(number=index + 1)
        name = names.get(index)
        return f"{plain} ({name})" if name and name.lower() != plain else plain

    if out.previous is not None:
        why = WHY_NEXT.format(previous=seat(out.previous), before=out.number - 1)
    else:
        why = str(WHY_FIRST if out.number == 1 else WHY_COUNTED)
    expected = seat(out.expected)
    return OUT_OF_TURN.format(
        expected=expected[:1].upper() + expected[1:],
        expected_short=SEAT.format(number=out.expected + 1),
        number=out.number,
        why=why,
        written=seat(out.written),
    )


def _sentence(message: str) -> str:
    message = message[:1].upper() + message[1:]
    return message if message.endswith(".") else message + "."


def next_version(sheet: Scoresheet) -> int:
    """Count one more change on the locked sheet; the caller saves ``revision``."""
    sheet.revision += 1
    return sheet.revision


def fill(handline: HandLine, line: Mapping[str, Any], score: HandScore) -> None:
    """Store the written line, its typed copies and what the engine computed."""
    handline.line = dict(line)
    handline.dealer = _int_or_none(line.get("dealer"))
    handline.bidder = _int_or_none(line.get("bidder"))
    handline.bid = _int_or_none(line.get("bid"))
    trump = line.get("trump")
    handline.trump = trump.strip().upper()[:3] if isinstance(trump, str) else ""
    handline.passed_out = line.get("passed_out") is True
    handline.dealer_changed = dealer_changed(line)
    handline.made = score.made
    handline.delta = list(score.delta)
    handline.scores_after = list(score.scores_after)
    handline.tally_after = score.tally_after.to_dict()
    handline.result = bridge.result_json(score)


def clean(handline: HandLine) -> None:
    """``full_clean`` a line row before saving it, its fields only.

    The sheet and author were just read, and the constraints (one live line per number, a
    known entry) are the database's to enforce under the sheet lock: validating them here
    would cost a query each on every line typed.
    """
    handline.full_clean(exclude=["sheet", "created_by"], validate_constraints=False)


def _int_or_none(value: Any) -> int | None:
    return value if type(value) is int else None


def snapshot(handline: HandLine) -> dict[str, Any]:
    """A line as its history keeps it: what was written and what it scored."""
    return {
        "number": handline.number,
        "line": handline.line,
        "delta": handline.delta,
        "scores_after": handline.scores_after,
        "made": handline.made,
    }


def status_follow(sheet: Scoresheet, last: HandLine | None) -> None:
    """Winners and status follow the sheet's last line; saves them with ``revision``."""
    result = last.result if last is not None else None
    sheet.winners = result["winners"] if result else None
    sheet.end_reason = result["reason"] if result else ""
    sheet.status = SheetStatus.FINISHED if result else SheetStatus.IN_PROGRESS
    sheet.save(update_fields=["winners", "end_reason", "status", "revision", "updated"])
