"""schemathesis over the whole OpenAPI schema: every operation, as the demo club's director and
as an anonymous visitor, must answer what the schema says it answers, and never a 5xx.

The schema is the one the site serves (``/api/schema/``); requests go in-process to Django's
WSGI application against the test database, filled with the demo club. For each operation
schemathesis draws a bounded number of requests (``EXAMPLES``) from a fixed seed, both valid
input (positive) and input the schema forbids (negative); most use the demo club's real slug
and ids in the path, so the views are reached and not only their 404. Each request
runs in a savepoint rolled back afterwards, so a write cannot change what later requests see.

Checks: not a server error; the status code is one the operation documents; the content type
and the body are the documented ones. The figures (requests, statuses, refusal codes, 5xx)
are printed (``-s``) and written to ``api-fuzz-<role>.json`` in pytest's temporary directory.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import got_request_exception, request_finished, request_started
from django.db import close_old_connections, transaction
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import Failure, FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from club.demo import CLUB_SLUG
from club.models import Club, Invitation, Membership, Partnership, Player, RuleSet
from demo.services import demo_load
from scoring.models import HandLine, Scoresheet, SheetStatus, TableCode
from scoring.tablecodes import tablecode_issue
from tables.models import LiveTable
from tournaments.models import Entrant, Event, Job, MatchTime, Round, Season, Table

pytestmark = pytest.mark.django_db

EXAMPLES = 12  # per operation and generation mode: about 1,500 requests per role
#: A path id that names no row: for objects the demo club has none of.
ID_NOBODYS = 999_999
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
PATH_PARAMETER = re.compile(r"{(\w+)}")


@dataclass
class Tally:
    """What one role's run saw: the figures of the report, and every failed check."""

    role: str
    requests: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def record(self, status: int, body: Any) -> None:
        self.requests += 1
        self.statuses[status] += 1
        if status >= 400 and isinstance(body, dict):
            self.codes[f"{status} {body.get('code')}"] += 1

    def summary(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "requests": self.requests,
            "statuses": dict(sorted(self.statuses.items())),
            "refusals_by_code": dict(self.codes.most_common()),
            "server_errors": sum(n for s, n in self.statuses.items() if s >= 500),
            "failures": len(self.failures),
        }


SERVER_ERRORS: list[str] = []


def _keep_traceback(sender: Any, request: Any = None, **kwargs: Any) -> None:
    import traceback

    SERVER_ERRORS.append(f"{request.method} {request.path}\n{traceback.format_exc()}")


@pytest.fixture
def wsgi_app() -> Iterator[WSGIHandler]:
    """Django's WSGI application, without closing the database connection after each request
    (as the test client does): the requests run inside the test's transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    got_request_exception.connect(_keep_traceback)
    try:
        yield WSGIHandler()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
        got_request_exception.disconnect(_keep_traceback)


@pytest.fixture
def api_schema() -> schemathesis.BaseSchema:
    response = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return schemathesis.openapi.from_dict(json.loads(response.content))


def real_path_values(club: Club) -> dict[str, Any]:
    """A real value for every path parameter of the API, from the demo club."""
    sheet = Scoresheet.objects.filter(club=club, lines__isnull=False).first()
    event = Event.objects.filter(club=club, rounds__isnull=False).order_by("pk").first()
    round_ = Round.objects.filter(event=event).order_by("number").first()
    line = HandLine.objects.filter(sheet=sheet).order_by("number").first()
    values = {
        "slug": club.slug,
        "player_id": Membership.objects.filter(club=club).values_list("player", flat=True)[1],
        "membership_id": Membership.objects.filter(club=club).values_list("pk", flat=True)[1],
        "partnership_id": Partnership.objects.filter(club=club).values_list("pk", flat=True)[0],
        "rule_set_id": RuleSet.objects.filter(club=club).values_list("pk", flat=True)[0],
        "sheet_id": sheet.pk if sheet else None,
        "number": line.number if line else None,
        "season_id": Season.objects.filter(club=club).values_list("pk", flat=True).first(),
        "event_id": event.pk if event else None,
        "entrant_id": Entrant.objects.filter(event=event).values_list("pk", flat=True).first(),
        "round_number": round_.number if round_ else None,
        "job_id": Job.objects.filter(club=club).values_list("pk", flat=True).first(),
        "table_id": LiveTable.objects.filter(club=club).values_list("pk", flat=True).first(),
        "hand_number": 1,
        "index": 1,  # a seat of that table
        "invitation_id": Invitation.objects.filter(club=club).values_list("pk", flat=True).first(),
        "code": TableCode.objects.live().filter(sheet__club=club).values_list("code", flat=True)[0],
        "table_number": Table.objects.filter(round=round_).values_list("number", flat=True).first(),
        # The demo's rounds are played at the hall: no match time there, so a proposal's id
        # that is nobody's (the endpoints answer 404, as documented).
        "time_id": MatchTime.objects.filter(match__round=round_)
        .values_list("pk", flat=True)
        .first()
        or ID_NOBODYS,
    }
    missing = [name for name, value in values.items() if value is None]
    assert not missing, f"the demo club has nothing for {missing}"
    return values


def cases(operation: Any, real: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Valid and invalid requests to the demo club's objects, and valid ones anywhere (mostly
    a 404: an invalid path is one too, so those are not drawn)."""
    fixed = {name: real[name] for name in PATH_PARAMETER.findall(operation.path)}
    positive = schemathesis.GenerationMode.POSITIVE
    negative = schemathesis.GenerationMode.NEGATIVE
    if not fixed:
        return st.one_of(
            operation.as_strategy(generation_mode=positive),
            operation.as_strategy(generation_mode=negative),
        )
    return st.one_of(
        operation.as_strategy(generation_mode=positive, path_parameters=fixed),
        operation.as_strategy(generation_mode=negative, path_parameters=fixed),
        operation.as_strategy(generation_mode=positive),
    )


def run(schema: Any, app: WSGIHandler, role: str, headers: dict[str, str], tally: Tally) -> None:
    real = real_path_values(Club.objects.get(slug=CLUB_SLUG))
    for result in schema.get_all_operations():
        operation = result.ok()

        @settings(
            max_examples=EXAMPLES * 2,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(case=cases(operation, real))
        def one(case: Any) -> None:
            with transaction.atomic():
                response = case.call(app=app, headers=headers, base_url="http://testserver")
                transaction.set_rollback(True)
            try:
                body = response.json()
            except ValueError:
                body = None
            tally.record(response.status_code, body)
            try:
                case.validate_response(response, checks=CHECKS, headers=headers)
            except FailureGroup as group:
                tally.failures.extend(_describe(case, response, group.exceptions))
            except Failure as failure:
                tally.failures.extend(_describe(case, response, [failure]))

        one()


def _describe(case: Any, response: Any, failures: Any) -> Iterator[str]:
    for failure in failures:
        yield (
            f"{case.method} {case.formatted_path} query={case.query} body={case.body!r:.200}"
            f" -> {response.status_code} {response.text[:200]}: {failure.title}:"
            f" {getattr(failure, 'message', '')[:600]}"
        )


def report(tally: Tally, tmp_path_factory: pytest.TempPathFactory) -> None:
    summary = tally.summary()
    path = tmp_path_factory.getbasetemp() / f"api-fuzz-{tally.role}.json"
    path.write_text(json.dumps(summary, indent=2) + "\n")
    print(f"\nschemathesis as {tally.role}: {json.dumps(summary)}")
    seen = set()
    for line in tally.failures:
        key = line.split(" query=")[0] + line.rsplit(":", 2)[-2]
        if key not in seen:
            seen.add(key)
            print("  " + line)
    for error in SERVER_ERRORS[:5]:
        print(error)


@pytest.mark.parametrize("role", ["director", "anonymous"])
def test_every_operation_answers_as_documented(
    role: str,
    api_schema: Any,
    wsgi_app: WSGIHandler,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    loaded = demo_load()
    # The demo sends no invitation: one waiting, for a player the director typed in.
    placeholder = Player.objects.create(display_name="Invited")
    Membership.objects.create(club=loaded.club, player=placeholder)
    Invitation.objects.create(
        club=loaded.club,
        player=placeholder,
        email="invited@example.org",
        token_hash="0" * 64,
        expires_at=timezone.now() + timedelta(days=7),
    )
    # Nor a table code: one live, on a sheet still being played, for the table's phone.
    playing = Scoresheet.objects.filter(club=loaded.club).exclude(status=SheetStatus.CONFIRMED)
    tablecode_issue(sheet=playing[0], by=None)
    headers: dict[str, str] = {}
    if role == "director":
        director = Membership.objects.get(club=loaded.club, player__user__username="director")
        assert director.role == Membership.Role.DIRECTOR
        token, _ = Token.objects.get_or_create(user=director.player.user)
        headers["Authorization"] = f"Token {token.key}"
    tally = Tally(role)
    run(api_schema, wsgi_app, role, headers, tally)
    report(tally, tmp_path_factory)
    assert tally.requests > 1000
    assert tally.summary()["server_errors"] == 0, tally.failures
    assert not tally.failures, "\n".join(tally.failures)
