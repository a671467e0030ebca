"""No-shows seen and decided by a director: the round page's flagged match and its buttons,
the API's decision, and a knockout's next round after forfeits."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Membership
from tables.models import LiveTable, TableStatus
from tables.services import match_no_show_check, seat_connected
from tests.factories import MembershipFactory
from tests.tables.test_noshow import GRACE, ONLINE, _match_table
from tests.tournaments.factories import club_with, event_with
from tournaments.models import Match, NoShow, NoShowRule, Round, RoundStatus, Seating
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.services.standings import event_standings_recompute

pytestmark = pytest.mark.django_db


def _client(table: LiveTable, role: str = Membership.Role.DIRECTOR) -> Client:
    member = MembershipFactory.create(club=table.club, role=role, with_account=True)
    assert member.player.user is not None
    client = Client()
    client.force_login(member.player.user)
    return client


def _flagged() -> tuple[LiveTable, Match]:
    table = _match_table(NoShowRule.DIRECTOR)
    for index in (0, 1, 2):
        seat_connected(table_id=table.pk, index=index)
    check = match_no_show_check(table_id=table.pk, now=table.created + timedelta(seconds=GRACE + 1))
    assert check == "flagged"
    return table, Match.objects.select_related("round__event").get(live_table=table)


def _round_url(match: Match) -> str:
    event = match.round.event
    return reverse("round_detail", args=[event.club.slug, event.pk, match.round.number])


def test_the_round_page_shows_a_flagged_match_and_the_directors_choice_decides() -> None:
    table, match = _flagged()
    director = _client(table)
    page = director.get(_round_url(match)).content.decode()
    absent = table.seats.get(index=3).player
    assert absent is not None
    assert f"Seat 4 ({absent.display_name}) has not come." in page
    action = reverse("table_no_show", args=[table.club.slug, table.pk])
    assert f'action="{action}"' in page and 'value="computer"' in page
    answer = director.post(action, {"decision": "computer"}, follow=True)
    assert answer.redirect_chain[-1][0] == _round_url(match)
    assert "the computer plays for the absent" in answer.content.decode()
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    page = director.get(_round_url(match)).content.decode()
    assert f"Seat 4 ({absent.display_name}) was played by the computer: absent." in page
    assert 'value="computer"' not in page


def test_a_refused_decision_is_shown_on_the_round_page_and_changes_nothing() -> None:
    table, match = _flagged()
    director = _client(table)
    action = reverse("table_no_show", args=[table.club.slug, table.pk])
    answer = director.post(action, {"decision": "later"}, follow=True)
    assert "Choose one of: the computer plays, forfeit, or wait." in answer.content.decode()
    assert Match.objects.get(pk=match.pk).no_show == NoShow.FLAGGED


def test_a_player_sees_no_buttons_and_may_not_decide() -> None:
    table, match = _flagged()
    player = _client(table, Membership.Role.PLAYER)
    page = player.get(_round_url(match)).content.decode()
    assert "has not come" in page and 'value="computer"' not in page
    action = reverse("table_no_show", args=[table.club.slug, table.pk])
    assert player.post(action, {"decision": "forfeit"}).status_code == 403
    assert Match.objects.get(pk=match.pk).no_show == NoShow.FLAGGED


def test_the_api_decides_and_refuses_with_codes() -> None:
    table, match = _flagged()
    api = reverse("api_table_no_show", args=[table.club.slug, table.pk])
    member = _client(table, Membership.Role.PLAYER)
    assert (
        member.post(api, {"decision": "wait"}, content_type="application/json").status_code == 403
    )
    director = _client(table)
    refused = director.post(api, {"decision": "soon"}, content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (400, "unknown_decision")
    answer = director.post(api, {"decision": "forfeit"}, content_type="application/json")
    assert answer.status_code == 200 and answer.json()["status"] == "abandoned"
    again = director.post(api, {"decision": "forfeit"}, content_type="application/json")
    assert (again.status_code, again.json()["code"]) == (409, "started")
    assert Match.objects.get(pk=match.pk).no_show == NoShow.FORFEIT


def test_the_side_that_came_goes_through_to_the_next_knockout_round() -> None:
    setup = club_with(partnerships=4, options={"target": 120})
    event = event_with(setup, format="knockout", online=ONLINE)
    event.no_show = NoShowRule.FORFEIT
    event.forfeit_minutes = 5
    event.save(update_fields=["no_show", "forfeit_minutes"])
    first = round_publish(round_=round_pair(event=event))
    came = set()
    for table in LiveTable.objects.filter(match__round=first):
        for index in (0, 2):  # side 0 comes, side 1 does not
            seat_connected(table_id=table.pk, index=index)
        later = table.created + timedelta(minutes=6)
        assert match_no_show_check(table_id=table.pk, now=later) == "forfeit"
        came |= set(
            Seating.objects.filter(table__match__live_table=table, side=0).values_list(
                "entrant_id", flat=True
            )
        )
    event_standings_recompute(event=event)
    assert Round.objects.get(pk=first.pk).status == RoundStatus.FINISHED
    second = round_pair(event=event)
    assert set(Seating.objects.filter(round=second).values_list("entrant_id", flat=True)) == came


def test_the_decision_address_shows_the_choice_on_a_page_of_its_own() -> None:
    table, _ = _flagged()
    director = _client(table)
    action = reverse("table_no_show", args=[table.club.slug, table.pk])
    page = director.get(action).content.decode()
    assert "has not come" in page and 'value="forfeit"' in page
    director.post(action, {"decision": "wait"})
    page = director.get(action).content.decode()
    assert "Nothing to decide at this table" in page and 'value="forfeit"' not in page


def test_the_round_pages_live_part_brings_a_new_flag_without_a_reload() -> None:
    """The part the round page asks for every few seconds carries the no-shows: a table
    flagged after the page was opened shows its choice at the next refresh."""
    table, match = _flagged()
    event = match.round.event
    live = reverse("round_live", args=[event.club.slug, event.pk, match.round.number])
    part = _client(table).get(live).content.decode()
    assert 'id="round-noshow"' in part and 'value="forfeit"' in part
    assert 'hx-trigger="every 5s"' in part  # the part keeps asking while the table waits
