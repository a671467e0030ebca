"""Every refusal of the API has one shape, ``{code, message, field}``, whatever refused it: a
serializer, a service's ``ValidationError``, the parser, authentication, permissions, the URL
resolver, the method, the rate limits. The schema says so for every operation."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.test import Client
from pytest_django.fixtures import Settings as SettingsWrapper
from rest_framework.test import APIClient

from club.api_errors import exception_handler
from club.errors import DomainError
from club.models import Club, Membership
from scoring.errors import LineRefused, SheetLocked, StaleLine
from scoring.models import HandLine
from scoring.services import handline_add, scoresheet_create
from tests.factories import ClubFactory, MembershipFactory
from tournaments.errors import TournamentError

pytestmark = pytest.mark.django_db

SHAPE = {"code", "message", "field"}


def member(club: Club, role: str) -> User:
    user = MembershipFactory.create(club=club, role=role, with_account=True).player.user
    assert user is not None
    return user


def api(user: User | None = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def refusal(response: Any, status: int, code: str, field: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    body: dict[str, Any] = response.json()
    assert set(body) >= SHAPE, body
    assert (body["code"], body["field"]) == (code, field), body
    assert isinstance(body["message"], str) and body["message"]
    return body


@pytest.fixture
def club() -> Club:
    return ClubFactory.create()


def test_invalid_input_names_the_field_and_lists_every_problem(club: Club) -> None:
    url = f"/api/clubs/{club.slug}/players/"
    response = api(member(club, "director")).post(url, {"email": "x"}, format="json")
    body = refusal(response, 400, "required", "display_name")
    assert {(e["code"], e["field"]) for e in body["errors"]} == {
        ("required", "display_name"),
        ("invalid", "email"),
    }


def test_nested_input_is_named_by_its_path(club: Club) -> None:
    url = f"/api/clubs/{club.slug}/sheets/"
    body = {"game": "auction45", "seats": [{"seat": 0, "player": 1}, {"seat": "x", "player": 2}]}
    response = api(member(club, "scorer")).post(url, body, format="json")
    refusal(response, 400, "invalid", "seats.1.seat")


def test_a_service_validation_error_keeps_its_code() -> None:
    error = ValidationError(
        {"player": ValidationError("Plays in another club.", code="player_in_other_club")}
    )
    response = exception_handler(error, {})
    assert response is not None and response.status_code == 400
    assert response.data["code"] == "player_in_other_club"
    assert response.data["field"] == "player"
    assert response.data["message"] == "Plays in another club."
    uncoded = exception_handler(ValidationError("Something is off."), {})
    assert uncoded is not None
    assert (uncoded.data["code"], uncoded.data["field"]) == ("invalid", None)


def test_malformed_json_is_a_coded_400(club: Club) -> None:
    response = api(member(club, "director")).post(
        f"/api/clubs/{club.slug}/players/", '{"display_name": ', content_type="application/json"
    )
    refusal(response, 400, "parse_error")


def test_a_malformed_multipart_body_is_a_coded_400(club: Club) -> None:
    response = api(member(club, "club_admin")).post(
        f"/api/clubs/{club.slug}/players/import/",
        b"--nope\r\nnot a part",
        content_type="multipart/form-data",  # no boundary: the body cannot be split
    )
    refusal(response, 400, "parse_error")


def test_a_body_of_another_type_is_a_coded_415(club: Club) -> None:
    response = api(member(club, "director")).post(
        f"/api/clubs/{club.slug}/players/", "display_name=x", content_type="text/plain"
    )
    refusal(response, 415, "unsupported_media_type")


def test_players_import_refusal_has_the_shape_and_every_row(club: Club) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    csv = SimpleUploadedFile("p.csv", b"name,role\n,player\nAnn,emperor\n", "text/csv")
    response = api(member(club, "club_admin")).post(
        f"/api/clubs/{club.slug}/players/import/", {"file": csv}, format="multipart"
    )
    body = refusal(response, 400, "bad_rows", "file")
    assert [row["row"] for row in body["rows"]] == [2, 3]


def test_signed_out_and_denied_writes(club: Club) -> None:
    url = f"/api/clubs/{club.slug}/players/"
    refusal(api().post(url, {"display_name": "X"}, format="json"), 403, "not_authenticated")
    player = member(club, "player")
    refusal(api(player).post(url, {"display_name": "X"}, format="json"), 403, "permission_denied")


@pytest.mark.parametrize(
    "path",
    [
        "/api/clubs/{slug}/players/abc/",  # not a number where one is expected
        "/api/clubs/{slug}/nothing-here/",
        "/api/nope",
        "/api/clubs/{slug}/players/999999/",  # a number, but nobody
        "/api/clubs/no-such-club/",
    ],
)
def test_unknown_api_addresses_answer_json_404(club: Club, path: str) -> None:
    client = Client()
    client.force_login(member(club, "director"))
    response = client.get(path.format(slug=club.slug))
    refusal(response, 404, "not_found")


def test_pages_keep_the_html_404() -> None:
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_method_the_address_does_not_take_is_a_coded_405(club: Club) -> None:
    response = api(member(club, "club_admin")).delete("/api/clubs/")
    refusal(response, 405, "method_not_allowed")
    assert response["Allow"]


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("memberships/?role=AAA", "role"),
        ("players/?role=AAA", "role"),
        ("rule-sets/?game=chess", "game"),
        ("sheets/?status=lost", "status"),
        ("sheets/{sheet}/history/?line=abc", "line"),
        ("sheets/{sheet}/lines/?entry=xyz", "entry"),
        ("sheets/{sheet}/lines/1/?entry=xyz", "entry"),
    ],
)
def test_invalid_query_values_are_refused(club: Club, path: str, field: str) -> None:
    director = member(club, "director")
    sheet = scoresheet_create(club=club, by=director, game_id="auction45")
    line = {"dealer": 0, "bidder": 1, "bid": 20, "trump": "h", "points": [20, 10]}
    handline_add(sheet=sheet, line=line, expected_number=1, by=director)
    url = f"/api/clubs/{club.slug}/" + path.format(sheet=sheet.pk)
    body = refusal(api(director).get(url), 400, body_code(field), field)
    assert field in body["message"] or body["message"]


def body_code(field: str) -> str:
    return "invalid" if field == "line" else "invalid_choice"


def test_a_deleted_lines_version_must_be_a_number(club: Club) -> None:
    director = member(club, "director")
    sheet = scoresheet_create(club=club, by=director, game_id="auction45")
    line = {"dealer": 0, "bidder": 1, "bid": 20, "trump": "h", "points": [20, 10]}
    handline_add(sheet=sheet, line=line, expected_number=1, by=director)
    url = f"/api/clubs/{club.slug}/sheets/{sheet.pk}/lines/1/?version=new"
    refusal(api(director).delete(url), 400, "invalid", "version")
    assert HandLine.objects.live().filter(sheet=sheet, number=1).exists()  # kept


def test_an_option_the_engine_refuses_names_the_option(club: Club) -> None:
    response = api(member(club, "club_admin")).post(
        f"/api/clubs/{club.slug}/rule-sets/",
        {"name": "Odd", "game": "auction45", "options": {"renege": "sometimes"}},
        format="json",
    )
    body = refusal(response, 400, response.json()["code"], "options.renege")
    assert body["code"] not in ("invalid", "")


def test_an_id_too_big_for_the_database_is_refused_not_a_500(club: Club) -> None:
    response = api(member(club, "director")).post(
        f"/api/clubs/{club.slug}/partnerships/",
        {"name": "Big", "players": [2**70, 1]},
        format="json",
    )
    refusal(response, 400, "max_value", "players.0")


# --- Domain errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (DomainError("odd", "Something is odd.", "name"), 400),
        (LineRefused("bad_bid", "bid 12 is not allowed", "bid"), 400),
        (StaleLine("stale", "The sheet changed.", None), 409),
        (SheetLocked("locked", "The sheet is confirmed.", None), 409),
        (TournamentError("too_few_players", "Too few.", None), 400),
        (TournamentError("draft_pending", "A draft is pending.", None), 409),
    ],
)
def test_a_domain_error_answers_its_status_and_its_shape(error: DomainError, status: int) -> None:
    response = exception_handler(error, {})
    assert response is not None and response.status_code == status
    assert response.data == {"code": error.code, "message": error.message, "field": error.field}


def test_a_service_refusal_goes_up_to_the_handler(club: Club) -> None:
    """The view answers nothing itself: the handler turns the service's error into the body."""
    director = member(club, "director")
    sheet = scoresheet_create(club=club, by=director, game_id="auction45")
    url = f"/api/clubs/{club.slug}/sheets/{sheet.pk}/confirm/"
    refusal(api(director).post(url), 400, "not_finished")
    rule_set = {"name": "Odd", "game": "pitch52", "options": {"players": 3, "cutthroat": False}}
    response = api(member(club, "club_admin")).post(
        f"/api/clubs/{club.slug}/rule-sets/", rule_set, format="json"
    )
    refusal(response, 400, response.json()["code"], "options.cutthroat")


# --- Rate limits ---------------------------------------------------------------------------


def rates(settings: SettingsWrapper, **given: str | None) -> None:
    cache.clear()
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": None, "user": None, "write": None, **given},
    }


def test_a_visitor_over_the_rate_gets_429_with_retry_after(settings: SettingsWrapper) -> None:
    rates(settings, anon="2/minute")
    client = Client()
    assert [client.get("/api/clubs/").status_code for _ in range(2)] == [200, 200]
    response = client.get("/api/clubs/")
    body = refusal(response, 429, "throttled")
    assert int(response["Retry-After"]) > 0
    assert "Try again in" in body["message"]


def test_writes_have_their_own_budget_per_account(club: Club, settings: SettingsWrapper) -> None:
    rates(settings, user="100/minute", write="1/minute")
    director = api(member(club, "director"))
    url = f"/api/clubs/{club.slug}/players/"
    assert director.post(url, {"display_name": "A"}, format="json").status_code == 201
    refusal(director.post(url, {"display_name": "B"}, format="json"), 429, "throttled")
    assert director.get(url).status_code == 200  # reading goes on
    other = api(member(club, "director"))
    assert other.post(url, {"display_name": "C"}, format="json").status_code == 201
    assert not Membership.objects.filter(club=club, player__display_name="B").exists()


# --- In the schema ---------------------------------------------------------------------------


@pytest.fixture
def schema() -> dict[str, Any]:
    response = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    loaded: dict[str, Any] = response.json()
    return loaded


def test_every_operation_documents_its_refusals_in_the_one_shape(schema: dict[str, Any]) -> None:
    error = schema["components"]["schemas"]["Error"]
    assert set(error["required"]) == SHAPE
    assert error["properties"]["field"]["nullable"] is True
    missing = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            expected = {"405", "429"}
            if "requestBody" in operation or any(
                p["in"] == "query" for p in operation.get("parameters", [])
            ):
                expected |= {"400"}
            if "{" in path:
                expected |= {"404"}
            if path.count("/") > 4:  # inside a club, not the public list or card
                expected |= {"403"}
            for status in expected - set(responses):
                missing.append(f"{method.upper()} {path}: {status}")
            for status, response in responses.items():
                if int(status) >= 400:
                    ref = response["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/Error") or ref.endswith("Refusal"), (path, status)
    assert not missing, missing


def test_who_confirmed_a_sheet_may_be_nobody_yet(schema: dict[str, Any]) -> None:
    for name in ("ScoresheetOutput", "ScoresheetDetail"):
        assert schema["components"]["schemas"][name]["properties"]["confirmed_by"]["nullable"]
