"""Domain errors of events: a stable ``code``, a plain-words ``message`` for the director and,
when a form field is at fault, its ``field``.

Pairing and standings errors from the pure modules (``PairingError``, ``StandingsError``) are
turned into this one error by the services, so views and the API handle a single kind; it is a
``club.errors.DomainError``, mapped to the API and to pages where every refusal is.
"""

from __future__ import annotations

from http import HTTPStatus

from club.errors import DomainError

STATE_CODES = frozenset(
    {
        "finished",
        "draft_pending",
        "results_pending",
        "round_taken",
        "not_draft",
        "in_draft",
        "knockout_over",
        "started",
        "not_open",
        "match_started",
        "match_finished",
    }
)
"""Codes saying the event's state is in the way (a draft pending, results missing, already
published, a match's time no longer open to change): the API answers them 409, every other
refusal 400."""


class TournamentError(DomainError):
    """Something the director can fix: shown to them as it is."""

    def __init__(self, code: str, message: object, field: str | None = None) -> None:
        super().__init__(code, message, field)
        if code in STATE_CODES:
            self.status = HTTPStatus.CONFLICT
