"""Errors of online tables: a stable ``code`` and a plain-words ``message`` shown to the user.

An action refused by the rules keeps the engine's own code (RULES.md section 7) and message;
the codes below are the table's own (stale sequence numbers, seats, schedule).
"""

from __future__ import annotations


class TableError(Exception):
    """Something the user can fix or retry, shown to them as it is."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class ActionRefused(TableError):
    """An action that changed nothing: stale, not this seat's, or refused by the rules."""
