"""Notices listen: tables and events send a signal once committed, and notices queue the
emails; a notice that cannot go out never undoes the table or the round."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pytest
from django.core.mail import EmailMessage

from notices import tasks
from tables.models import LiveTable
from tables.signals import table_scheduled
from tests.factories import ClubFactory
from tests.notices.helpers import member, outbox_to, scheduled_table
from tests.tournaments.factories import club_with, event_with
from tournaments.models import Round, RoundStatus
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.signals import round_published

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from contextlib import AbstractContextManager

    from django.dispatch import Signal

    CaptureCallbacks = Callable[..., AbstractContextManager[list[Callable[[], object]]]]

pytestmark = pytest.mark.django_db


def heard(signal: Signal) -> Iterator[list[dict[str, Any]]]:
    """What a receiver connected to ``signal`` hears, while the test runs."""
    calls: list[dict[str, Any]] = []

    def receiver(sender: Any, **kwargs: Any) -> None:
        calls.append({"sender": sender, **{k: v for k, v in kwargs.items() if k != "signal"}})

    signal.connect(receiver, weak=False, dispatch_uid="test_listening")
    try:
        yield calls
    finally:
        signal.disconnect(dispatch_uid="test_listening")


@pytest.fixture
def tables_heard() -> Iterator[list[dict[str, Any]]]:
    yield from heard(table_scheduled)


@pytest.fixture
def rounds_heard() -> Iterator[list[dict[str, Any]]]:
    yield from heard(round_published)


def test_a_new_table_is_announced_once_committed(
    django_capture_on_commit_callbacks: CaptureCallbacks,
    tables_heard: list[dict[str, Any]],
) -> None:
    club = ClubFactory.create()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        table = scheduled_table(club, [member(club, "Ann", "ann@example.org")])
    assert tables_heard == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert tables_heard == [{"sender": LiveTable, "table_id": table.pk}]


def test_a_table_of_computer_players_only_is_not_announced(
    django_capture_on_commit_callbacks: CaptureCallbacks,
    tables_heard: list[dict[str, Any]],
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        scheduled_table(ClubFactory.create(), [])
    assert tables_heard == []


def test_a_published_round_is_announced_once_committed(
    django_capture_on_commit_callbacks: CaptureCallbacks,
    rounds_heard: list[dict[str, Any]],
) -> None:
    round_ = round_pair(event=event_with(club_with(players=8), format="progressive"))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        round_publish(round_=round_)
    assert rounds_heard == []
    for callback in callbacks:
        callback()
    assert rounds_heard == [{"sender": Round, "round_id": round_.pk}]


def test_a_notice_that_cannot_be_queued_leaves_the_table_and_is_logged(
    django_capture_on_commit_callbacks: CaptureCallbacks,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    mailoutbox: list[EmailMessage],
) -> None:
    def broker_down(*args: object) -> None:
        raise OSError("broker unreachable")

    monkeypatch.setattr(tasks.table_scheduled, "delay", broker_down)
    club = ClubFactory.create()
    with (
        caplog.at_level(logging.ERROR, logger="django.dispatch"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        table = scheduled_table(club, [member(club, "Ann", "ann@example.org")])
    assert LiveTable.objects.filter(pk=table.pk).exists()
    assert "broker unreachable" in caplog.text
    assert outbox_to(mailoutbox) == []


def test_a_notice_that_cannot_be_queued_leaves_the_round_published(
    django_capture_on_commit_callbacks: CaptureCallbacks,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broker_down(*args: object) -> None:
        raise OSError("broker unreachable")

    monkeypatch.setattr(tasks.round_published, "delay", broker_down)
    round_ = round_pair(event=event_with(club_with(players=8), format="progressive"))
    with (
        caplog.at_level(logging.ERROR, logger="django.dispatch"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        round_publish(round_=round_)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PUBLISHED
    assert "broker unreachable" in caplog.text
