"""Table codes: each table scores its own sheet from a phone, without an account.

A code opens one sheet's hand-by-hand page and nothing else. It is issued when a round is
published (``tournaments.services.publish``) or by a director on any sheet; reissuing revokes
the code before. Access ends when the code is revoked or the sheet is confirmed (a round
closes once all its sheets are confirmed), or when the director finishes the event. Each
line a table adds names the code and the phone's session in its history, beside the
director's corrections.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.cache_counts import count_add, count_key, count_of
from engine.rules import Game
from scoring import linestore as store
from scoring.errors import ScoringError, SheetLocked
from scoring.models import (
    FlagCleared,
    HandLine,
    LineRevision,
    Scoresheet,
    SheetStatus,
    SheetUnlock,
    TableCode,
)
from scoring.ownership import playing_table_name, refuse_table_owned
from scoring.services import handline_add_to, scoresheet_confirm
from scoring.signals import sheet_event_finished

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

# No 0/O, 1/I/L: a code read off paper in a dim hall is typed right.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 6
# Wrong codes within GUESS_SECONDS, then the phone (its session) or the address waits. A hall's
# phones share one address: a phone that reaches its own limit is refused before its guesses
# count, so one phone adds at most SESSION_GUESSES to the address and cannot lock the hall out;
# the address's limit holds a script that drops its cookies to start each guess afresh.
SESSION_GUESSES = 10
ADDRESS_GUESSES = 50
GUESS_SECONDS = 600
GUESS_PREFIX = "kitty-table-code"

CODE_UNKNOWN = gettext_lazy("There is no table code {code}: check it against the printed sheet.")
CODE_REVOKED = gettext_lazy(
    "The table code {code} was withdrawn by the director: ask them for the new one."
)
SHEET_CONFIRMED = gettext_lazy("This sheet is confirmed: the table's entry is closed.")
NO_LIVE_CODE = gettext_lazy("This sheet has no table code to withdraw.")
EVENT_FINISHED = gettext_lazy(
    "This sheet's event is finished: its table's entry is closed, and it gets no new code."
)
TOO_MANY_GUESSES = gettext_lazy(
    "Too many wrong table codes from this address: wait {minutes} minutes."
)
TOO_MANY_PHONE_GUESSES = gettext_lazy(
    "Too many wrong table codes from this phone: wait {minutes} minutes, then check the code "
    "against the printed sheet."
)
# Kept on the sheet (its history, its flag) as written, whatever the reader's language.
TABLE_SOURCE = "table {code}, phone {phone}"
NOT_FLAGGED = "This sheet is not flagged: there is nothing to clear."
DISAGREED = "The other side disagreed at the table (table {code}, phone {phone})."
ENTERED_HERE = gettext_lazy(
    "This phone entered the hands, so it cannot confirm them: the other side confirms on "
    "their own phone, with the table code {code}."
)
NOT_OVER = gettext_lazy("The game is not over yet: the other side answers once a side has won.")
ALREADY_FLAGGED = gettext_lazy(
    "The director already knows that the sides disagree: they will come to the table."
)


class TableCodeRefused(ScoringError):
    """A table code that opens nothing (unknown, withdrawn, or its sheet is confirmed)."""


def code_normal(text: str) -> str:
    """``text`` as codes are stored: capitals, grouped by three (``k7p3qd`` -> ``K7P-3QD``)."""
    bare = re.sub(r"[^0-9A-Za-z]", "", text).upper()[: LENGTH * 2]
    return f"{bare[:3]}-{bare[3:]}" if len(bare) == LENGTH else bare


def _new_code() -> str:
    return code_normal("".join(secrets.choice(ALPHABET) for _ in range(LENGTH)))


@transaction.atomic
def tablecode_issue(*, sheet: Scoresheet, by: AbstractBaseUser | None) -> TableCode:
    """A new code for ``sheet``; the sheet's live code, if any, is revoked first.

    Raises:
        SheetLocked: the sheet is confirmed (code ``confirmed``).
        ScoringError: ``event_finished`` (409), the sheet's event is finished.
        TablePlaying: an online table writes the sheet (``table_playing``): no phone may.
    """
    sheet = store.sheet_lock(sheet)
    if sheet.status == SheetStatus.CONFIRMED:
        raise SheetLocked("confirmed", SHEET_CONFIRMED)
    refuse_table_owned(sheet)
    if _event_finished(sheet):
        error = ScoringError("event_finished", EVENT_FINISHED)
        error.status = 409
        raise error
    TableCode.objects.live().filter(sheet=sheet).update(revoked_at=timezone.now())
    while True:  # a clash among 31**6 codes is rare; draw again when it happens
        try:
            with transaction.atomic():
                return TableCode.objects.create(
                    sheet=sheet, code=_new_code(), issued_by=store.author(by)
                )
        except IntegrityError:
            continue


@transaction.atomic
def tablecode_revoke(*, sheet: Scoresheet) -> int:
    """Withdraw the sheet's live code: phones holding it are refused from now on.

    Raises:
        ScoringError: ``no_code``, the sheet has no live code.
    """
    revoked = TableCode.objects.live().filter(sheet=sheet).update(revoked_at=timezone.now())
    if not revoked:
        raise ScoringError("no_code", NO_LIVE_CODE)
    return revoked


def tablecodes_close(*, sheet_ids: list[int]) -> int:
    """Withdraw the live codes of these sheets (their event is closed): the tables' phones
    are refused from now on, confirmed or not. Returns how many were live."""
    live = TableCode.objects.live().filter(sheet_id__in=sheet_ids)
    return live.update(revoked_at=timezone.now())


def _event_finished(sheet: Scoresheet) -> bool:
    """Whether the event the sheet scores a match of is finished (asked of tournaments)."""
    if sheet.match_id is None:
        return False
    answers = sheet_event_finished.send(sender=Scoresheet, sheet=sheet)
    return any(answer for _receiver, answer in answers)


def tablecode_live(*, sheet: Scoresheet) -> TableCode | None:
    return TableCode.objects.live().filter(sheet=sheet).first()


def tablecodes_live(*, sheet_ids: list[int]) -> dict[int, str]:
    """The live code of each of these sheets that has one, in one query (a round's tables)."""
    live = TableCode.objects.live().filter(sheet_id__in=sheet_ids)
    return dict(live.values_list("sheet_id", "code"))


def tablecodes_issue_missing(
    *, sheet_ids: list[int], by: AbstractBaseUser | None
) -> list[TableCode]:
    """A code for each of these sheets that has none live, is not confirmed and is not written
    by an online table (a director withdrew its code, or the sheet was made without one); live
    codes are kept as printed."""
    coded = TableCode.objects.live().filter(sheet_id__in=sheet_ids).values("sheet_id")
    missing = (
        Scoresheet.objects.filter(pk__in=sheet_ids)
        .exclude(pk__in=coded)
        .exclude(status=SheetStatus.CONFIRMED)
        .order_by("pk")
    )
    return [
        tablecode_issue(sheet=sheet, by=by) for sheet in missing if not playing_table_name(sheet)
    ]


def tablecode_open(*, code: str) -> TableCode:
    """The live code ``code`` (as typed), with its sheet and club.

    Raises:
        TableCodeRefused: ``code_unknown`` (404), ``code_revoked`` (410), ``sheet_confirmed``
            (409: the sheet is confirmed, or was since the code was issued),
            ``event_finished`` (410: the sheet's event is finished).
    """
    typed = code_normal(code)
    found = TableCode.objects.select_related("sheet", "sheet__club").filter(code=typed).first()
    if found is None:
        error = TableCodeRefused("code_unknown", CODE_UNKNOWN.format(code=typed[:12]), "code")
        error.status = 404
        raise error
    if not found.is_live:
        error = TableCodeRefused("code_revoked", CODE_REVOKED.format(code=typed), "code")
        error.status = 410
        raise error
    # Confirmed since the code was issued (a director may have unlocked it to correct it):
    # the table's access ended with the confirmation; a reissued code lets it in again.
    unlocked = SheetUnlock.objects.filter(sheet=found.sheet, at__gt=found.issued_at).exists()
    if found.sheet.status == SheetStatus.CONFIRMED or unlocked:
        error = TableCodeRefused("sheet_confirmed", SHEET_CONFIRMED, "code")
        error.status = 409
        raise error
    # Finishing the event withdrew its codes; one live on it since then opens nothing either.
    if _event_finished(found.sheet):
        error = TableCodeRefused("event_finished", EVENT_FINISHED, "code")
        error.status = 410
        raise error
    return found


def source_of(code: TableCode, phone: str) -> str:
    """How a table's line names where it came from, in the line's history."""
    return source_of_code(code.code, phone)


def source_of_code(code: str, phone: str) -> str:
    return TABLE_SOURCE.format(code=code, phone=phone)


@transaction.atomic
def table_line_add(
    *,
    code: TableCode,
    phone: str,
    line: Callable[[Game], Mapping[str, Any]],
    expected_number: int,
    client_key: str,
) -> HandLine:
    """Add a table's line to the code's sheet (``handline_add_to``), its history naming the
    code and the phone. A line sent again (same ``client_key``) is returned as it was.

    Raises:
        StaleLine, LineRefused, SheetLocked, TablePlaying: as ``handline_add``.
    """
    added = handline_add_to(
        club=code.sheet.club,
        sheet_id=code.sheet_id,
        line=line,
        expected_number=expected_number,
        by=None,
        client_key=client_key,
    )
    LineRevision.objects.filter(line=added, action=LineRevision.Action.ADD, note="").update(
        note=source_of(code, phone)
    )
    return added


def entered_from(*, sheet: Scoresheet, phone: str) -> bool:
    """Whether ``phone`` added any of the sheet's lines (with any of its codes): that phone
    is the side that entered, so it does not confirm."""
    if not phone:
        return False
    codes = TableCode.objects.filter(sheet=sheet).values_list("code", flat=True)
    notes = [source_of_code(code, phone) for code in codes]
    added = LineRevision.objects.filter(
        line__sheet=sheet, action=LineRevision.Action.ADD, note__in=notes
    )
    return added.exists()


@transaction.atomic
def table_confirm(*, code: TableCode, phone: str, by: AbstractBaseUser | None) -> Scoresheet:
    """The side that did not enter agrees: the sheet is confirmed (``scoresheet_confirm``),
    its history naming the code and the phone, and ``by``, whoever is signed in on it.

    Raises:
        ScoringError: ``entered_here`` (403), the phone entered lines of the sheet; as
            ``scoresheet_confirm``.
    """
    sheet = store.sheet_lock(code.sheet)
    if entered_from(sheet=sheet, phone=phone):
        error = ScoringError("entered_here", ENTERED_HERE.format(code=code.code))
        error.status = HTTPStatus.FORBIDDEN
        raise error
    return scoresheet_confirm(sheet=sheet, by=by, note=source_of(code, phone))


@transaction.atomic
def sheet_flag(*, code: TableCode, phone: str) -> Scoresheet:
    """The other side disagrees once the game is over: the sheet is flagged for the director
    (lines unchanged). A flag already raised is kept as it was: the director is on the way,
    and the first note says who raised it.

    Raises:
        ScoringError: ``not_finished``, the game is not over; ``already_flagged`` (409).
    """
    sheet = store.sheet_lock(code.sheet)
    if sheet.winners is None:
        raise ScoringError("not_finished", NOT_OVER)
    if sheet.flagged_at is not None:
        error = ScoringError("already_flagged", ALREADY_FLAGGED)
        error.status = HTTPStatus.CONFLICT
        raise error
    sheet.flagged_at = timezone.now()
    sheet.flag_note = DISAGREED.format(code=code.code, phone=phone)
    sheet.save(update_fields=["flagged_at", "flag_note", "updated"])
    return sheet


@transaction.atomic
def sheet_flag_clear(*, sheet: Scoresheet, by: AbstractBaseUser | None, reason: str) -> FlagCleared:
    """The director has dealt with the table's disagreement (corrected the sheet, or found
    it right): the flag goes, and the sheet's history keeps what it said and who cleared it.

    Raises:
        ScoringError: ``not_flagged`` (409), the sheet has no flag (cleared meanwhile).
    """
    sheet = store.sheet_lock(sheet)
    if sheet.flagged_at is None:
        error = ScoringError("not_flagged", NOT_FLAGGED)
        error.status = 409
        raise error
    cleared = FlagCleared.objects.create(
        sheet=sheet,
        by=store.author(by),
        flagged_at=sheet.flagged_at,
        flag_note=sheet.flag_note,
        reason=reason.strip()[:300],
    )
    sheet.flagged_at = None
    sheet.flag_note = ""
    sheet.save(update_fields=["flagged_at", "flag_note", "updated"])
    return cleared


# --- Guessing codes -------------------------------------------------------------------------


def _guess_key(kind: str, value: str) -> str:
    return count_key(GUESS_PREFIX, kind, value)


def guesses_refusal(address: str, session: str) -> ScoringError | None:
    """``code_throttled`` (429) when the phone's session or its address guessed too many
    wrong codes within the window; ``None`` while either may still try."""
    if session and count_of(_guess_key("session", session)) >= SESSION_GUESSES:
        message = TOO_MANY_PHONE_GUESSES
    elif address and count_of(_guess_key("address", address)) >= ADDRESS_GUESSES:
        message = TOO_MANY_GUESSES
    else:
        return None
    error = ScoringError("code_throttled", message.format(minutes=GUESS_SECONDS // 60), "code")
    error.status = 429
    return error


def guess_failed(address: str, session: str) -> None:
    """One more wrong code from the phone's ``session`` and from its ``address``."""
    for kind, value in (("session", session), ("address", address)):
        if value:
            count_add(_guess_key(kind, value), GUESS_SECONDS)
