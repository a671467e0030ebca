"""The member-count task: eager in the embedded default, and in a real worker process."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pytest
from celery.result import AsyncResult
from celery.signals import after_task_publish
from django.db import transaction

from club.models import Club
from club.services import membership_add
from club.tasks import club_member_count_refresh
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings


@pytest.mark.django_db
def test_task_stores_the_count_and_is_idempotent() -> None:
    club = ClubFactory.create()
    MembershipFactory.create_batch(3, club=club)
    first = club_member_count_refresh.delay(club.pk).get()
    second = club_member_count_refresh.delay(club.pk).get()
    assert first["member_count"] == second["member_count"] == 3
    club.refresh_from_db()
    assert club.member_count == 3


@pytest.mark.django_db
def test_task_for_a_deleted_club_does_nothing() -> None:
    assert club_member_count_refresh.delay(987654).get()["member_count"] is None


@pytest.mark.django_db(transaction=True)
def test_eager_task_runs_in_this_process_after_commit() -> None:
    club = ClubFactory.create()
    with transaction.atomic():
        membership_add(club=club, player=PlayerFactory.create())
        assert Club.objects.get(pk=club.pk).member_count == 0
    assert Club.objects.get(pk=club.pk).member_count == 1


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_worker_process_runs_the_task_enqueued_on_commit(settings: Settings) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    published: list[str] = []

    def remember(headers: dict[str, Any], **_: Any) -> None:
        published.append(headers["id"])

    after_task_publish.connect(remember, weak=False)
    try:
        club = ClubFactory.create()
        with transaction.atomic():
            for player in PlayerFactory.create_batch(3):
                membership_add(club=club, player=player)
            assert published == []  # enqueued on commit, not before
        assert len(published) == 3
        results = [AsyncResult(task_id).get(timeout=30) for task_id in published]
    finally:
        after_task_publish.disconnect(remember)

    assert {result["member_count"] for result in results} == {3}
    assert all(result["worker_pid"] != os.getpid() for result in results)
    club.refresh_from_db()
    assert club.member_count == 3  # written by the worker, read back here
