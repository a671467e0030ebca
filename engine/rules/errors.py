"""Errors of the rules engine.

Every error carries a stable ``code`` (the codes of docs/rules.md#line-codes and #action-codes
where the rules define one) and a message in plain words that names the rule. Codes stay stable
while wording may change; the web layer shows the message and may translate by code.

docs/rules.md names the codes of the rules themselves. The engine also refuses things the rules
have no words for (text that is not an action, a record or options that cannot be read); those
codes are the engine's own and are listed, with their meaning, in ``ENGINE_CODES`` below. Every
code the engine raises is one of docs/rules.md's or one of these (a test keeps it so).

Messages quote what was sent through ``shown``, never plain ``repr``: a value from a request can
be nested thousands deep, megabytes long or a number too long to print, and quoting it must not
raise in turn.
"""

from __future__ import annotations

import reprlib
from typing import Any

#: The engine's own refusal codes, beyond docs/rules.md#line-codes and #action-codes.
ENGINE_CODES: dict[str, str] = {
    "bad_action": "text or JSON that does not spell an action (unknown type, missing field, "
    "a seat that is not a whole number, wrong number of arguments)",
    "bad_card": "a card not written as in docs/rules.md#cards (5H, TS, BJ)",
    "bad_suit": "a suit that is not a trump, such as the led suit of a rank-order question, "
    "not written S H D C (a trump written wrongly is bad_trump)",
    "bad_deal": "a deal in a record that is not a deal of the game (cards missing, repeated)",
    "bad_record": "a hand or game record that cannot be read (``engine.rules.records``)",
    "bad_seat": "a seat in a record or a view request that the table does not have",
    "bad_tally": "scores before a hand that do not give one entry per side",
    "bad_options": "options that are not an object of option ids, or not JSON values",
    "unknown_option": "an option id the game does not have (each game's options in docs/rules.md)",
    "bad_option_value": "a value an option does not allow (each game's options in docs/rules.md)",
    "unknown_game": "a game id that is not auction45, bidwhist or pitch52",
    "game_over": "an action or a new hand after the game has ended (docs/rules.md#game-end)",
    "hand_not_over": "a new hand asked for before the current one has ended",
}


class _Shown(reprlib.Repr):
    """``reprlib`` limits, and whole numbers too long to print are described, not printed."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = 60
        self.maxother = 60
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<a whole number of about {int(x.bit_length() * 0.30103)} digits>"
        return super().repr_int(x, level)


_SHOWN = _Shown()


def shown(value: Any) -> str:
    """A short ``repr`` of ``value`` for a message; never raises for any JSON value.

    >>> shown("X"), shown([[[[[1]]]]]), shown(10**5000)[:22]
    ("'X'", '[[[[...]]]]', '<a whole number of abo')
    """
    try:
        return _SHOWN.repr(value)
    except Exception:  # a value whose own repr fails is still refused with a message
        return f"<a {type(value).__name__}>"


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
    """An action refused by the rules (docs/rules.md#action-codes codes). The hand is unchanged."""


class ScoresheetError(RulesError):
    """A scoresheet line refused (docs/rules.md#line-codes codes).

    ``field`` names the line field at fault (``"points"``, ``"bid"``…) so a form can show the
    message next to it; ``None`` when the line as a whole is at fault (``game_over``).
    """

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(code, message)
        self.field = field
