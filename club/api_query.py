"""Query-string values of the API, checked: a value an operation cannot use is refused with a
coded 400 naming the parameter, never ignored (``?role=AAA`` does not silently list
everyone)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from engine.rules import GAME_NAMES

# The largest numbers an input may hold, so that a number too big for its column is refused
# (400 ``max_value``) instead of overflowing in the database: ids are 64-bit, counts and line
# numbers fit the columns they are stored in.
ID_MAX = 2**63 - 1
COUNT_MAX = 2**31 - 1
SMALL_MAX = 2**15 - 1


def query_value(request: Request, name: str, field: serializers.Field[Any, Any, Any, Any]) -> Any:
    """The parameter ``name`` checked by ``field``; ``None`` when it is not given.

    Raises:
        ValidationError: ``{name: [...]}`` with the field's code (``invalid_choice``,
            ``invalid``, ``min_value``…), answered 400 by the exception handler.
    """
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:
        return field.run_validation(raw)
    except serializers.ValidationError as error:
        raise serializers.ValidationError({name: error.detail}) from error


def query_choice(request: Request, name: str, choices: list[str]) -> str | None:
    return query_value(request, name, serializers.ChoiceField(choices=choices))


def query_int(request: Request, name: str, *, min_value: int = 0) -> int | None:
    return query_value(
        request, name, serializers.IntegerField(min_value=min_value, max_value=COUNT_MAX)
    )


def optional_id(help_text: str) -> serializers.IntegerField:
    """An input field holding the id of one of the club's objects, or null when not given."""
    return serializers.IntegerField(
        min_value=1,
        max_value=ID_MAX,
        required=False,
        allow_null=True,
        default=None,
        help_text=help_text,
    )


def standard_game() -> serializers.ChoiceField:
    """The game of a new sheet or table when no rule set of the club is given."""
    return serializers.ChoiceField(
        choices=list(GAME_NAMES.items()),
        required=False,
        allow_blank=True,
        default="",
        help_text="Without a rule set: the game, played under its standard rules.",
    )
