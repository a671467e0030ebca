"""Malformed input on the line API: every body that is not a line of the sheet's game is
refused with a coded 400, and nothing of it reaches the sheet or its history.

Two layers answer: the API's JSON parser (a body that is not strict JSON: ``NaN``, ``1e309``,
NUL, lone surrogates, nesting past its depth, a body past its size) and the line check (keys
that are not the game's, values of the wrong shape or size). Run these on PostgreSQL too: NUL
and infinities are what its ``jsonb`` refuses with a 500 when they get that far.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.models import HandLine, LineRevision, Scoresheet
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45, BIDWHIST, PITCH52

pytestmark = pytest.mark.django_db

VALID = AUCTION45[0]
LINE_JSON = json.dumps(VALID)[1:-1]  # the valid line's fields, to splice raw JSON into

# Raw bodies the parser refuses; ``{line}`` is replaced by the valid line's fields.
RAW_LINES = {
    "nul in an ignored key": '{{{line}, "note": "a\\u0000b"}}',
    "nul in a key": '{{{line}, "no\\u0000te": 1}}',
    "1e309 in an ignored key": '{{{line}, "note": 1e309}}',
    "-1e309 in a read key": '{{{line}, "made": -1e309}}',
    "NaN literal": '{{{line}, "note": NaN}}',
    "Infinity literal": '{{{line}, "note": Infinity}}',
    "lone surrogate": '{{{line}, "trump": "\\ud800"}}',
    "5,000 deep": '{{{line}, "note": ' + "[" * 5000 + "]" * 5000 + "}}",
    "40 deep": '{{{line}, "note": ' + "[" * 40 + "]" * 40 + "}}",
    "2 MB key": '{{{line}, "' + "k" * 2_000_000 + '": 1}}',
}

# Lines the line check refuses: (line, code, field).
BAD_LINES: dict[str, tuple[dict[str, Any], str, str | None]] = {
    "unknown key": ({**VALID, "note": "x"}, "unknown_key", "note"),
    "another game's key": ({**VALID, "books": [7, 6]}, "unknown_key", "books"),
    "long unknown key": ({**VALID, "k" * 5000: 1}, "unknown_key", None),
    "oversize string": ({**VALID, "trump": "H" * 1000}, "too_large", "trump"),
    "oversize list": ({**VALID, "points": [5] * 1000}, "too_large", "points"),
    "object as a seat": ({**VALID, "bidder": {"seat": 1}}, "bad_value", "bidder"),
    "list as a bid": ({**VALID, "bid": [20]}, "bad_value", "bid"),
    "list inside points": ({**VALID, "points": [[10], [20]]}, "bad_value", "points"),
    "fraction": ({**VALID, "bid": 20.5}, "bad_value", "bid"),
    "huge int": ({**VALID, "bid": 10**30}, "bad_value", "bid"),
    "control character": ({**VALID, "trump": "H\x07"}, "bad_value", "trump"),
}


def api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def message_of(body: dict[str, Any]) -> str:
    """A refusal's words, in the API's one refusal shape."""
    return str(body["message"])


def assert_bad_json(response: Any) -> None:
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    assert body["code"] == "parse_error", body
    assert message_of(body)


class Endpoints:
    """The sheet with one line, and the three ways a line comes in: add, correct, check."""

    def __init__(self, staff: Staff, sheet: Scoresheet) -> None:
        self.client = api(staff.scorer)
        self.sheet = sheet
        args = [staff.club.slug, sheet.pk]
        self.urls = {
            "add": reverse("api_line_list", args=args),
            "correct": reverse("api_line_detail", args=[*args, 1]),
            "check": reverse("api_line_check", args=args),
        }
        response = self.client.post(self.urls["add"], {"number": 1, "line": VALID}, format="json")
        assert response.status_code == 201, response.json()

    def body(self, endpoint: str, line_json: str) -> str:
        if endpoint == "add":
            return '{"number": 2, "line": ' + line_json + "}"
        return '{"line": ' + line_json + "}"

    def send(self, endpoint: str, body: str) -> Any:
        method = self.client.patch if endpoint == "correct" else self.client.post
        return method(self.urls[endpoint], body, content_type="application/json")

    def stored(self) -> tuple[int, int, list[Any]]:
        lines = HandLine.objects.filter(sheet=self.sheet)
        revisions = LineRevision.objects.filter(line__sheet=self.sheet)
        return lines.count(), revisions.count(), [hl.line for hl in lines.order_by("pk")]


@pytest.fixture
def endpoints(staff: Staff, make_sheet: MakeSheet) -> Endpoints:
    return Endpoints(staff, make_sheet("auction45"))


ENDPOINTS = ["add", "correct", "check"]


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("case", list(RAW_LINES))
def test_a_body_that_is_not_strict_json_is_refused(
    endpoints: Endpoints, endpoint: str, case: str
) -> None:
    before = endpoints.stored()
    body = endpoints.body(endpoint, RAW_LINES[case].format(line=LINE_JSON))
    assert_bad_json(endpoints.send(endpoint, body))
    assert endpoints.stored() == before


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("case", list(BAD_LINES))
def test_a_line_that_is_not_the_games_is_refused_with_a_code(
    endpoints: Endpoints, endpoint: str, case: str
) -> None:
    line, code, field = BAD_LINES[case]
    before = endpoints.stored()
    response = endpoints.send(endpoint, endpoints.body(endpoint, json.dumps(line)))
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    assert (body["code"], body["field"]) == (code, field), body
    assert body["message"] and len(body["message"]) < 300
    assert endpoints.stored() == before


def test_the_second_entry_refuses_unknown_keys_too(endpoints: Endpoints) -> None:
    before = endpoints.stored()
    body = '{"number": 1, "entry": "check", "line": ' + json.dumps({**VALID, "x": 1}) + "}"
    response = endpoints.send("add", body)
    assert response.status_code == 400 and response.json()["code"] == "unknown_key"
    assert endpoints.stored() == before


@pytest.mark.parametrize(
    ("game_id", "line"),
    [("auction45", AUCTION45[0]), ("bidwhist", BIDWHIST[0]), ("pitch52", PITCH52[0])],
)
def test_each_games_own_keys_are_accepted_and_the_others_refused(
    staff: Staff, make_sheet: MakeSheet, game_id: str, line: dict[str, Any]
) -> None:
    """The allow-list is per game: a bid whist line may carry ``mode`` and ``books``, an
    auction45 line may not; every game takes the common ``made`` and ``scores_after``."""
    sheet = make_sheet(game_id)
    client = api(staff.scorer)
    url = reverse("api_line_check", args=[staff.club.slug, sheet.pk])
    foreign = {"auction45": "mode", "bidwhist": "categories", "pitch52": "no_trump_played"}
    response = client.post(url, {"line": {**line, foreign[game_id]: 1}}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "unknown_key"
    written = client.post(url, {"line": line}, format="json").json()
    full = {**line, "made": written["made"], "scores_after": written["scores_after"]}
    assert client.post(url, {"line": full}, format="json").status_code == 200


@pytest.mark.parametrize("endpoint", ["add", "correct"])
def test_a_refused_line_leaves_the_sheet_as_it_was_on_postgres_too(
    endpoints: Endpoints, endpoint: str
) -> None:
    """One clean line after all the refusals: the sheet still takes good input."""
    for case in RAW_LINES:
        endpoints.send(endpoint, endpoints.body(endpoint, RAW_LINES[case].format(line=LINE_JSON)))
    for line, _code, _field in BAD_LINES.values():
        endpoints.send(endpoint, endpoints.body(endpoint, json.dumps(line)))
    count, revisions, lines = endpoints.stored()
    assert (count, revisions, lines) == (1, 1, [VALID])
    good = endpoints.body(endpoint, json.dumps(AUCTION45[1] if endpoint == "add" else VALID))
    assert endpoints.send(endpoint, good).status_code in (200, 201)


def test_a_json_body_past_the_size_cap_is_refused(endpoints: Endpoints) -> None:
    padding = " " * 300_000
    body = '{"number": 2, "line": ' + json.dumps(AUCTION45[1]) + padding + "}"
    before = endpoints.stored()
    assert_bad_json(endpoints.send("add", body))
    assert endpoints.stored() == before


def test_a_delete_with_a_version_in_other_digits_is_not_a_500(endpoints: Endpoints) -> None:
    before = endpoints.stored()
    url = endpoints.urls["correct"] + "?version=%C2%B2"  # "²": isdigit() but not int()
    response = endpoints.client.delete(url)
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == ("invalid", "version")
    assert endpoints.stored() == before


def test_a_resolution_for_a_line_number_in_other_digits_is_refused(
    staff: Staff, endpoints: Endpoints
) -> None:
    before = endpoints.stored()
    url = reverse("api_sheet_resolve", args=[staff.club.slug, endpoints.sheet.pk])
    response = api(staff.director).post(url, {"choices": {"²": "check"}}, format="json")
    assert response.status_code == 400
    assert endpoints.stored() == before
