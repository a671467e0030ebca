"""Background work: jobs enqueued on commit, idempotent tasks, failures shown, retries, and a
real worker on PostgreSQL pairing a round and recomputing standings."""

from __future__ import annotations

import os
import random
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from celery.result import AsyncResult
from django.db import transaction
from django.utils import timezone

from scoring.services import scoresheet_confirm
from tests.tournaments.factories import club_with, event_with
from tournaments.models import Job, JobKind, JobState, Match, Round, StandingsSnapshot
from tournaments.services.jobs import job_enqueue, job_refresh
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.simulate import job_wait, sheet_play
from tournaments.tasks import round_pair_task

if TYPE_CHECKING:
    from pytest_django.fixtures import DjangoCaptureOnCommitCallbacks, Settings

QUICK = {"target": 5}


def enqueue(capture: Any, **kwargs: Any) -> Job:
    with capture(execute=True):
        job = job_enqueue(**kwargs)
    job.refresh_from_db()
    return job


@pytest.mark.django_db
def test_nothing_is_sent_before_the_transaction_commits(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    event = event_with(club_with(players=8), format="progressive")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = job_enqueue(club=event.club, kind=JobKind.PAIR, event=event, round_number=1)
    job.refresh_from_db()
    assert job.state == JobState.QUEUED and len(callbacks) == 1
    assert not Round.objects.filter(event=event).exists()
    callbacks[0]()
    job.refresh_from_db()
    assert job.state == JobState.DONE and job.message.startswith("Round 1 is paired: 2 tables")


@pytest.mark.django_db
def test_pairing_twice_pairs_once(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    event = event_with(club_with(players=8), format="progressive")
    first = enqueue(
        django_capture_on_commit_callbacks,
        club=event.club,
        kind=JobKind.PAIR,
        event=event,
        round_number=1,
    )
    assert round_pair_task.apply(args=[first.pk]).get()["state"] == "skipped"
    second = enqueue(
        django_capture_on_commit_callbacks,
        club=event.club,
        kind=JobKind.PAIR,
        event=event,
        round_number=1,
    )
    assert first.state == second.state == JobState.DONE
    assert Round.objects.filter(event=event).count() == 1


@pytest.mark.django_db
def test_a_refusal_fails_the_job_with_its_message_and_is_not_retried(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    event = event_with(club_with(players=3), format="progressive")
    job = enqueue(
        django_capture_on_commit_callbacks,
        club=event.club,
        kind=JobKind.PAIR,
        event=event,
        round_number=1,
    )
    assert job.state == JobState.FAILED
    assert "cannot fill a progressive table" in job.message
    assert job.attempts == 1


@pytest.mark.django_db
def test_an_unexpected_error_is_retried_then_fails_with_a_plain_message(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
    monkeypatch: pytest.MonkeyPatch,
    settings: Settings,
) -> None:
    # Eager tasks retry in-process only when errors do not propagate (as in a worker).
    settings.CELERY_TASK_EAGER_PROPAGATES = False
    event = event_with(club_with(players=8), format="progressive")
    calls: list[int] = []

    def broken(**kwargs: Any) -> None:
        calls.append(1)
        raise RuntimeError("the database went away")

    monkeypatch.setattr("tournaments.services.standings.event_standings_recompute", broken)
    job = enqueue(
        django_capture_on_commit_callbacks, club=event.club, kind=JobKind.STANDINGS, event=event
    )
    assert job.state == JobState.FAILED
    assert "Something went wrong while standings" in job.message
    assert "database" not in job.message  # details go to the log, not to the page
    assert len(calls) == 4  # the first try and three retries
    assert job.attempts == 4


@pytest.mark.django_db
def test_an_eager_error_fails_the_job_without_breaking_the_request(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    event = event_with(club_with(players=8), format="progressive")

    def broken(**kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("tournaments.services.standings.event_standings_recompute", broken)
    job = enqueue(
        django_capture_on_commit_callbacks, club=event.club, kind=JobKind.STANDINGS, event=event
    )
    assert job.state == JobState.FAILED and "went wrong" in job.message


@pytest.mark.django_db
def test_standings_jobs_coalesce_while_one_waits(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    event = event_with(club_with(players=8), format="progressive")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        first = job_enqueue(club=event.club, kind=JobKind.STANDINGS, event=event)
        second = job_enqueue(club=event.club, kind=JobKind.STANDINGS, event=event)
    assert first.pk == second.pk and len(callbacks) == 1


@pytest.mark.django_db(transaction=True)
def test_confirming_an_event_sheet_recomputes_standings_season_and_ratings() -> None:
    setup = club_with(players=4, game="bidwhist", options=QUICK)
    from tournaments.services.events import season_create, season_night_create

    season = season_create(club=setup.club, name="L", format="progressive", rule_set=setup.rules)
    event = season_night_create(season=season, date=timezone.localdate())
    from tournaments.services.entrants import entrant_arrive

    for player in setup.players:
        entrant_arrive(event=event, player=player)
    round_ = round_publish(round_=round_pair(event=event))
    match = Match.objects.select_related("sheet").get(round=round_)
    assert match.sheet is not None
    sheet_play(sheet=match.sheet, rng=random.Random(4))
    assert not Job.objects.filter(event=event).exists()
    scoresheet_confirm(sheet=match.sheet, by=None)
    kinds = set(Job.objects.filter(club=setup.club).values_list("kind", "state"))
    assert kinds == {
        (JobKind.STANDINGS, JobState.DONE),
        (JobKind.SEASON_STANDINGS, JobState.DONE),
        (JobKind.RATINGS, JobState.DONE),
    }
    assert StandingsSnapshot.objects.get(event=event).games_counted == 1
    assert StandingsSnapshot.objects.get(season=season).games_counted == 1


@pytest.mark.django_db
def test_a_waiting_job_says_when_no_worker_seems_to_run() -> None:
    event = event_with(club_with(players=8), format="progressive")
    job = Job.objects.create(club=event.club, event=event, kind=JobKind.PAIR, task_id="t" * 32)
    Job.objects.filter(pk=job.pk).update(created=timezone.now() - timedelta(minutes=5))
    job.refresh_from_db()
    assert "worker may not be running" in job_refresh(job=job).message


@pytest.mark.django_db
def test_a_task_celery_reports_failed_fails_its_job(monkeypatch: pytest.MonkeyPatch) -> None:
    event = event_with(club_with(players=8), format="progressive")
    job = Job.objects.create(club=event.club, event=event, kind=JobKind.PAIR, task_id="u" * 32)
    monkeypatch.setattr(AsyncResult, "state", property(lambda self: "FAILURE"))
    assert job_refresh(job=job).state == JobState.FAILED


# --- A real worker ---------------------------------------------------------------------------


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_worker_pairs_a_round_and_recomputes_standings(settings: Settings) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    setup = club_with(players=4, game="bidwhist", options=QUICK)
    event = event_with(setup, format="progressive")
    with transaction.atomic():
        job = job_enqueue(club=event.club, kind=JobKind.PAIR, event=event, round_number=1)
        assert job.state == JobState.QUEUED  # sent only once this commits
    job = job_wait(job, timeout=60)
    answer = AsyncResult(job.task_id).get(timeout=30)
    assert answer["state"] == "done" and answer["worker_pid"] != os.getpid()
    round_ = round_publish(round_=Round.objects.get(event=event, number=1))
    match = Match.objects.select_related("sheet").get(round=round_)
    assert match.sheet is not None
    sheet_play(sheet=match.sheet, rng=random.Random(5))
    scoresheet_confirm(sheet=match.sheet, by=None)  # the worker gets the standings job
    standings = Job.objects.get(event=event, kind=JobKind.STANDINGS)
    job_wait(standings, timeout=60)
    assert AsyncResult(standings.task_id).get(timeout=30)["worker_pid"] != os.getpid()
    snapshot = StandingsSnapshot.objects.get(event=event)
    assert snapshot.games_counted == 1
    assert sorted(row["played"] for row in snapshot.rows) == [1, 1, 1, 1]
    job_wait(Job.objects.get(club=event.club, kind=JobKind.RATINGS), timeout=60)
    assert event.club.ratings.count() == 4
