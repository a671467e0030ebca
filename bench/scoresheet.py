"""Scoresheet entry benchmark: the time to add one hand line through the entry page and
through the API, as a director's laptop would see it from the server.

Adds ``--lines`` 120s lines (1,000 by default) each way with Django's test client: the page
posts the typed form as htmx does and gets its answer back (the new row, the totals and a
fresh input row, swapped in place by the browser); the API posts JSON with a token. A sheet
that reaches its end is replaced by a new one (not timed), so sheets stay the length of real
games. The test client runs without Django's test instrumentation, which copies the context
of every template rendered: a server does not do that. Runs on a throwaway database: SQLite
by default, PostgreSQL when DATABASE_URL points at one (pytest-style ``test_`` name). Prints
p50/p95 per path against the 30 ms target; asserts nothing::

    python bench/scoresheet.py [--lines 1000] [--seed 7]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kitty python bench/scoresheet.py
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

# Static files are served from the apps' folders here; there is no collected STATIC_ROOT.
warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from bench.machine import machine  # noqa: E402

TARGET_P95_MS = 30.0
FORM_ENCODED = "application/x-www-form-urlencoded"
WARM_UP = 20


def random_lines(seed: int) -> Iterator[dict[str, Any]]:
    """Endless valid 120s lines: a bid, a trump, and 30 points split in fives."""
    rng = random.Random(seed)
    dealer = 0
    while True:
        first = rng.randrange(0, 31, 5)
        yield {
            "dealer": dealer,
            "bidder": rng.randrange(4),
            "bid": rng.choice((15, 20, 20, 25, 30)),
            "trump": rng.choice("SHDC"),
            "points": [first, 30 - first],
        }
        dealer = (dealer + 1) % 4


class Table:
    """One sheet being typed; a new one starts when the game is over."""

    def __init__(self, club: Any, user: Any) -> None:
        self.club, self.user = club, user
        self.new_sheet()

    def new_sheet(self) -> None:
        from scoring.services import scoresheet_create

        self.sheet = scoresheet_create(club=self.club, by=self.user, game_id="auction45")
        self.next_number = 1

    def after(self, game_over: bool) -> None:
        self.next_number += 1
        if game_over:
            self.new_sheet()


Timings = tuple[list[float], list[float]]


def time_adds(
    count: int, add: Callable[[dict[str, Any]], bool], table: Table, seed: int
) -> Timings:
    """Milliseconds per added line, wall clock and this process's CPU time (the second
    says what the work costs when other processes share the machine); ``add`` returns
    whether the line ended the game. Starting the next sheet is not timed: it is not part of
    adding a line."""
    lines = random_lines(seed)
    wall: list[float] = []
    cpu: list[float] = []
    for index in range(count + WARM_UP):
        line = next(lines)
        start, start_cpu = time.perf_counter(), time.process_time()
        over = add(line)
        if index >= WARM_UP:
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        table.after(over)
    return wall, cpu


def percentiles(timings: list[float]) -> tuple[float, float]:
    ordered = sorted(timings)
    return statistics.median(ordered), ordered[max(0, int(len(ordered) * 0.95) - 1)]


def report(name: str, timings: Timings) -> bool:
    wall, cpu = timings
    p50, p95 = percentiles(wall)
    cpu50, cpu95 = percentiles(cpu)
    ok = p95 < TARGET_P95_MS
    print(
        f"{name:<4} {len(wall):>5} lines  p50 {p50:5.1f} ms  p95 {p95:5.1f} ms  "
        f"(CPU p50 {cpu50:5.1f} ms, p95 {cpu95:5.1f} ms)  "
        f"{'OK' if ok else 'OVER'}: target p95 < {TARGET_P95_MS:.0f} ms"
    )
    return ok


def run(count: int, seed: int) -> None:
    from rest_framework.authtoken.models import Token

    from club.models import Membership, Player
    from club.services import club_create
    from scoring.models import HandLine

    user_model = django.contrib.auth.get_user_model()  # type: ignore[attr-defined]
    user = user_model.objects.create_user(username="bench-director", password="x")
    club = club_create(name="Bench Club", slug="bench-club", description="")
    player = Player.objects.create(display_name="Bench Director", user=user)
    Membership.objects.create(club=club, player=player, role=Membership.Role.DIRECTOR)
    token = Token.objects.create(user=user)

    page = Client()
    page.force_login(user)
    table = Table(club, user)

    def add_page(line: dict[str, Any]) -> bool:
        data = {
            "number": str(table.next_number),
            "entry": "primary",
            "dealer": str(line["dealer"] + 1),
            "bidder": str(line["bidder"] + 1),
            "bid": str(line["bid"]),
            "trump": line["trump"],
            "points_0": str(line["points"][0]),
            "points_1": str(line["points"][1]),
        }
        url = reverse("sheet_line_add", args=[club.slug, table.sheet.pk])
        # htmx posts a form urlencoded, as a browser does (not multipart).
        response = page.post(
            url, urlencode(data), content_type=FORM_ENCODED, HTTP_HX_REQUEST="true"
        )
        if response.status_code != 200 or b"added." not in response.content:
            raise SystemExit(f"the page refused a line: {response.status_code}")
        return b"Game over." in response.content

    api = Client(HTTP_AUTHORIZATION=f"Token {token.key}")

    def add_api(line: dict[str, Any]) -> bool:
        url = reverse("api_line_list", args=[club.slug, table.sheet.pk])
        response = api.post(
            url, {"number": table.next_number, "line": line}, content_type="application/json"
        )
        if response.status_code != 201:
            raise SystemExit(f"the API refused a line: {response.status_code} {response.content!r}")
        return response.json()["result"] is not None

    page_times = time_adds(count, add_page, table, seed)
    table.new_sheet()
    api_times = time_adds(count, add_api, table, seed + 1)
    sheets = HandLine.objects.values("sheet").distinct().count()
    print(f"{HandLine.objects.count()} lines on {sheets} sheets")
    ok = report("page", page_times)
    ok = report("api", api_times) and ok
    print("within target" if ok else "OVER TARGET")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=1000, help="lines timed per path")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    database = settings.DATABASES["default"]
    vendor = connection.vendor
    where = "PostgreSQL" if vendor == "postgresql" else "SQLite"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    settings.DEBUG = False
    old_name = database["NAME"]
    test_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    print(
        f"Scoresheet entry on {where} ({test_name}), {args.lines} lines per path, "
        f"{machine()} at the start"
    )
    try:
        run(args.lines, args.seed)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
