"""The events API: an evening driven by a script, and its refusals with codes."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from club.models import Membership
from scoring.models import Scoresheet
from scoring.services import scoresheet_confirm
from tests.factories import MembershipFactory
from tests.tournaments.factories import ClubSetup, club_with, event_with
from tournaments.models import Entrant, Event
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.simulate import sheet_play


def api_for(setup: ClubSetup, role: str = Membership.Role.DIRECTOR) -> APIClient:
    member = MembershipFactory.create(club=setup.club, role=role, with_account=True)
    client = APIClient()
    client.force_authenticate(member.player.user)
    return client


def base(setup: ClubSetup) -> str:
    return f"/api/clubs/{setup.club.slug}"


@pytest.mark.django_db(transaction=True)  # jobs run when their transaction commits
def test_a_whole_evening_through_the_api() -> None:
    setup = club_with(players=4, game="bidwhist", options={"target": 5})
    client = api_for(setup)
    root = base(setup)
    made = client.post(
        f"{root}/events/",
        {
            "name": "API night",
            "date": "2026-02-03",
            "format": "progressive",
            "rule_set": setup.rules.pk,
        },
        format="json",
    )
    assert made.status_code == 201, made.data
    event = f"{root}/events/{made.data['id']}"
    assert made.data["entrant_kind"] == "player" and made.data["status"] == "planned"
    for player in setup.players:
        added = client.post(f"{event}/entrants/", {"player": player.pk}, format="json")
        assert added.status_code == 201 and added.data["checked_in"]
    listed = client.get(f"{event}/entrants/")
    assert len(listed.data) == 4

    paired = client.post(f"{event}/rounds/")
    assert paired.status_code == 202
    assert paired.data["kind"] == "pair" and paired.data["state"] == "done"
    job = client.get(f"{root}/jobs/{paired.data['id']}/")
    assert job.data["message"].startswith("Round 1 is paired")

    draft = client.get(f"{event}/rounds/1/")
    assert draft.data["status"] == "draft" and len(draft.data["tables"]) == 1
    seats = [seat for side in draft.data["tables"][0]["sides"] for seat in side["seats"]]
    assert len(seats) == 4 and sum(seat["deals_first"] for seat in seats) == 1

    published = client.post(f"{event}/rounds/1/publish/")
    assert published.status_code == 200
    sheet_id = published.data["tables"][0]["sheet"]
    assert isinstance(sheet_id, int)
    sheet = Scoresheet.objects.get(pk=sheet_id)
    sheet_play(sheet=sheet, rng=random.Random(2))
    scoresheet_confirm(sheet=sheet, by=None)

    standings = client.get(f"{event}/standings/")
    assert standings.data["games_counted"] == 1
    assert [row["rank"] for row in standings.data["rows"]][0] == 1
    assert {row["name"] for row in standings.data["rows"]} == {
        p.display_name for p in setup.players
    }
    finished = client.post(f"{event}/finish/")
    assert finished.status_code == 200 and finished.data["status"] == "finished"


@pytest.mark.django_db
def test_refusals_answer_with_a_code() -> None:
    setup = club_with(players=3, partnerships=1)
    client = api_for(setup)
    root = base(setup)
    bad = client.post(
        f"{root}/events/",
        {"name": "X", "date": "2026-02-03", "format": "cutthroat", "rule_set": setup.rules.pk},
        format="json",
    )
    assert bad.status_code == 400 and bad.data["code"] == "format_game"
    made = client.post(
        f"{root}/events/",
        {"name": "Y", "date": "2026-02-03", "format": "progressive", "rule_set": setup.rules.pk},
        format="json",
    )
    event = f"{root}/events/{made.data['id']}"
    wrong = client.post(
        f"{event}/entrants/", {"partnership": setup.partnerships[0].pk}, format="json"
    )
    assert wrong.status_code == 400 and wrong.data["code"] == "wrong_kind"
    outsider = client.post(f"{event}/entrants/", {"player": 999_999}, format="json")
    assert outsider.status_code == 400 and outsider.data["code"] == "not_in_club"


@pytest.mark.django_db
def test_state_conflicts_answer_409() -> None:
    setup = club_with(players=8)
    client = api_for(setup)
    root = base(setup)
    made: Any = client.post(
        f"{root}/events/",
        {"name": "Z", "date": "2026-02-03", "format": "progressive", "rule_set": setup.rules.pk},
        format="json",
    )
    event_id = made.data["id"]
    for player in setup.players:
        client.post(f"{root}/events/{event_id}/entrants/", {"player": player.pk}, format="json")
    round_publish(round_=round_pair(event=Event.objects.get(pk=event_id)))
    a, b = Entrant.objects.filter(event_id=event_id)[:2]
    swap = client.post(
        f"{root}/events/{event_id}/rounds/1/swap/",
        {"first": a.pk, "second": b.pk, "reason": "x"},
        format="json",
    )
    assert swap.status_code == 409 and swap.data["code"] == "not_draft"
    discard = client.delete(f"{root}/events/{event_id}/rounds/1/")
    assert discard.status_code == 409


@pytest.mark.django_db
def test_check_out_through_patch() -> None:
    setup = club_with(players=4)
    client = api_for(setup)
    root = base(setup)
    made: Any = client.post(
        f"{root}/events/",
        {"name": "W", "date": "2026-02-03", "format": "progressive", "rule_set": setup.rules.pk},
        format="json",
    )
    entrant = client.post(
        f"{root}/events/{made.data['id']}/entrants/",
        {"player": setup.players[0].pk},
        format="json",
    )
    out = client.patch(
        f"{root}/events/{made.data['id']}/entrants/{entrant.data['id']}/",
        {"checked_in": False},
        format="json",
    )
    assert out.status_code == 200 and out.data["checked_in"] is False


@pytest.mark.django_db
def test_members_read_but_do_not_write() -> None:
    setup = club_with(players=4)
    client = api_for(setup, role=Membership.Role.PLAYER)
    root = base(setup)
    assert client.get(f"{root}/events/").status_code == 200
    refused = client.post(
        f"{root}/events/",
        {"name": "N", "date": "2026-02-03", "format": "progressive", "rule_set": setup.rules.pk},
        format="json",
    )
    assert refused.status_code == 403
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_seasons_and_their_standings() -> None:
    setup = club_with(players=4)
    client = api_for(setup)
    root = base(setup)
    made = client.post(
        f"{root}/seasons/",
        {"name": "Winter", "format": "progressive", "rule_set": setup.rules.pk, "best_of": 8},
        format="json",
    )
    assert made.status_code == 201 and made.data["best_of"] == 8
    standings = client.get(f"{root}/seasons/{made.data['id']}/standings/")
    assert standings.status_code == 200 and standings.data["rows"] == []
    night = client.post(
        f"{root}/events/",
        {
            "name": "Night 1",
            "date": "2026-02-03",
            "format": "swiss",
            "rule_set": setup.rules.pk,
            "season": made.data["id"],
        },
        format="json",
    )
    assert night.status_code == 400 and night.data["code"] == "season_kind"


@pytest.mark.django_db
def test_patch_changes_an_event_and_refuses_a_new_format_once_paired() -> None:
    setup = club_with(players=8)
    client = api_for(setup)
    root = base(setup)
    made: Any = client.post(
        f"{root}/events/",
        {"name": "P", "date": "2026-02-03", "format": "progressive", "rule_set": setup.rules.pk},
        format="json",
    )
    event = f"{root}/events/{made.data['id']}/"
    renamed = client.patch(event, {"name": "Spring", "tiebreaks": ["points"]}, format="json")
    assert renamed.status_code == 200, renamed.data
    assert (renamed.data["name"], renamed.data["tiebreaks"]) == ("Spring", ["points"])
    assert renamed.data["format"] == "progressive"  # what was not sent stays
    for player in setup.players:
        client.post(f"{event}entrants/", {"player": player.pk}, format="json")
    round_publish(round_=round_pair(event=Event.objects.get(pk=made.data["id"])))
    refused = client.patch(event, {"format": "cutthroat"}, format="json")
    assert refused.status_code == 409
    assert (refused.data["code"], refused.data["field"]) == ("started", "format")
    unknown = client.patch(event, {"rule_set": 999999}, format="json")
    assert unknown.status_code == 400 and unknown.data["code"] == "not_in_club"
    player_client = api_for(setup, Membership.Role.PLAYER)
    assert player_client.patch(event, {"name": "Mine"}, format="json").status_code == 403
    assert Event.objects.get(pk=made.data["id"]).name == "Spring"


@pytest.mark.django_db
def test_a_rounds_reasons_follow_the_readers_language() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    round_pair(event=event)
    client = api_for(setup)
    url = f"{base(setup)}/events/{event.pk}/rounds/1/"
    english = client.get(url).data
    assert english["reasons"][0]["text"].startswith("Whist schedule for 8 players, row 1 of 7")
    french = client.get(url, headers={"accept-language": "fr"}).data
    assert french["reasons"][0]["code"] == "whist_design"
    assert french["reasons"][0]["text"].startswith("Grille de whist pour 8 joueurs, ligne 1")
    assert french["tables"][0]["reasons"][0]["text"] == "Aucun partenaire ni adversaire répété"
