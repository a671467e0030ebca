"""The API's strict JSON parser: what Python's ``json`` takes beyond JSON is refused with a
``ParseError`` naming it, and plain JSON (unicode, finite numbers, modest nesting) passes."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.exceptions import ParseError

from config.parsers import MAX_BODY_BYTES, MAX_DEPTH, StrictJSONParser, loads_strict


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"x": 1e309}', "out of range"),
        ('{"x": -1e309}', "out of range"),
        ('{"x": NaN}', "NaN"),
        ('{"x": -Infinity}', "Infinity"),
        ('{"x": "a\\u0000b"}', "NUL"),
        ('{"a\\u0000": 1}', "NUL"),
        ('{"x": "\\udc00"}', "surrogate"),
        ('["\\ud83d"]', "surrogate"),
        (nested(5000), "deeper than"),
        (nested(MAX_DEPTH + 1), "deeper than"),
        ('{"x": ' + "1" * 5000 + "}", "not valid JSON"),
        ('{"x": 1,}', "not valid JSON"),
    ],
)
def test_what_is_not_strict_json_is_refused_by_name(text: str, words: str) -> None:
    with pytest.raises(ParseError) as refused:
        loads_strict(text.encode(), "utf-8")
    assert words in str(refused.value.detail)


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ('{"name": "Zoë ♥ 😀", "x": 1.5, "n": -3}', {"name": "Zoë ♥ 😀", "x": 1.5, "n": -3}),
        ('{"pair": "\\ud83d\\ude00"}', {"pair": "😀"}),
        (nested(MAX_DEPTH), loads_strict(nested(MAX_DEPTH).encode(), "utf-8")),
        ("1.7976931348623157e308", 1.7976931348623157e308),
    ],
)
def test_plain_json_passes(text: str, data: Any) -> None:
    assert loads_strict(text.encode(), "utf-8") == data


def test_text_that_is_not_the_declared_encoding_is_refused() -> None:
    with pytest.raises(ParseError, match="not utf-8 text"):
        loads_strict(b'{"x": "\xff"}', "utf-8")


def parse(body: bytes) -> Any:
    return StrictJSONParser().parse(io.BytesIO(body), "application/json", {})


def test_the_parser_reads_at_most_the_cap() -> None:
    assert parse(b'{"x": 1}') == {"x": 1}
    padded = b'{"x": 1' + b" " * MAX_BODY_BYTES + b"}"
    with pytest.raises(ParseError, match=f"larger than {MAX_BODY_BYTES} bytes"):
        parse(padded)


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=100)
def test_djangos_smaller_upload_cap_applies_to_json_too() -> None:
    with pytest.raises(ParseError, match="larger than 100 bytes"):
        parse(b'{"x": "' + b"y" * 200 + b'"}')
