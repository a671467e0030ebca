"""Domain errors of events: a stable ``code``, a plain-words ``message`` for the director and,
when a form field is at fault, its ``field``.

Pairing and standings errors from the pure modules (``PairingError``, ``StandingsError``) are
turned into this one error by the services, so views and the API handle a single kind.
"""

from __future__ import annotations


class TournamentError(Exception):
    """Something the director can fix: shown to them as it is."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> dict[str, str | None]:
        return {"code": self.code, "message": self.message, "field": self.field}
