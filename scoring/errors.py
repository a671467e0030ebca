"""Domain errors of scoresheets: each carries a stable ``code``, a plain-words ``message`` and,
for a refused line, the ``field`` at fault so a form can show the message next to it."""

from __future__ import annotations


class ScoringError(Exception):
    """Something the user can fix: shown to them as it is."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def as_dict(self) -> dict[str, str | None]:
        return {"code": self.code, "message": self.message, "field": self.field}


class LineRefused(ScoringError):
    """The rules engine refused a line (a reason code of docs/rules.md#line-codes).

    ``number`` names the refused line when a run of lines was checked.
    """

    number: int | None = None


class StaleLine(ScoringError):
    """The form was made for an older state of the sheet: somebody else changed it first."""


class SheetLocked(ScoringError):
    """The sheet is confirmed: a director must unlock it before anything changes."""
