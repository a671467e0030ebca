"""The publish step of a round that may be played online: where it is played (all at the hall,
all online, table by table) and a window over days, each refusal shown on the form with
nothing published; and the round page saying where its tables play."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from club.models import Membership
from scoring.models import TableCode
from tables.models import LiveTable
from tests.factories import MembershipFactory
from tests.tournaments.factories import ClubSetup, club_with, event_with
from tests.tournaments.test_views import signed_in, url
from tournaments.models import Match, PlaysAt, Round, RoundStatus
from tournaments.services.events import OnlinePlay
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

WINDOW = {
    "opens_at": "2030-03-01T18:00",
    "closes_at": "2030-03-04T22:00",
    "default_at": "2030-03-02T19:30",
}


def _draft(plays_at: str, setup: ClubSetup | None = None) -> tuple[Round, Client]:
    """Round 1 of a night of eight (two tables) paired, and its director signed in."""
    setup = setup or club_with(players=8)
    event = event_with(setup, format="progressive", online=OnlinePlay(plays_at))
    return round_pair(event=event), signed_in(setup)


def _publish(client: Client, round_: Round, data: dict[str, object]) -> str:
    answer = client.post(url("round_publish", round_.event, round_.number), data, follow=True)
    assert answer.status_code == 200
    return answer.content.decode()


def _refused(client: Client, round_: Round, data: dict[str, object]) -> dict[str, list[str]]:
    """Post the form, which is refused: the page again, the round still a draft with nothing
    made; returns the error codes by field ("__all__" on top)."""
    answer = client.post(url("round_publish", round_.event, round_.number), data)
    assert answer.status_code == 200
    round_.refresh_from_db()
    assert round_.status == RoundStatus.DRAFT and round_.opens_at is None
    assert not Match.objects.filter(round=round_, sheet__isnull=False).exists()
    assert not LiveTable.objects.filter(match__round=round_).exists()
    form = answer.context["form"]
    for errors in form.errors.values():
        assert all(escape(error) in answer.content.decode() for error in errors)
    return {name: [e.code for e in errors] for name, errors in form.errors.as_data().items()}


def _where(round_: Round) -> tuple[set[int], set[int]]:
    """The tables with a live table, and the ones with a table code."""
    live = LiveTable.objects.filter(match__round=round_)
    codes = TableCode.objects.filter(sheet__tournament_match__round=round_)
    return (
        set(live.values_list("match__table__number", flat=True)),
        set(codes.values_list("sheet__tournament_match__table__number", flat=True)),
    )


def _local(text: str) -> datetime:
    return timezone.make_aware(datetime.fromisoformat(text))


def test_an_event_chosen_round_by_round_asks_where_with_a_checkbox_per_table() -> None:
    draft, client = _draft(PlaysAt.BY_ROUND)
    page = client.get(url("round_publish", draft.event, 1)).content.decode()
    for value in ("hall", "online", "tables"):
        assert f'name="where" value="{value}"' in page
    for number in (1, 2):
        assert f'type="checkbox" name="online_tables" value="{number}"' in page
    for name in WINDOW:
        assert f'type="datetime-local" name="{name}"' in page
    assert "Played over days" in page and "Publish round 1" in page


def test_an_event_played_online_asks_only_for_a_window() -> None:
    draft, client = _draft(PlaysAt.ONLINE)
    page = client.get(url("round_publish", draft.event, 1)).content.decode()
    assert 'name="where"' not in page and 'name="online_tables"' not in page
    assert 'name="default_at"' in page
    shown = _publish(client, draft, {})
    assert "the online tables are set" in shown
    assert _where(draft) == ({1, 2}, set())


def test_an_event_at_the_hall_only_asks_to_confirm() -> None:
    draft, client = _draft(PlaysAt.HALL)
    page = client.get(url("round_publish", draft.event, 1)).content.decode()
    assert "Seats cannot be swapped after this." in page and 'name="default_at"' not in page
    assert "the scoresheets are ready" in _publish(client, draft, {})
    assert _where(draft) == (set(), {1, 2})


@pytest.mark.parametrize(
    ("data", "live", "coded"),
    [
        ({"where": "hall"}, set(), {1, 2}),
        ({}, set(), {1, 2}),
        ({"where": "online"}, {1, 2}, set()),
        ({"where": "tables", "online_tables": ["2"]}, {2}, {1}),
        ({"where": "tables", "online_tables": ["1", "2"]}, {1, 2}, set()),
    ],
)
def test_each_choice_of_where_publishes_those_tables_online(
    data: dict[str, object], live: set[int], coded: set[int]
) -> None:
    draft, client = _draft(PlaysAt.BY_ROUND)
    shown = _publish(client, draft, data)
    draft.refresh_from_db()
    assert draft.status == RoundStatus.PUBLISHED and draft.online == bool(live)
    assert _where(draft) == (live, coded)
    assert "is published" in shown


def test_a_window_is_read_in_the_clubs_time_and_shown_on_the_round_page() -> None:
    draft, client = _draft(PlaysAt.BY_ROUND)
    _publish(client, draft, {"where": "tables", "online_tables": ["2"], **WINDOW})
    draft.refresh_from_db()
    assert (draft.opens_at, draft.closes_at, draft.default_at) == tuple(
        _local(WINDOW[name]) for name in ("opens_at", "closes_at", "default_at")
    )
    online = Match.objects.get(round=draft, table__number=2)
    assert online.starts_at == _local(WINDOW["default_at"])
    page = client.get(url("round_detail", draft.event, 1)).content.decode()
    assert "Table 2 plays online; the others at the hall." in page
    assert "Played over days, from Fri 1 Mar, 18:00 to the deadline, Mon 4 Mar, 22:00." in page
    assert "starts Sat 2 Mar, 19:30." in page


def test_the_round_page_of_a_round_all_online_says_so_and_a_hall_round_says_nothing() -> None:
    draft, client = _draft(PlaysAt.ONLINE)
    _publish(client, draft, {})
    page = client.get(url("round_detail", draft.event, 1)).content.decode()
    assert "Every table plays online" in page and "Played over days" not in page
    hall, hall_client = _draft(PlaysAt.HALL)
    _publish(hall_client, hall, {})
    page = hall_client.get(url("round_detail", hall.event, 1)).content.decode()
    assert "plays online" not in page and "play online" not in page


@pytest.mark.parametrize(
    ("data", "codes"),
    [
        (
            {"where": "tables"},
            {"online_tables": ["tables_needed"]},
        ),
        (
            {"where": "online", "opens_at": WINDOW["opens_at"]},
            {"closes_at": ["window_part_missing"], "default_at": ["window_part_missing"]},
        ),
        (
            {"where": "online", **WINDOW, "closes_at": "2030-02-28T18:00"},
            {"closes_at": ["window_backwards"]},
        ),
        (
            {"where": "online", **WINDOW, "default_at": "2030-03-05T18:00"},
            {"default_at": ["default_outside"]},
        ),
        (
            {"where": "hall", **WINDOW},
            {"__all__": ["window_at_the_hall"]},
        ),
        (
            {"where": "tables", "online_tables": ["7"]},
            {"online_tables": ["invalid_choice"]},
        ),
        (
            {"where": "everywhere"},
            {"where": ["invalid_choice"]},
        ),
        (
            {"where": "online", **WINDOW, "opens_at": "soon"},
            {"opens_at": ["invalid"]},
        ),
    ],
)
def test_each_refusal_is_shown_on_the_form_and_nothing_is_published(
    data: dict[str, object], codes: dict[str, list[str]]
) -> None:
    draft, client = _draft(PlaysAt.BY_ROUND)
    assert _refused(client, draft, data) == codes


def test_a_clash_with_another_events_online_match_is_shown_on_the_form() -> None:
    setup = club_with(players=8)
    other, _ = _draft(PlaysAt.ONLINE, setup)
    round_publish(round_=other)
    draft, client = _draft(PlaysAt.BY_ROUND, setup)
    assert _refused(client, draft, {"where": "tables", "online_tables": ["1"]}) == {
        "__all__": ["clash"]
    }
    # At the hall, the same players clash with nothing.
    _publish(client, draft, {"where": "hall"})
    draft.refresh_from_db()
    assert draft.status == RoundStatus.PUBLISHED and not draft.online


def test_a_published_round_is_not_asked_again() -> None:
    draft, client = _draft(PlaysAt.BY_ROUND)
    _publish(client, draft, {"where": "online"})
    page = client.get(url("round_publish", draft.event, 1)).content.decode()
    assert "Round 1 is already published." in page and 'name="where"' not in page
    again = client.post(url("round_publish", draft.event, 1), {"where": "hall"}, follow=True)
    assert "Round 1 is published: only a draft can be published." in again.content.decode()
    assert _where(draft) == ({1, 2}, set())


def test_the_publish_step_and_the_round_page_speak_french() -> None:
    setup = club_with(players=8)
    draft, _ = _draft(PlaysAt.BY_ROUND, setup)
    member = MembershipFactory.create(
        club=setup.club, role=Membership.Role.DIRECTOR, with_account=True, player__language="fr"
    )
    assert member.player.user is not None
    client = Client()
    client.force_login(member.player.user)
    page = client.get(url("round_publish", draft.event, 1)).content.decode()
    for french in ("Où se joue cette ronde", "Table par table", "Jouée sur plusieurs jours"):
        assert french in page
    refused = client.post(url("round_publish", draft.event, 1), {"where": "tables"})
    assert "Cochez les tables jouées en ligne" in refused.content.decode()
    shown = _publish(client, draft, {"where": "tables", "online_tables": ["1"], **WINDOW})
    assert "les tables en ligne sont prêtes" in shown
    page = client.get(url("round_detail", draft.event, 1)).content.decode()
    assert "La table 1 joue en ligne ; les autres au local." in page
    assert "Jouée sur plusieurs jours, du " in page
