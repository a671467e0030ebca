"""An event that pairs its next round itself: once a round's last sheet is confirmed the
director's pairing job pairs the next one (published too when asked), never before, never past
the rounds planned, once however often the standings run, and a refusal fails the job."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from scoring.services import scoresheet_confirm
from tables.models import LiveTable
from tests.tables.helpers import play_hand, players_arrive
from tests.tournaments.factories import club_with, event_with
from tests.tournaments.test_views import signed_in, url
from tournaments.models import (
    Entrant,
    Event,
    Job,
    JobKind,
    JobState,
    Match,
    PlaysAt,
    Round,
    RoundStatus,
)
from tournaments.services.events import OnlinePlay
from tournaments.services.publish import RoundWindow, round_publish
from tournaments.services.rounds import round_pair
from tournaments.services.standings import event_standings_recompute
from tournaments.simulate import sheet_play

pytestmark = pytest.mark.django_db

QUICK = {"target": 5}
PAIRS = OnlinePlay(pairs_itself=True)


def _event(format: str = "swiss", online: OnlinePlay = PAIRS, **kwargs: Any) -> Event:
    setup = club_with(partnerships=4, game="bidwhist", options=QUICK)
    return event_with(setup, format=format, online=online, **kwargs)


def _confirm(capture: Any, match: Match) -> None:
    """Play and confirm one match's sheet, running what its confirmation starts."""
    assert match.sheet is not None
    sheet_play(sheet=match.sheet, rng=random.Random(match.pk))
    with capture(execute=True):
        scoresheet_confirm(sheet=match.sheet, by=None)


def _matches(round_: Round) -> list[Match]:
    return list(Match.objects.filter(round=round_).select_related("sheet").order_by("pk"))


@pytest.mark.parametrize("format", ["swiss", "round_robin"])
def test_round_2_pairs_itself_when_round_1s_last_sheet_is_confirmed_not_before(
    django_capture_on_commit_callbacks: Any, format: str
) -> None:
    event = _event(format)
    first, last = _matches(round_publish(round_=round_pair(event=event)))
    _confirm(django_capture_on_commit_callbacks, first)
    assert not Round.objects.filter(event=event, number=2).exists()
    assert not Job.objects.filter(event=event, kind=JobKind.PAIR).exists()
    _confirm(django_capture_on_commit_callbacks, last)
    assert Round.objects.get(event=event, number=1).status == RoundStatus.FINISHED
    second = Round.objects.get(event=event, number=2)
    assert second.status == RoundStatus.DRAFT and second.paired_by is None
    job = Job.objects.get(event=event, kind=JobKind.PAIR)
    assert (job.state, job.round_number, job.created_by) == (JobState.DONE, 2, None)
    assert job.message.startswith("Round 2 is paired: 2 tables")


def test_an_event_without_the_option_waits_for_its_director(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = _event(online=OnlinePlay())
    for match in _matches(round_publish(round_=round_pair(event=event))):
        _confirm(django_capture_on_commit_callbacks, match)
    assert Round.objects.get(event=event, number=1).status == RoundStatus.FINISHED
    assert list(Round.objects.filter(event=event).values_list("number", flat=True)) == [1]
    assert not Job.objects.filter(event=event, kind=JobKind.PAIR).exists()


def test_no_round_is_paired_past_the_rounds_planned(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = _event(rounds_planned=1)
    for match in _matches(round_publish(round_=round_pair(event=event))):
        _confirm(django_capture_on_commit_callbacks, match)
    assert Round.objects.filter(event=event).count() == 1
    assert not Job.objects.filter(event=event, kind=JobKind.PAIR).exists()


def test_a_knockout_pairs_its_final_and_nothing_after_it(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = _event("knockout")
    for match in _matches(round_publish(round_=round_pair(event=event))):
        _confirm(django_capture_on_commit_callbacks, match)
    final = round_publish(round_=Round.objects.get(event=event, number=2))
    for match in _matches(final):
        _confirm(django_capture_on_commit_callbacks, match)
    assert Round.objects.get(pk=final.pk).status == RoundStatus.FINISHED
    assert Round.objects.filter(event=event).count() == 2
    assert Job.objects.filter(event=event, kind=JobKind.PAIR).count() == 1


def test_standings_run_twice_make_one_draft(django_capture_on_commit_callbacks: Any) -> None:
    event = _event()
    for match in _matches(round_publish(round_=round_pair(event=event))):
        _confirm(django_capture_on_commit_callbacks, match)
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            event_standings_recompute(event=event)
    assert Round.objects.filter(event=event, number=2).count() == 1
    assert Round.objects.filter(event=event).count() == 2
    assert Job.objects.filter(event=event, kind=JobKind.PAIR).count() == 1


def test_a_pairing_refused_fails_its_job_with_the_reason(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = _event()
    first, last = _matches(round_publish(round_=round_pair(event=event)))
    _confirm(django_capture_on_commit_callbacks, first)
    Entrant.objects.filter(event=event).exclude(
        pk=Entrant.objects.filter(event=event).order_by("pk").first().pk  # type: ignore[union-attr]
    ).update(withdrawn=True)
    _confirm(django_capture_on_commit_callbacks, last)
    job = Job.objects.get(event=event, kind=JobKind.PAIR)
    assert job.state == JobState.FAILED and job.message
    assert not Round.objects.filter(event=event, number=2).exists()


def test_a_round_it_paired_is_published_when_asked_at_the_hall(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = _event(online=OnlinePlay(pairs_itself=True, publishes_itself=True))
    for match in _matches(round_publish(round_=round_pair(event=event))):
        _confirm(django_capture_on_commit_callbacks, match)
    second = Round.objects.get(event=event, number=2)
    assert second.status == RoundStatus.PUBLISHED and not second.online
    assert all(match.sheet_id for match in _matches(second))
    job = Job.objects.get(event=event, kind=JobKind.PAIR)
    assert job.state == JobState.DONE and job.message.endswith("It is published.")


def test_an_online_round_it_paired_opens_at_once_with_a_window_as_long_as_the_last(
    django_capture_on_commit_callbacks: Any,
) -> None:
    online = OnlinePlay(PlaysAt.ONLINE, turn_seconds=0, pairs_itself=True, publishes_itself=True)
    setup = club_with(partnerships=4, game="bidwhist", options=QUICK)
    event = event_with(setup, format="swiss", online=online)
    start = timezone.now()
    # Opened a day ago, its default time just past: the tables are open now.
    window = RoundWindow(start - timedelta(days=1), start + timedelta(days=6), start)
    with django_capture_on_commit_callbacks(execute=True):
        first = round_publish(round_=round_pair(event=event), window=window)
    tables = list(LiveTable.objects.filter(match__round=first))
    assert len(tables) == 2
    with django_capture_on_commit_callbacks(execute=True):
        for table in tables:
            players_arrive(table)
            for _ in range(200):
                if table.is_finished:
                    break
                play_hand(table)
    second = Round.objects.get(event=event, number=2)
    assert second.status == RoundStatus.PUBLISHED and second.online
    assert LiveTable.objects.filter(match__round=second).count() == 2
    assert second.opens_at is not None and second.opens_at >= start
    assert second.closes_at - second.opens_at == timedelta(days=7)  # type: ignore[operator]
    assert second.default_at - second.opens_at == timedelta(days=1)  # type: ignore[operator]


def test_the_round_page_tells_its_director_the_round_paired_itself(
    django_capture_on_commit_callbacks: Any,
) -> None:
    setup = club_with(partnerships=4, game="bidwhist", options=QUICK)
    event = event_with(setup, format="swiss", online=PAIRS)
    for match in _matches(round_publish(round_=round_pair(event=event))):
        _confirm(django_capture_on_commit_callbacks, match)
    director = signed_in(setup)
    assert "Paired by itself" in director.get(url("round_detail", event, 2)).content.decode()
    assert "Paired by itself" not in director.get(url("round_detail", event, 1)).content.decode()
