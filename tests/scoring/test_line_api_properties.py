"""Random JSON at the line endpoints (add, correct, check): every answer is a success or a
refusal, never a 5xx and never an exception; a line that is accepted holds only its game's
fields.

The fixtures (a sheet with one line) are made once per test, and the examples run in a function
inside it, each in a savepoint that is rolled back: every example meets the same sheet, and
Hypothesis has no function-scoped fixture to warn about. Run on PostgreSQL too: its ``jsonb``
is what refuses NUL and infinities with a 500 when they get that far.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from scoring.lineshape import LINE_FIELDS
from scoring.models import HandLine, Scoresheet
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45, BIDWHIST, PITCH52

pytestmark = pytest.mark.django_db

PROPERTY = settings(
    max_examples=20,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

FIRST_LINES = {"auction45": AUCTION45, "bidwhist": BIDWHIST, "pitch52": PITCH52}
ENDPOINTS = ["add", "correct", "check"]

# --- Random JSON ----------------------------------------------------------------------------

ODD_TEXT = ["\x00", "a\x00b", "²", "٣", "①", "₂", "\ud800", "H", "NT", "uptown", " s ", "", "😀"]
ODD_CHARS = "\x00\x07²٣①₂\ud800\udfff😀HSn 5"
BIG = [10**30, -(10**30), 2**63, 10**9 + 1, 10**4000]


def json_values(*, strict: bool) -> st.SearchStrategy[Any]:
    """Any JSON value; ``strict``: only what strict JSON holds (no NaN or infinities, no NUL
    or lone surrogates: what the API's parser lets through to the line check)."""
    text = (
        st.text(max_size=12)
        | st.sampled_from(ODD_TEXT)
        | st.text(st.sampled_from(ODD_CHARS), max_size=50)
    )
    if strict:
        text = text.filter(
            lambda t: "\x00" not in t and not any(0xD800 <= ord(c) < 0xE000 for c in t)
        )
    numbers = (
        st.integers()
        | st.integers(-5, 35)
        | st.sampled_from(BIG)
        | st.floats(allow_nan=not strict, allow_infinity=not strict)
    )
    scalars = st.none() | st.booleans() | numbers | text
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=4),
        max_leaves=12,
    )


ANY_VALUE = json_values(strict=False)
STRICT_VALUE = json_values(strict=True)
KNOWN_KEYS = sorted({key for fields in LINE_FIELDS.values() for key in fields})
KEYS = st.sampled_from(KNOWN_KEYS) | st.text(max_size=12).filter(lambda t: "\x00" not in t)


@st.composite
def lines(draw: st.DrawFn, game_id: str) -> dict[str, Any]:
    """An object as a line, in strict JSON: a real line with fields changed, dropped or
    added, or any keys."""
    if draw(st.booleans()):
        return draw(st.dictionaries(KEYS, STRICT_VALUE, max_size=6))
    line = dict(draw(st.sampled_from(FIRST_LINES[game_id])))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(KEYS)
        if draw(st.booleans()):
            line[key] = draw(STRICT_VALUE)
        else:
            line.pop(key, None)
    return line


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def dumps(value: Any) -> str:
    """JSON text as a client may send it: NaN and infinities as literals, surrogates escaped;
    numbers Python writes with more digits than it reads back are left as they are."""
    try:
        return json.dumps(value, allow_nan=True)
    except ValueError:  # int too long for str()
        return "0"


RAW_BODIES = st.one_of(
    ANY_VALUE.map(dumps),
    st.builds(lambda d: '{"number": 2, "line": ' + nested(d) + "}", st.integers(1, 5000)),
    st.builds(lambda d: '{"line": {"bid": ' + nested(d) + "}}", st.integers(1, 3000)),
    st.sampled_from(["", "{", "nul", '{"line": 1e309}', '{"line": {"bid": -1e999}}', "\x00"]),
)

# --- The endpoints --------------------------------------------------------------------------


class Endpoints:
    def __init__(self, staff: Staff, sheet: Scoresheet) -> None:
        self.client = APIClient()
        self.client.force_authenticate(staff.scorer)
        self.game = sheet.game
        args = [staff.club.slug, sheet.pk]
        self.urls = {
            "add": reverse("api_line_list", args=args),
            "correct": reverse("api_line_detail", args=[*args, 1]),
            "check": reverse("api_line_check", args=args),
        }
        first = FIRST_LINES[sheet.game][0]
        response = self.client.post(self.urls["add"], {"number": 1, "line": first}, format="json")
        assert response.status_code == 201, response.json()

    def body(self, endpoint: str, line: Any) -> str:
        if endpoint == "add":
            return dumps({"number": 2, "line": line})
        return dumps({"line": line})

    def send(self, endpoint: str, body: str) -> Any:
        method = self.client.patch if endpoint == "correct" else self.client.post
        return method(
            self.urls[endpoint],
            body.encode("utf-8", "surrogatepass"),
            content_type="application/json",
        )


@pytest.fixture(params=list(FIRST_LINES))
def endpoints(request: pytest.FixtureRequest, staff: Staff, make_sheet: MakeSheet) -> Endpoints:
    return Endpoints(staff, make_sheet(request.param))


@contextmanager
def rolled_back() -> Iterator[None]:
    """What an example writes is undone before the next one."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def refusal_body(response: Any) -> dict[str, Any]:
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    body = response.json()
    assert isinstance(body, dict) and body, body
    return body


def assert_coded(response: Any) -> None:
    """A success, or a refusal in the shape ``{code, message, field}``."""
    if response.status_code < 300:
        return
    body = refusal_body(response)
    assert isinstance(body["code"], str) and body["code"], body
    assert isinstance(body["message"], str) and body["message"], body


def assert_stored_lines_are_the_games(endpoints: Endpoints) -> None:
    fields = LINE_FIELDS[endpoints.game]
    for handline in HandLine.objects.filter(sheet__game=endpoints.game):
        assert set(handline.line) <= set(fields), handline.line
        for value in handline.line.values():
            assert not isinstance(value, float) or math.isfinite(value)


# --- The properties -------------------------------------------------------------------------


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_any_object_as_a_line_gets_a_success_or_a_coded_refusal(
    endpoints: Endpoints, endpoint: str
) -> None:
    @PROPERTY
    @given(line=lines(endpoints.game))
    def check(line: dict[str, Any]) -> None:
        with rolled_back():
            response = endpoints.send(endpoint, endpoints.body(endpoint, line))
            assert_coded(response)
            assert_stored_lines_are_the_games(endpoints)

    check()


@pytest.mark.parametrize("endpoints", ["auction45"], indirect=True)
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_any_json_as_the_line_or_the_body_is_answered_never_a_500(
    endpoints: Endpoints, endpoint: str
) -> None:
    @settings(PROPERTY, max_examples=60)
    @given(sent=st.tuples(st.just("line"), ANY_VALUE) | st.tuples(st.just("body"), RAW_BODIES))
    def check(sent: tuple[str, Any]) -> None:
        kind, value = sent
        body = endpoints.body(endpoint, value) if kind == "line" else value
        with rolled_back():
            assert_coded(endpoints.send(endpoint, body))
            assert_stored_lines_are_the_games(endpoints)

    check()
