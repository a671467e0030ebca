"""Errors of the rules engine.

Every error carries a stable ``code`` (the RULES.md codes of sections 5.2 and 7 where the
rules define one) and a message in plain words that names the rule. Codes stay stable while
wording may change; the web layer shows the message and may translate by code.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class: something the caller sent breaks the rules or the notation."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class NotationError(RulesError):
    """Text or JSON that does not spell a card, suit, action or record."""


class OptionError(RulesError):
    """An unknown game, option id, or a value the option does not allow."""


class IllegalActionError(RulesError):
    """An action refused by the rules (RULES.md section 7 codes). The hand is unchanged."""


class ScoresheetError(RulesError):
    """A scoresheet line refused (RULES.md section 5.2 codes).

    ``field`` names the line field at fault (``"points"``, ``"bid"``…) so a form can show the
    message next to it; ``None`` when the line as a whole is at fault (``game_over``).
    """

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(code, message)
        self.field = field
