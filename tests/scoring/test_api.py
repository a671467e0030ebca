"""The scoresheet API: whole games for each of the three games, refusals with docs/rules.md codes,
corrections with history, confirm/unlock, stale requests, and who may do what."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.models import HandLine, SheetStatus
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45, GAMES

pytestmark = pytest.mark.django_db


def api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def lines_url(staff: Staff, sheet_id: int) -> str:
    return reverse("api_line_list", args=[staff.club.slug, sheet_id])


def add(client: APIClient, url: str, number: int, line: dict[str, Any], **extra: Any) -> Any:
    return client.post(url, {"number": number, "line": line, **extra}, format="json")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_game_through_the_api(staff: Staff, game_id: str) -> None:
    """Start the sheet, add every line (running totals as on paper), see the game end,
    confirm; a line after the end is refused with ``game_over``."""
    lines, totals, winners = GAMES[game_id]
    scorer, director = api(staff.scorer), api(staff.director)
    response = scorer.post(
        reverse("api_sheet_list", args=[staff.club.slug]),
        {
            "game": game_id,
            "title": f"{game_id} table",
            "sides": [{"name": "Us"}, {"name": "Them"}],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    sheet = response.json()
    assert sheet["game"] == game_id and [s["label"] for s in sheet["sides"]] == ["Us", "Them"]
    url = lines_url(staff, sheet["id"])
    for number, (line, expected) in enumerate(zip(lines, totals, strict=True), start=1):
        response = add(scorer, url, number, line)
        assert response.status_code == 201, (number, response.json())
        assert response.json()["scores_after"] == expected
    assert response.json()["result"]["winners"] == winners
    detail = scorer.get(reverse("api_sheet_detail", args=[staff.club.slug, sheet["id"]])).json()
    assert detail["status"] == SheetStatus.FINISHED
    assert detail["totals"] == totals[-1] and detail["winners"] == winners
    assert len(detail["lines"]) == len(lines)

    refused = add(scorer, url, len(lines) + 1, lines[0])
    assert refused.status_code == 400
    assert refused.json()["code"] == "game_over"

    confirm = reverse("api_sheet_confirm", args=[staff.club.slug, sheet["id"]])
    assert scorer.post(confirm).status_code == 403
    response = director.post(confirm)
    assert response.status_code == 200 and response.json()["status"] == SheetStatus.CONFIRMED
    locked = scorer.patch(
        reverse("api_line_detail", args=[staff.club.slug, sheet["id"], 1]),
        {"line": lines[0]},
        format="json",
    )
    assert locked.status_code == 409 and locked.json()["code"] == "locked"


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"bid": 12}, "bad_bid", "bid"),
        ({"bidder": 4}, "bad_seat", "bidder"),
        ({"trump": "X"}, "bad_trump", "trump"),
        ({"points": [12, 18]}, "points_not_multiple_of_5", "points"),
        ({"points": [20, 20]}, "points_total", "points"),
        ({"points": [30]}, "missing_field", "points"),
        ({"made": False}, "made_mismatch", "made"),
        ({"scores_after": [5, 5]}, "score_mismatch", "scores_after"),
    ],
)
def test_a_bad_line_answers_400_with_the_reason_code(
    staff: Staff, make_sheet: MakeSheet, change: dict[str, Any], code: str, field: str
) -> None:
    sheet = make_sheet()
    response = add(api(staff.scorer), lines_url(staff, sheet.pk), 1, AUCTION45[0] | change)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == code and body["field"] == field
    assert body["message"]
    assert not HandLine.objects.filter(sheet=sheet).exists()


def test_check_answers_without_saving(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    url = reverse("api_line_check", args=[staff.club.slug, sheet.pk])
    client = api(staff.scorer)
    response = client.post(url, {"line": AUCTION45[2]}, format="json")
    assert response.status_code == 200
    assert response.json() == {
        "made": False,
        "delta": [10, -25],
        "scores_after": [10, -25],
        "result": None,
    }
    bad = client.post(url, {"line": AUCTION45[2] | {"bid": 35}}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "bad_bid"
    assert not HandLine.objects.exists()


def test_a_second_add_with_the_same_number_is_stale(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    url = lines_url(staff, sheet.pk)
    assert add(api(staff.scorer), url, 1, AUCTION45[0]).status_code == 201
    response = add(api(staff.director), url, 1, AUCTION45[0])
    assert response.status_code == 409
    assert (
        response.json()["code"] == "stale" and "Line 1 was just added" in response.json()["message"]
    )
    assert HandLine.objects.filter(sheet=sheet).count() == 1


def test_correction_recomputes_later_lines_and_keeps_history(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    client = api(staff.scorer)
    url = lines_url(staff, sheet.pk)
    for number, line in enumerate(AUCTION45[:3], start=1):
        add(client, url, number, line)
    detail = reverse("api_line_detail", args=[staff.club.slug, sheet.pk, 2])
    version = client.get(detail).json()["version"]
    response = client.patch(
        detail, {"line": AUCTION45[1] | {"points": [15, 15]}, "version": version}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["scores_after"] == [25, 35]
    assert client.get(lines_url(staff, sheet.pk)).json()[2]["scores_after"] == [35, 10]
    stale = client.patch(detail, {"line": AUCTION45[1], "version": version}, format="json")
    assert stale.status_code == 409 and stale.json()["code"] == "stale"
    history = client.get(
        reverse("api_sheet_history", args=[staff.club.slug, sheet.pk]), {"line": 2}
    ).json()
    assert [h["action"] for h in history] == ["add", "edit"]
    assert history[1]["before"]["line"]["points"] == [20, 10]
    assert history[1]["after"]["line"]["points"] == [15, 15]
    assert history[1]["by"] == staff.scorer.username


def test_a_correction_that_breaks_a_later_line_is_refused(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    client = api(staff.scorer)
    url = lines_url(staff, sheet.pk)
    for number, line in enumerate(AUCTION45, start=1):
        add(client, url, number, line)
    # Line 4 made 30-for-60 by side 0: with it the game ends at line 6. Making line 1 a big
    # win ends the game earlier, so line 6 would come after the end.
    detail = reverse("api_line_detail", args=[staff.club.slug, sheet.pk, 5])
    response = client.patch(
        detail, {"line": AUCTION45[4] | {"bidder": 0, "points": [25, 5]}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "later_line_refused"
    assert "line 6" in response.json()["message"]


def test_delete_moves_later_lines_up(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    client = api(staff.scorer)
    url = lines_url(staff, sheet.pk)
    for number, line in enumerate(AUCTION45[:3], start=1):
        add(client, url, number, line)
    response = client.delete(reverse("api_line_detail", args=[staff.club.slug, sheet.pk, 1]))
    assert response.status_code == 204
    lines = client.get(url).json()
    assert [line["number"] for line in lines] == [1, 2]
    assert lines[-1]["scores_after"] == [30, -15]
    assert HandLine.objects.filter(sheet=sheet, deleted=True).count() == 1


def test_unlock_needs_a_reason_and_a_director(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    client = api(staff.scorer)
    for number, line in enumerate(AUCTION45, start=1):
        add(client, lines_url(staff, sheet.pk), number, line)
    director = api(staff.director)
    director.post(reverse("api_sheet_confirm", args=[staff.club.slug, sheet.pk]))
    unlock = reverse("api_sheet_unlock", args=[staff.club.slug, sheet.pk])
    assert client.post(unlock, {"reason": "typo"}, format="json").status_code == 403
    assert director.post(unlock, {"reason": ""}, format="json").status_code == 400
    response = director.post(unlock, {"reason": "line 3 was misread"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == SheetStatus.FINISHED
    again = director.post(unlock, {"reason": "again"}, format="json")
    assert again.status_code == 400 and again.json()["code"] == "not_confirmed"


def test_confirm_refuses_an_unfinished_sheet(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    response = api(staff.director).post(
        reverse("api_sheet_confirm", args=[staff.club.slug, sheet.pk])
    )
    assert response.status_code == 400 and response.json()["code"] == "not_finished"


def test_players_read_but_do_not_write(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    player = api(staff.player)
    assert player.get(lines_url(staff, sheet.pk)).status_code == 200
    assert add(player, lines_url(staff, sheet.pk), 1, AUCTION45[0]).status_code == 403
    assert not HandLine.objects.exists()


def test_create_from_a_partnership_and_seats(staff: Staff) -> None:
    from tests.factories import MembershipFactory, PartnershipFactory

    partnership = PartnershipFactory.create(club=staff.club, name="Five of Trumps")
    member = MembershipFactory.create(club=staff.club)
    response = api(staff.scorer).post(
        reverse("api_sheet_list", args=[staff.club.slug]),
        {
            "game": "pitch52",
            "sides": [{"partnership": partnership.pk}, {"name": "Visitors"}],
            "seats": [{"seat": 1, "player": member.player_id}],
            "first_dealer": 3,
        },
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert body["sides"][0]["label"] == "Five of Trumps"
    assert body["seats"][1]["player"] == member.player_id
    assert body["first_dealer"] == 3
    outsider = MembershipFactory.create()
    response = api(staff.scorer).post(
        reverse("api_sheet_list", args=[staff.club.slug]),
        {"game": "pitch52", "seats": [{"seat": 0, "player": outsider.player_id}]},
        format="json",
    )
    assert response.status_code == 400 and response.json()["code"] == "player"


def test_another_clubs_sheet_is_not_found(staff: Staff, make_sheet: MakeSheet) -> None:
    from club.models import Player
    from tests.factories import ClubFactory, MembershipFactory

    other = ClubFactory.create()
    player = Player.objects.get(user=staff.scorer)
    MembershipFactory.create(club=other, player=player, role="scorer")
    sheet = make_sheet()
    url = reverse("api_sheet_detail", args=[other.slug, sheet.pk])
    assert api(staff.scorer).get(url).status_code == 404
