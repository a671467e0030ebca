"""A match's time page: its players propose and answer, a director sets the time, others
get a 404; the round page lists the times and My tables the matches to arrange."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Membership, Player
from tests.factories import MembershipFactory
from tests.tournaments.times_world import Windowed, account, seated
from tournaments.models import Match, MatchTime, MatchTimeStatus, TimeSource
from tournaments.services.times import match_time_propose

pytestmark = pytest.mark.django_db


def _client(player: Player) -> Client:
    client = Client()
    client.force_login(account(player))
    return client


def _director(world: Windowed) -> Client:
    member = MembershipFactory.create(
        club=world.setup.club, role=Membership.Role.DIRECTOR, with_account=True
    )
    client = Client()
    client.force_login(account(member.player))
    return client


def _page(world: Windowed, match: Match | None = None) -> str:
    match = match or world.match
    return reverse(
        "match_time",
        args=[world.setup.club.slug, world.event.pk, world.round.number, match.table.number],
    )


def _field(at: datetime) -> str:
    return f"{timezone.localtime(at):%Y-%m-%dT%H:%M}"


def test_players_and_directors_see_the_page_and_other_members_get_404(world: Windowed) -> None:
    page = _client(world.sides[0][0]).get(_page(world))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="propose-form"' in text and 'id="set-form"' not in text
    assert "the default time" in text
    other = Match.objects.exclude(pk=world.match.pk).get(round=world.round)
    outsider = seated(other)[0]
    assert _client(outsider).get(_page(world)).status_code == 404
    directed = _director(world).get(_page(world)).content.decode()
    assert 'id="set-form"' in directed and 'id="propose-form"' not in directed


def test_a_player_proposes_and_the_other_side_accepts_on_the_page(world: Windowed) -> None:
    at = world.at(days=2).replace(second=0, microsecond=0)
    sent = _client(world.sides[0][0]).post(
        _page(world), {"action": "propose", "at": _field(at)}, follow=True
    )
    assert sent.status_code == 200
    proposal = MatchTime.objects.get(match=world.match, status=MatchTimeStatus.OPEN)
    assert proposal.at == at
    answerer = _client(world.sides[1][0])
    shown = answerer.get(_page(world)).content.decode()
    assert 'value="accept"' in shown and "Waiting for an answer from" in shown
    answerer.post(_page(world), {"action": "accept", "time": proposal.pk})
    world.match.refresh_from_db()
    assert (world.match.starts_at, world.match.time_source) == (at, TimeSource.AGREED)


def test_a_refused_time_is_shown_on_the_form_and_nothing_is_made(world: Windowed) -> None:
    page = _client(world.sides[0][0]).post(
        _page(world), {"action": "propose", "at": _field(world.at(days=9))}
    )
    assert page.status_code == 200
    assert "Choose a time between" in page.content.decode()
    assert not MatchTime.objects.filter(match=world.match, status="open").exists()


def test_the_own_side_cannot_accept_from_the_page(world: Windowed) -> None:
    proposal = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    page = _client(world.sides[0][1]).post(
        _page(world), {"action": "accept", "time": proposal.pk}, follow=True
    )
    assert "the other side answers it" in page.content.decode()
    proposal.refresh_from_db()
    assert proposal.status == MatchTimeStatus.OPEN


def test_a_director_sets_the_time_and_a_player_cannot(world: Windowed) -> None:
    at = world.at(days=5).replace(second=0, microsecond=0)
    tried = _client(world.sides[0][0]).post(_page(world), {"action": "set", "set-at": _field(at)})
    assert tried.status_code == 404
    world.match.refresh_from_db()
    assert world.match.time_source == TimeSource.DEFAULT
    _director(world).post(_page(world), {"action": "set", "set-at": _field(at)})
    world.match.refresh_from_db()
    assert (world.match.starts_at, world.match.time_source) == (at, TimeSource.DIRECTOR)


def test_a_director_who_plays_the_match_sees_both_forms_with_their_own_names(
    world: Windowed,
) -> None:
    player = world.sides[0][0]
    Membership.objects.filter(club=world.setup.club, player=player).update(
        role=Membership.Role.DIRECTOR
    )
    page = _client(player).get(_page(world)).content.decode()
    assert 'id="propose-form"' in page and 'id="set-form"' in page
    assert page.count('id="id_at"') == 1 and page.count('id="id_set-at"') == 1
    refused = _client(player).post(
        _page(world), {"action": "set", "set-at": _field(world.at(days=9))}
    )
    assert "Choose a time between" in refused.content.decode()


def test_the_round_page_lists_times_and_links_players_to_their_own_match(
    world: Windowed,
) -> None:
    match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    round_page = reverse(
        "round_detail", args=[world.setup.club.slug, world.event.pk, world.round.number]
    )
    seen = _client(world.sides[0][0]).get(round_page).content.decode()
    assert 'id="round-times"' in seen
    assert _page(world) in seen and "Propose a time" in seen
    other = Match.objects.exclude(pk=world.match.pk).get(round=world.round)
    assert _page(world, other) not in seen
    assert world.sides[1][0].display_name in seen.split('id="round-times"')[1]  # to answer
    directed = _director(world).get(round_page).content.decode()
    assert _page(world, other) in directed and "Move" in directed


def test_my_tables_lists_the_matches_to_arrange(world: Windowed) -> None:
    lobby = reverse("table_lobby")
    assert 'id="to-arrange"' not in _client(world.sides[1][0]).get(lobby).content.decode()
    match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    listed = _client(world.sides[1][0]).get(lobby).content.decode()
    assert 'id="to-arrange"' in listed and _page(world) in listed
    own = _client(world.sides[0][1]).get(lobby).content.decode()
    assert 'id="to-arrange"' not in own
