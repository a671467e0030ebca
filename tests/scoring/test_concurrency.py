"""Two people typing into one sheet at once, on PostgreSQL (SQLite has no row locks).

Each thread has its own database connection, as two web requests would. The sheet row is
locked while a line is added, so the writers take turns: no line is lost, none is added twice,
and a form made before the other writer's line is refused as stale.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, transaction

from scoring.errors import StaleLine
from scoring.models import HandLine, LineRevision
from scoring.services import handline_add, scoresheet_create
from tests.factories import ClubFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# Bid whist, bid 1 made with seven books: side 0 scores 1 a hand, far from the target of 21.
LINE = {"bidder": 0, "bid": 1, "trump": "S", "mode": "uptown", "books": [7, 6]}


def run_in_threads(*targets: Callable[[], None]) -> list[threading.Thread]:
    def wrapped(target: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            try:
                target()
            finally:
                connection.close()  # this thread's own connection

        return run

    threads = [threading.Thread(target=wrapped(t)) for t in targets]
    for thread in threads:
        thread.start()
    return threads


def test_two_writers_neither_lose_nor_duplicate_a_line() -> None:
    assert connection.vendor == "postgresql"
    sheet = scoresheet_create(club=ClubFactory.create(), by=None, game_id="bidwhist")
    per_writer = 10
    start = threading.Barrier(2)
    added: dict[str, list[int]] = {"a": [], "b": []}
    stale: dict[str, int] = {"a": 0, "b": 0}
    errors: list[BaseException] = []

    def writer(name: str) -> Callable[[], None]:
        def run() -> None:
            try:
                start.wait(timeout=10)
                while len(added[name]) < per_writer:
                    # Each try is a fresh form: the number is read just before sending.
                    number = HandLine.objects.live().filter(sheet=sheet).count() + 1
                    try:
                        line = handline_add(sheet=sheet, line=LINE, expected_number=number, by=None)
                    except StaleLine:
                        stale[name] += 1
                    else:
                        added[name].append(line.number)
            except BaseException as error:  # reported by the main thread
                errors.append(error)

        return run

    for thread in run_in_threads(writer("a"), writer("b")):
        thread.join(timeout=60)
    assert not errors
    numbers = sorted(added["a"] + added["b"])
    assert numbers == list(range(1, 2 * per_writer + 1))
    live = HandLine.objects.live().filter(sheet=sheet).order_by("number")
    assert [line.number for line in live] == numbers
    assert live.last() is not None and live.last().scores_after == [2 * per_writer, 0]  # type: ignore[union-attr]
    assert LineRevision.objects.filter(line__sheet=sheet, action="add").count() == 2 * per_writer


def test_the_second_writer_waits_for_the_lock_then_is_told_its_form_is_stale() -> None:
    sheet = scoresheet_create(club=ClubFactory.create(), by=None, game_id="bidwhist")
    first_holds_lock = threading.Event()
    release = threading.Event()
    outcome: dict[str, Any] = {}

    def first() -> None:
        with transaction.atomic():
            handline_add(sheet=sheet, line=LINE, expected_number=1, by=None)
            first_holds_lock.set()
            release.wait(timeout=10)  # the lock is held until this transaction commits

    def second() -> None:
        first_holds_lock.wait(timeout=10)
        try:
            handline_add(sheet=sheet, line=LINE, expected_number=1, by=None)
        except StaleLine as error:
            outcome["stale"] = error.message
        else:
            outcome["added"] = True

    one, two = run_in_threads(first, second)
    assert first_holds_lock.wait(timeout=10)
    two.join(timeout=0.5)
    assert two.is_alive(), "the second writer must wait for the sheet's lock"
    release.set()
    one.join(timeout=10)
    two.join(timeout=10)
    assert "added" not in outcome
    assert "Line 1 was just added" in outcome["stale"]
    assert HandLine.objects.filter(sheet=sheet).count() == 1
