"""Background work of events: pair a round, standings of an event or season, club ratings;
and the beat's settling of online matches' times (``match_times_settle``, no job).

Every task takes the id of its ``Job`` row (``tournaments.services.jobs``), marks it running,
calls one service and marks it done or failed, so pages can follow it. Tasks are idempotent:
a job already over is not run again, pairing a round that exists returns it, and standings and
ratings are recomputed from the confirmed sheets, never added to.

A failure the director can fix (``TournamentError``: too few players, results missing) fails
the job with its message and is not retried. Anything else (the database went away, a
deadlock) is retried with backoff; when the retries run out the job fails with a generic
message and the error is logged.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any

from celery import Task, shared_task

from engine.rules.words import counted
from tournaments.errors import TournamentError
from tournaments.models import Job, JobKind
from tournaments.services import jobs, times

logger = logging.getLogger(__name__)

RETRY = {
    "autoretry_for": (Exception,),
    "dont_autoretry_for": (TournamentError,),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 3,
}


class JobTask(Task):
    """Marks the job failed once Celery gives up on it."""

    def on_failure(
        self,
        exc: Exception,
        task_id: str,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        einfo: Any,
    ) -> None:
        logger.error("task %s failed for job %s: %r", self.name, args[:1], exc)
        if args:
            jobs.job_fail_unexpectedly(job_id=int(args[0]))


def _run(job_id: int, work: Callable[[Job], str]) -> dict[str, Any]:
    """Run one job; the answer names the process that ran it (an operator, or a test, can
    tell a worker from the web process)."""
    answer: dict[str, Any] = {"job_id": job_id, "worker_pid": os.getpid()}
    job = jobs.job_start(job_id=job_id)
    if job is None:
        return {**answer, "state": "skipped"}
    try:
        message = work(job)
    except TournamentError as error:
        jobs.job_fail(job_id=job_id, message=error.message)
        return {**answer, "state": "failed", "code": error.code}
    jobs.job_done(job_id=job_id, message=message)
    return {**answer, "state": "done", "message": message}


def _pair(job: Job) -> str:
    """Pair the round; one the event paired itself is published too when the event says so
    (a refused publication fails the job with its reason, the draft kept)."""
    from tournaments.services.autopair import paired_itself, round_publish_itself
    from tournaments.services.rounds import round_pair

    assert job.event is not None
    round_ = round_pair(event=job.event, by=job.created_by, number=job.round_number)
    if paired_itself(job):
        round_ = round_publish_itself(round_=round_)
    tables = round_.tables.count()
    byes = round_.byes.count()
    text = f"Round {round_.number} is paired: {tables} table{'s' if tables != 1 else ''}"
    text += f", {byes} sitting out." if byes else "."
    return text + (" It is published." if not round_.is_draft else "")


def _standings(job: Job) -> str:
    from tournaments.services.standings import event_standings_recompute

    assert job.event is not None
    snapshot = event_standings_recompute(event=job.event)
    if job.event.season_id is not None:
        jobs.job_enqueue(club=job.club, kind=JobKind.SEASON_STANDINGS, season=job.event.season)
    jobs.job_enqueue(club=job.club, kind=JobKind.RATINGS)
    return f"Standings updated after {counted(snapshot.games_counted, 'game')}."


def _season_standings(job: Job) -> str:
    from tournaments.services.standings import season_standings_recompute

    assert job.season is not None
    snapshot = season_standings_recompute(season=job.season)
    return f"Season standings updated after {counted(snapshot.games_counted, 'game')}."


def _ratings(job: Job) -> str:
    from tournaments.services.ratings import club_ratings_update

    games = club_ratings_update(club=job.club)
    return f"Ratings updated from {counted(games, 'game')}."


@shared_task(base=JobTask, name="tournaments.round_pair", **RETRY)
def round_pair_task(job_id: int) -> dict[str, Any]:
    """Pair the job's round of the job's event (a draft the director then publishes)."""
    return _run(job_id, _pair)


@shared_task(base=JobTask, name="tournaments.event_standings", **RETRY)
def event_standings_task(job_id: int) -> dict[str, Any]:
    """Recompute an event's standings; then its season's standings and the club's ratings."""
    return _run(job_id, _standings)


@shared_task(base=JobTask, name="tournaments.season_standings", **RETRY)
def season_standings_task(job_id: int) -> dict[str, Any]:
    return _run(job_id, _season_standings)


@shared_task(base=JobTask, name="tournaments.ratings", **RETRY)
def ratings_task(job_id: int) -> dict[str, Any]:
    return _run(job_id, _ratings)


TASKS: dict[str, Any] = {
    JobKind.PAIR: round_pair_task,
    JobKind.STANDINGS: event_standings_task,
    JobKind.SEASON_STANDINGS: season_standings_task,
    JobKind.RATINGS: ratings_task,
}


@shared_task(name="tournaments.tasks.match_times_settle")
def match_times_settle() -> list[int]:
    """Celery beat, every 5 minutes: online matches still at their round's default time an
    hour before it stay there, and proposals whose time passed lapse. Safe to run twice.
    Returns the ids of the matches settled."""
    return times.match_times_settle()
