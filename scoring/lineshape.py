"""What a written line may hold before the engine reads it: the game's own keys
(docs/rules.md#scoresheet-lines), values of the shapes a line uses, of sizes no real line comes
near.

The engine reads the fields it knows and ignores the rest, and a line is stored as written:
without this screen, any key a client sends is kept in the sheet and in its history. The keys
of each game are listed here (the engine does not publish them; a game missing from the list
takes no key at all); a test holds the list to the games the engine has and to the lines its
played hands write.

Refusals carry the app's codes, in the shape of the engine's (``code``, ``message``,
``field``):

- ``unknown_key``: a key that is not a field of the game's line;
- ``bad_value``: a value no line field takes: an object or list where one value goes (or
  inside a list), a fraction or non-finite number, a whole number past ±10⁹, text with NUL,
  control characters or lone surrogates;
- ``too_large``: text longer than ``MAX_TEXT`` characters, a list or object of more than
  ``MAX_ITEMS`` entries.

Whether a value of the right shape is right (a bid written as text, a list of the wrong
length) is the engine's to say, with the codes of docs/rules.md#line-codes.

Lines are screened whenever they are checked, re-scoring included: a line stored with other
keys before the screen existed is refused when a correction above it re-scores it, and the
refusal names it; correcting that line (the entry page writes only the game's fields) clears it.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from django.utils.translation import gettext_lazy

from engine.rules import GAME_NAMES
from scoring.errors import LineRefused


class Shape(Enum):
    """What a field holds: one value, a list of values (per side), or an object of values."""

    ONE = "one value"
    LIST = "a list"
    OBJECT = "an object"


_COMMON = {
    "dealer": Shape.ONE,
    "bidder": Shape.ONE,
    "bid": Shape.ONE,
    "trump": Shape.ONE,
    "made": Shape.ONE,
    "scores_after": Shape.LIST,
    "passed_out": Shape.ONE,
    "dealer_changed": Shape.ONE,
}

#: Game id → the fields of its line and their shapes (docs/rules.md#scoresheet-lines).
LINE_FIELDS: dict[str, dict[str, Shape]] = {
    "auction45": {
        **_COMMON,
        "points": Shape.LIST,
        "no_trump_played": Shape.ONE,
        "auction_max_bid": Shape.LIST,
        "sets_before": Shape.LIST,
        "consecutive_sets_before": Shape.LIST,
    },
    "bidwhist": {**_COMMON, "mode": Shape.ONE, "books": Shape.LIST},
    "pitch52": {**_COMMON, "points": Shape.LIST, "categories": Shape.OBJECT},
}

MAX_TEXT = 40
MAX_ITEMS = 16
MAX_INT = 10**9
_SHOWN = 30

NOT_AN_OBJECT = gettext_lazy("a line must be an object of fields")
UNKNOWN_KEY = gettext_lazy("{key} is not a field of a {game} line; its fields are {fields}")
NOT_ONE_VALUE = gettext_lazy("{field} must be a single value, not {shape}")
NESTED = gettext_lazy("{field} holds {shape} inside {outer}; only single values go there")
FRACTION = gettext_lazy("{field} must hold whole numbers, not {value}")
OUT_OF_RANGE = gettext_lazy("{field} holds a number out of range (beyond ±{limit:,})")
BAD_TYPE = gettext_lazy("{field} holds a {kind}, which no line field takes")
TEXT_TOO_LONG = gettext_lazy("{field} holds text longer than {limit} characters")
UNPRINTABLE = gettext_lazy("{field} holds text with a control character, NUL or lone surrogate")
TOO_MANY = gettext_lazy("{field} holds more than {limit} entries")


def shown(text: Any) -> str:
    """A key as a message may quote it: short, printable."""
    text = str(text)
    cut = "".join(ch if ch.isprintable() else "?" for ch in text[:_SHOWN])
    return repr(cut + ("…" if len(text) > _SHOWN else ""))


def _refuse(code: str, message: object, field: str | None) -> LineRefused:
    return LineRefused(code, message, field)


def _shape_of(value: Any) -> Shape:
    if isinstance(value, Mapping):
        return Shape.OBJECT
    if isinstance(value, list | tuple):
        return Shape.LIST
    return Shape.ONE


def _check_text(field: str, text: str) -> None:
    if len(text) > MAX_TEXT:
        raise _refuse("too_large", TEXT_TOO_LONG.format(field=field, limit=MAX_TEXT), field)
    if not text.isprintable():
        raise _refuse("bad_value", UNPRINTABLE.format(field=field), field)


def _check_one(field: str, value: Any, outer: Shape | None = None) -> None:
    """A single value: null, true/false, a whole number in range, or short printable text."""
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        if not -MAX_INT <= value <= MAX_INT:
            raise _refuse("bad_value", OUT_OF_RANGE.format(field=field, limit=MAX_INT), field)
        return
    if isinstance(value, str):
        _check_text(field, value)
        return
    if isinstance(value, float):
        shown_value = repr(value) if value == value else "NaN"
        raise _refuse("bad_value", FRACTION.format(field=field, value=shown_value), field)
    shape = _shape_of(value)
    if shape is not Shape.ONE:
        message = (
            NESTED.format(field=field, shape=shape.value, outer=outer.value)
            if outer is not None
            else NOT_ONE_VALUE.format(field=field, shape=shape.value)
        )
        raise _refuse("bad_value", message, field)
    raise _refuse("bad_value", BAD_TYPE.format(field=field, kind=type(value).__name__), field)


def _check_field(field: str, value: Any, shape: Shape) -> None:
    given = _shape_of(value)
    if given is Shape.ONE:
        # A single value where a list goes is the engine's to refuse (a wrong type,
        # ``missing_field``); it is harmless here.
        _check_one(field, value)
        return
    if given is not shape:
        raise _refuse("bad_value", NOT_ONE_VALUE.format(field=field, shape=given.value), field)
    if len(value) > MAX_ITEMS:
        raise _refuse("too_large", TOO_MANY.format(field=field, limit=MAX_ITEMS), field)
    if given is Shape.LIST:
        for item in value:
            _check_one(field, item, shape)
        return
    for key, item in value.items():
        if not isinstance(key, str):
            raise _refuse("bad_value", BAD_TYPE.format(field=field, kind="non-text key"), field)
        _check_text(field, key)
        _check_one(field, item, shape)


def line_screen(game_id: str, line: Any) -> None:
    """Refuse a line that holds anything but ``game_id``'s fields, in their shapes and sizes.

    Raises:
        LineRefused: ``unknown_key``, ``bad_value`` or ``too_large`` with the field at fault
            (``None`` for a key too long or odd to be named), or ``missing_field`` when
            ``line`` is not an object at all.
    """
    if not isinstance(line, Mapping):
        raise _refuse("missing_field", NOT_AN_OBJECT, None)
    fields = LINE_FIELDS.get(game_id, {})
    for key, value in line.items():
        shape = fields.get(key) if isinstance(key, str) else None
        if shape is None:
            named = isinstance(key, str) and len(key) <= MAX_TEXT and key.isprintable()
            message = UNKNOWN_KEY.format(
                key=shown(key),
                game=GAME_NAMES.get(game_id, game_id),
                fields=", ".join(fields),
            )
            raise _refuse("unknown_key", message, key if named else None)
        _check_field(key, value, shape)
