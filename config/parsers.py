"""The API's JSON parser: strict JSON, of a bounded size and depth, refused with ``ParseError``.

Python's ``json`` reads more than JSON, and each extra ends in a 500 somewhere past the
parser: ``NaN``, ``Infinity`` and numbers that overflow to infinity (``1e309``) are refused by
PostgreSQL's ``jsonb``, and so is a NUL character (``\\u0000``) in any text; a lone surrogate
(``\\ud800``) cannot be encoded when a refusal quotes it back; and the parser recurses once per
level of nesting, so a few thousand ``[`` raise ``RecursionError``. DRF reads the request
stream itself, past Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``, so the size is capped here too.

Every refusal is DRF's ``ParseError`` (400) with a message naming what is wrong; the API's
exception handler gives it its code.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

#: No JSON body of the API comes near this (a line is a few hundred bytes).
MAX_BODY_BYTES = 256 * 1024
#: Levels of objects and lists, the body itself counting as one.
MAX_DEPTH = 32

TOO_LARGE = gettext_lazy("The request body is larger than {limit} bytes.")
NOT_TEXT = gettext_lazy("The request body is not {encoding} text.")
NOT_JSON = gettext_lazy("The request body is not valid JSON: {reason}.")
NOT_A_NUMBER = gettext_lazy("{text} is not a JSON number (NaN and infinities are not allowed)")
OUT_OF_RANGE = gettext_lazy("the number {text} is out of range")
TOO_DEEP = gettext_lazy("The request body nests objects and lists deeper than {depth} levels.")
NUL = gettext_lazy(
    "Text in the request body holds a NUL character (\\u0000), which is not allowed."
)
SURROGATE = gettext_lazy(
    "Text in the request body holds a lone surrogate (\\ud800 to \\udfff), "
    "which is not Unicode text."
)


def body_limit() -> int:
    """The size cap: ours, or Django's upload cap when that is smaller."""
    django_cap = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return MAX_BODY_BYTES if django_cap is None else min(MAX_BODY_BYTES, django_cap)


def _refuse_constant(text: str) -> Any:
    raise ValueError(NOT_A_NUMBER.format(text=text))


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(OUT_OF_RANGE.format(text=text[:20] + ("…" if len(text) > 20 else "")))
    return value


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise ParseError(NUL)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise ParseError(SURROGATE) from None


def check_parsed(data: Any) -> None:
    """Refuse text with NUL or lone surrogates, and nesting past ``MAX_DEPTH``.

    Walked with a list, not recursion: the walk must not fail the way it guards against.

    Raises:
        ParseError: what is wrong, in plain words.
    """
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _check_text(value)
        elif isinstance(value, Mapping | list):
            if depth > MAX_DEPTH:
                raise ParseError(TOO_DEEP.format(depth=MAX_DEPTH))
            if isinstance(value, Mapping):
                for key, item in value.items():
                    _check_text(key)
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)


def loads_strict(raw: bytes, encoding: str) -> Any:
    """``raw`` read as strict JSON (see the module's docstring).

    Raises:
        ParseError: what is wrong, in plain words.
    """
    try:
        text = raw.decode(encoding)
    except (LookupError, UnicodeDecodeError):
        raise ParseError(NOT_TEXT.format(encoding=encoding)) from None
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except RecursionError:
        raise ParseError(TOO_DEEP.format(depth=MAX_DEPTH)) from None
    except ValueError as error:
        raise ParseError(NOT_JSON.format(reason=str(error).rstrip("."))) from None
    check_parsed(data)
    return data


class StrictJSONParser(JSONParser):
    """``application/json`` for the API, read by ``loads_strict`` from at most
    ``body_limit()`` bytes."""

    def parse(
        self,
        stream: IO[bytes],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        limit = body_limit()
        raw = stream.read(limit + 1)
        if len(raw) > limit:
            raise ParseError(TOO_LARGE.format(limit=limit))
        return loads_strict(raw, encoding)
