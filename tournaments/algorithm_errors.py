"""The refusal of the pure event algorithms, written once for pairing and standings.

``tournaments.pairing`` and ``tournaments.standings`` are plain Python (no Django, no app), so
they cannot raise the apps' ``DomainError``; each raises its own subclass of ``AlgorithmError``
(``PairingError``, ``StandingsError``) and the services turn it into a ``TournamentError`` with
the same code and message. This module imports nothing, so the pure packages may import it.
"""

from __future__ import annotations


class AlgorithmError(ValueError):
    """A request the director can fix (too few entrants, an unknown metric, …).

    ``code`` is stable; ``message`` says what is wrong and which rule refuses it.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"
