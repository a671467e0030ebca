"""Domain errors of scoresheets: each carries a stable ``code``, a plain-words ``message`` and,
for a refused line, the ``field`` at fault so a form can show the message next to it. They are
``club.errors.DomainError``: the API and the pages map them where every refusal is mapped."""

from __future__ import annotations

from http import HTTPStatus

from club.errors import DomainError


class ScoringError(DomainError):
    """Something the user can fix: shown to them as it is."""


class LineRefused(ScoringError):
    """The rules engine refused a line (a reason code of docs/rules.md#line-codes).

    ``number`` names the refused line when a run of lines was checked.
    """

    number: int | None = None


class StaleLine(ScoringError):
    """The form was made for an older state of the sheet: somebody else changed it first."""

    status = HTTPStatus.CONFLICT


class SheetLocked(ScoringError):
    """The sheet is confirmed: a director must unlock it before anything changes."""

    status = HTTPStatus.CONFLICT


class TablePlaying(SheetLocked):
    """An online table owns the sheet while it plays: only the table writes its lines then."""


class ClientKeyReused(ScoringError):
    """A line's key came back with another hand: the key is the first hand's, so the second
    is refused rather than answered "added" and lost."""

    status = HTTPStatus.CONFLICT
