"""Background work a page can follow: a ``Job`` row per piece of work, its task sent on commit.

A job is created in the caller's transaction and its Celery task is sent only once that
commits (``transaction.on_commit``), so a worker never looks for a row that is not there yet,
and a rollback sends nothing. The task moves the row through queued → running → done/failed;
pages poll the row, which reads the same with eager tasks, a worker, or several workers.

Standings and ratings jobs are *coalesced*: while one for the same event (or season, or club)
is still waiting to start, asking again returns that one, since it will read everything
committed before it starts. Once it is running a new one is queued, so nothing confirmed
while it runs is missed.
"""

from __future__ import annotations

import logging
import uuid
from datetime import timedelta
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.models import Club
from tournaments.models import Event, Job, JobKind, JobState, Season

if TYPE_CHECKING:
    from django.contrib.auth.models import User

logger = logging.getLogger(__name__)

COALESCED = frozenset({JobKind.STANDINGS, JobKind.SEASON_STANDINGS, JobKind.RATINGS})
# A job still waiting after this long most likely has no worker to run it.
STALE_AFTER = timedelta(minutes=2)
FAILED_UNEXPECTEDLY = gettext_lazy(
    "Something went wrong while {what}; the error is logged for the site "
    "admin. Try again, and tell the admin if it keeps failing."
)
NO_WORKER = gettext_lazy(
    "Still waiting to start after {minutes} minutes: the background worker "
    "may not be running. Ask the site admin to check it."
)


@transaction.atomic
def job_enqueue(
    *,
    club: Club,
    kind: str,
    event: Event | None = None,
    season: Season | None = None,
    round_number: int | None = None,
    by: User | None = None,
) -> Job:
    """Record a job and send its task once the current transaction commits."""
    if kind in COALESCED:
        waiting = (
            Job.objects.filter(club=club, kind=kind, event=event, season=season)
            .filter(state=JobState.QUEUED)
            .first()
        )
        if waiting is not None:
            return waiting
    job = Job(
        club=club,
        kind=kind,
        event=event,
        season=season,
        round_number=round_number,
        task_id=uuid.uuid4().hex,
        created_by=by,
    )
    job.full_clean()
    job.save()
    job_id, task_id = job.pk, job.task_id
    transaction.on_commit(lambda: _send(kind, job_id, task_id))
    return job


def _send(kind: str, job_id: int, task_id: str) -> None:
    """Send the task. Eager tasks run here: their failure is already on the job row."""
    from tournaments.tasks import TASKS

    try:
        TASKS[kind].apply_async(args=[job_id], task_id=task_id)
    except Exception:
        logger.exception("job %s (%s) could not be run", job_id, kind)
        job_fail(job_id=job_id, message=FAILED_UNEXPECTEDLY.format(what=JobKind(kind).label))


def job_run_here(*, job: Job) -> None:
    """Run a job's task in this process now (inside a transaction, where no worker could see
    its rows). Its task, sent later on commit, then finds the job over and does nothing."""
    from tournaments.tasks import TASKS

    TASKS[job.kind].apply(args=[job.pk], task_id=job.task_id)


def job_start(*, job_id: int) -> Job | None:
    """Mark the job running (one more attempt). ``None`` when it is gone or already over:
    a task delivered twice does its work once."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.state in (JobState.DONE, JobState.FAILED):
            return None
        job.state = JobState.RUNNING
        job.attempts += 1
        job.started = job.started or timezone.now()
        job.save(update_fields=["state", "attempts", "started"])
        return job


def job_done(*, job_id: int, message: str) -> None:
    Job.objects.filter(pk=job_id).update(
        state=JobState.DONE, message=message, finished=timezone.now()
    )


def job_fail(*, job_id: int, message: str) -> None:
    Job.objects.filter(pk=job_id).exclude(state=JobState.DONE).update(
        state=JobState.FAILED, message=message, finished=timezone.now()
    )


def job_fail_unexpectedly(*, job_id: int) -> None:
    job = Job.objects.filter(pk=job_id).first()
    if job is not None:
        what = JobKind(job.kind).label
        job_fail(job_id=job_id, message=FAILED_UNEXPECTEDLY.format(what=what))


def job_refresh(*, job: Job) -> Job:
    """The job as a page should show it: a waiting job that Celery reports failed (a worker
    that died before it could write) is marked failed; one waiting too long says so."""
    if not job.is_active:
        return job
    from celery.result import AsyncResult

    try:
        state = AsyncResult(job.task_id).state
    except Exception:  # the result backend is unreachable: show what the row says
        logger.warning("could not read the state of task %s", job.task_id, exc_info=True)
        state = "PENDING"
    if state == "FAILURE":
        job_fail_unexpectedly(job_id=job.pk)
        job.refresh_from_db()
    elif job.state == JobState.QUEUED and timezone.now() - job.created > STALE_AFTER:
        job.message = NO_WORKER.format(minutes=int(STALE_AFTER.total_seconds() // 60))
    return job
