"""Times of online matches within a round's window: proposals and their answers, a
director's setting, every refusal (changing nothing), the table moving with the time, the
beat settling what was not agreed, and the players told."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from functools import partial

import pytest
from django.core import mail
from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring.models import Scoresheet, SheetStatus
from tables.errors import TableError
from tables.models import LiveTable, TableStatus
from tests.factories import UserFactory
from tests.tournaments.factories import club_with, event_with, member_of
from tests.tournaments.times_world import Windowed, seated, windowed_round
from tournaments.errors import TournamentError
from tournaments.models import Match, MatchTime, MatchTimeStatus, TimeSource
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.services.times import (
    match_time_accept,
    match_time_decline,
    match_time_propose,
    match_time_set,
    match_time_withdraw,
)
from tournaments.tasks import match_times_settle

pytestmark = pytest.mark.django_db


def _state(match: Match) -> tuple[object, ...]:
    """Everything a refusal must leave as it was."""
    match.refresh_from_db()
    records = list(MatchTime.objects.filter(match=match).values_list("pk", "status", "at"))
    table = LiveTable.objects.get(match=match)
    return match.starts_at, match.time_source, records, table.scheduled_at, table.status


def _refused(code: str, match: Match, call: Callable[[], object]) -> None:
    before = _state(match)
    with pytest.raises(TournamentError) as refused:
        call()
    assert refused.value.code == code
    assert _state(match) == before


def _current(match: Match) -> list[MatchTime]:
    return list(MatchTime.objects.filter(match=match, status__in=["accepted", "set", "default"]))


# --- Proposing ----------------------------------------------------------------------------------


def test_a_player_proposes_a_time_within_the_window(world: Windowed) -> None:
    proposal = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    assert (proposal.status, proposal.proposed_by) == ("open", world.sides[0][0])
    world.match.refresh_from_db()
    assert world.match.time_source == TimeSource.DEFAULT  # nothing agreed yet
    assert [r.status for r in _current(world.match)] == ["default"]


@pytest.mark.parametrize(
    ("code", "delta"),
    [
        ("in_the_past", {"minutes": -5}),
        ("outside_window", {"minutes": 30}),  # before the window opens
        ("outside_window", {"days": 8}),  # after the deadline
    ],
)
def test_a_time_outside_the_window_or_past_is_refused(
    world: Windowed, code: str, delta: dict[str, float]
) -> None:
    player = world.sides[0][0]
    _refused(
        code,
        world.match,
        lambda: match_time_propose(match=world.match, player=player, at=world.at(**delta)),
    )


def test_someone_not_seated_at_the_match_cannot_propose(world: Windowed) -> None:
    other_table = Match.objects.exclude(pk=world.match.pk).get(round=world.round)
    outsider = seated(other_table)[0]
    stranger = member_of(world.setup.club, "Stranger")
    for who in (outsider, stranger):
        _refused(
            "not_in_match",
            world.match,
            partial(match_time_propose, match=world.match, player=who, at=world.at(days=2)),
        )


def test_a_match_at_the_hall_has_no_time_to_arrange() -> None:
    setup = club_with(players=4)
    event = event_with(setup, format="progressive")
    round_ = round_publish(round_=round_pair(event=event))
    match = Match.objects.get(round=round_)
    player = seated(match)[0]
    with pytest.raises(TournamentError) as refused:
        match_time_propose(match=match, player=player, at=timezone.now() + timedelta(days=1))
    assert refused.value.code == "not_online"
    assert not MatchTime.objects.filter(match=match).exists()


def test_a_round_without_a_window_takes_no_proposal(monkeypatch: pytest.MonkeyPatch) -> None:
    world = windowed_round(window=False)
    # Its table would open at once; the match's time is put ahead so only the window refuses.
    Match.objects.filter(pk=world.match.pk).update(starts_at=world.at(days=1))
    with pytest.raises(TournamentError) as refused:
        match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    assert refused.value.code == "no_window"
    assert not MatchTime.objects.filter(match=world.match).exists()


def test_once_the_match_time_has_come_no_more_proposals(world: Windowed) -> None:
    Match.objects.filter(pk=world.match.pk).update(starts_at=world.at(minutes=-1))
    player = world.sides[0][0]
    _refused(
        "match_started",
        world.match,
        lambda: match_time_propose(match=world.match, player=player, at=world.at(days=2)),
    )


def test_a_finished_match_takes_no_proposal_nor_a_director_move(world: Windowed) -> None:
    assert world.match.sheet_id is not None
    Scoresheet.objects.filter(pk=world.match.sheet_id).update(status=SheetStatus.CONFIRMED)
    player = world.sides[0][0]
    director = UserFactory.create()
    _refused(
        "match_finished",
        world.match,
        lambda: match_time_propose(match=world.match, player=player, at=world.at(days=2)),
    )
    _refused(
        "match_finished",
        world.match,
        lambda: match_time_set(match=world.match, at=world.at(days=2), by=director),
    )


def test_a_match_whose_live_table_ended_is_finished(world: Windowed) -> None:
    LiveTable.objects.filter(match=world.match).update(status=TableStatus.ABANDONED)
    player = world.sides[0][0]
    _refused(
        "match_finished",
        world.match,
        lambda: match_time_propose(match=world.match, player=player, at=world.at(days=2)),
    )


def test_a_time_that_clashes_with_another_online_match_is_refused(world: Windowed) -> None:
    # The same players in a second league whose round defaults to five days away.
    second = windowed_round(setup=world.setup, default_in=timedelta(days=5))
    other = Match.objects.filter(round=second.round, table__seatings__player=world.sides[0][0])
    other_at = other.get().starts_at
    assert other_at is not None
    player = world.sides[0][0]
    _refused(
        "clash",
        world.match,
        lambda: match_time_propose(
            match=world.match, player=player, at=other_at + timedelta(minutes=30)
        ),
    )


# --- Answering ----------------------------------------------------------------------------------


def test_the_other_side_accepts_and_the_match_and_its_table_move(world: Windowed) -> None:
    first = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    second = match_time_propose(match=world.match, player=world.sides[0][1], at=world.at(days=4))
    accepted = match_time_accept(proposal=first, player=world.sides[1][0])
    assert (accepted.status, accepted.answered_by) == ("accepted", world.sides[1][0])
    assert accepted.answered_at is not None
    world.match.refresh_from_db()
    assert (world.match.starts_at, world.match.time_source) == (first.at, TimeSource.AGREED)
    statuses = dict(MatchTime.objects.filter(match=world.match).values_list("pk", "status"))
    assert statuses[second.pk] == "lapsed"
    assert sorted(statuses.values()) == ["accepted", "lapsed", "superseded"]
    table = LiveTable.objects.get(match=world.match)
    assert (table.scheduled_at, table.status) == (first.at, TableStatus.SCHEDULED)


def test_the_proposers_side_cannot_accept_or_decline_its_own_proposal(world: Windowed) -> None:
    proposal = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    partner = world.sides[0][1]
    for answer in (match_time_accept, match_time_decline):
        _refused(
            "own_proposal",
            world.match,
            partial(answer, proposal=proposal, player=partner),
        )


def test_accepting_after_another_proposal_was_accepted_is_not_open(world: Windowed) -> None:
    """Two players accepting different proposals: the second finds its proposal lapsed, and
    the match keeps exactly one current time."""
    mine = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    theirs = match_time_propose(match=world.match, player=world.sides[1][0], at=world.at(days=4))
    match_time_accept(proposal=mine, player=world.sides[1][1])
    _refused(
        "not_open",
        world.match,
        lambda: match_time_accept(proposal=theirs, player=world.sides[0][1]),
    )
    assert [(r.pk, r.status) for r in _current(world.match)] == [(mine.pk, "accepted")]


def test_the_database_keeps_one_current_time_per_match(world: Windowed) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchTime.objects.create(match=world.match, at=world.at(days=2), status="accepted")


def test_decline_and_withdraw_close_a_proposal_and_keep_the_time(world: Windowed) -> None:
    first = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    second = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=4))
    _refused(
        "others_proposal",
        world.match,
        lambda: match_time_withdraw(proposal=first, player=world.sides[1][0]),
    )
    declined = match_time_decline(proposal=first, player=world.sides[1][0])
    withdrawn = match_time_withdraw(proposal=second, player=world.sides[0][1])  # the partner
    assert (declined.status, declined.answered_by) == ("declined", world.sides[1][0])
    assert (withdrawn.status, withdrawn.answered_by) == ("withdrawn", world.sides[0][1])
    world.match.refresh_from_db()
    assert world.match.time_source == TimeSource.DEFAULT
    for closed in (first, second):
        _refused(
            "not_open",
            world.match,
            partial(match_time_accept, proposal=closed, player=world.sides[1][0]),
        )


def test_no_acceptance_once_the_match_time_has_come(world: Windowed) -> None:
    proposal = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    Match.objects.filter(pk=world.match.pk).update(starts_at=world.at(minutes=-1))
    _refused(
        "match_started",
        world.match,
        lambda: match_time_accept(proposal=proposal, player=world.sides[1][0]),
    )


def test_an_accepted_time_that_now_clashes_is_refused(world: Windowed) -> None:
    at = world.at(days=3, minutes=30)
    proposal = match_time_propose(match=world.match, player=world.sides[0][0], at=at)
    # The same players in another league, starting 2 h 15 after this match's default time
    # (no clash with it), 1 h 45 after the time proposed.
    windowed_round(setup=world.setup, default_in=timedelta(days=3, hours=2, minutes=15))
    _refused(
        "clash",
        world.match,
        lambda: match_time_accept(proposal=proposal, player=world.sides[1][0]),
    )


# --- The director -------------------------------------------------------------------------------


def test_a_director_moves_the_match_and_open_proposals_lapse(world: Windowed) -> None:
    director = UserFactory.create()
    proposal = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    record = match_time_set(match=world.match, at=world.at(days=5), by=director)
    assert (record.status, record.set_by) == ("set", director)
    world.match.refresh_from_db()
    assert (world.match.starts_at, world.match.time_source) == (record.at, TimeSource.DIRECTOR)
    proposal.refresh_from_db()
    assert proposal.status == MatchTimeStatus.LAPSED
    assert [r.pk for r in _current(world.match)] == [record.pk]
    assert LiveTable.objects.get(match=world.match).scheduled_at == record.at
    moved = match_time_set(match=world.match, at=world.at(days=6), by=director)  # again
    assert [r.pk for r in _current(world.match)] == [moved.pk]


def test_a_director_stays_within_the_window_and_the_future(world: Windowed) -> None:
    director = UserFactory.create()
    for code, at in (("outside_window", world.at(days=8)), ("in_the_past", world.at(hours=-1))):
        _refused(
            code,
            world.match,
            partial(match_time_set, match=world.match, at=at, by=director),
        )


def test_a_director_sets_any_future_time_for_a_round_without_a_window() -> None:
    world = windowed_round(window=False)
    LiveTable.objects.filter(match=world.match).update(status=TableStatus.OPEN)
    record = match_time_set(match=world.match, at=world.at(days=30), by=None)
    world.match.refresh_from_db()
    assert (world.match.starts_at, world.match.time_source) == (record.at, TimeSource.DIRECTOR)
    assert LiveTable.objects.get(match=world.match).status == TableStatus.SCHEDULED


def test_a_table_already_playing_refuses_the_move_and_nothing_changes(world: Windowed) -> None:
    LiveTable.objects.filter(match=world.match).update(status=TableStatus.PLAYING)
    before = _state(world.match)
    with pytest.raises(TableError) as refused:
        match_time_set(match=world.match, at=world.at(days=2), by=None)
    assert refused.value.code == "started"
    assert _state(world.match) == before
    proposal = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    with pytest.raises(TableError):
        match_time_accept(proposal=proposal, player=world.sides[1][0])
    proposal.refresh_from_db()
    assert proposal.status == MatchTimeStatus.OPEN
    assert _current(world.match)[0].status == MatchTimeStatus.DEFAULT


# --- The beat -----------------------------------------------------------------------------------


def test_the_beat_settles_a_match_still_at_the_default_an_hour_before(
    world: Windowed, django_capture_on_commit_callbacks: pytest.FixtureRequest
) -> None:
    proposal = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    agreed = Match.objects.exclude(pk=world.match.pk).get(round=world.round)
    north, east = seated(agreed)[:2]  # partners sit across: neighbours are opponents
    other = match_time_propose(match=agreed, player=north, at=world.at(days=2, hours=6))
    match_time_accept(proposal=other, player=east)
    assert match_times_settle() == []  # three days ahead: too early
    soon = timezone.now() + timedelta(minutes=40)
    type(world.round).objects.filter(pk=world.round.pk).update(default_at=soon)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        assert match_times_settle() == [world.match.pk]
    proposal.refresh_from_db()
    assert proposal.status == MatchTimeStatus.LAPSED
    told = sorted(address for message in mail.outbox for address in message.to)
    assert told == sorted(p.email for side in world.sides.values() for p in side)
    assert all("default time" in message.body for message in mail.outbox)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        assert match_times_settle() == []  # once
    assert len(mail.outbox) == 4


def test_the_beat_lapses_proposals_whose_time_has_passed(world: Windowed) -> None:
    proposal = match_time_propose(match=world.match, player=world.sides[0][0], at=world.at(days=2))
    match_times_settle.apply(kwargs={})  # the task, as the beat sends it
    proposal.refresh_from_db()
    assert proposal.status == MatchTimeStatus.OPEN
    MatchTime.objects.filter(pk=proposal.pk).update(at=timezone.now() - timedelta(minutes=1))
    match_times_settle()
    proposal.refresh_from_db()
    assert proposal.status == MatchTimeStatus.LAPSED


# --- Notices ------------------------------------------------------------------------------------


def test_each_step_is_told_to_the_other_players_in_their_language(
    world: Windowed, django_capture_on_commit_callbacks: pytest.FixtureRequest
) -> None:
    proposer, answerer = world.sides[0][0], world.sides[1][0]
    answerer.language = "fr"
    answerer.save(update_fields=["language"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        proposal = match_time_propose(match=world.match, player=proposer, at=world.at(days=2))
    told = {message.to[0]: message for message in mail.outbox}
    assert proposer.email not in told and len(told) == 3
    assert "round 1" in told[world.sides[0][1].email].subject
    assert proposer.display_name in told[world.sides[0][1].email].subject
    assert "ronde 1" in told[answerer.email].subject  # in French
    assert f"/tables/{world.match.table.number}/time/" in told[answerer.email].body
    assert "propose de jouer votre match" in told[answerer.email].body
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        match_time_accept(proposal=proposal, player=answerer)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        p.email for side in world.sides.values() for p in side if p != answerer
    )


def test_a_player_who_turned_table_emails_off_is_not_told(
    world: Windowed, django_capture_on_commit_callbacks: pytest.FixtureRequest
) -> None:
    quiet = world.sides[1][0]
    quiet.email_table_scheduled = False
    quiet.save(update_fields=["email_table_scheduled"])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        match_time_set(match=world.match, at=world.at(days=2), by=None)
    told = [m.to[0] for m in mail.outbox]
    assert quiet.email not in told and len(told) == 3
