"""An online league night under load: one round of an event played online, every match a
live table, played by people over real websockets and by the computer for the no-shows.

The deployment is ``bench/tables_load.py``'s (PostgreSQL, Redis, the ASGI server processes, a
Celery worker with its beat, all on loopback). The night is set up through the services as a
club would have it: a club of ``4 × --matches`` members who can sign in, a league season and
its night, a progressive event of auction45 played online (computers for no-shows after a
grace time of ``--grace-seconds``), every member entered, round 1 paired and published with a
window whose default time is tomorrow; publishing makes one live table per match
(``tables.services.rounds``). The bench then opens the tables early, as their time would.

One seat in ``--computers`` never connects: its player is a no-show, and the computer plays for
them once the grace time has run out. Every other seat gets a websocket client signed in as
its player, who thinks before each action (uniformly between half and one and a half times
``--think-ms``) and measures the round trip as ``tables_load`` does. Afterwards every table's
action log is checked against what the people saw acknowledged, and the computers' moves are
timed from the log (from the previous action to the computer's). Exits 1 when the people's p95
is 100 ms or more, on any error, lost or doubled action, or when the computer played for a
person who was there; 2 when PostgreSQL or Redis cannot be reached::

    python bench/league_night.py [--matches 30] [--hands 2] [--computers 8] [--think-ms 2000]
    python bench/league_night.py --matches 3          # a quick look
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.tables_load import (  # noqa: E402
    OPENS_IN,
    SEATS,
    Person,
    Plan,
    TableRun,
    computer_moves,
    deployment_args,
    percentile,
    person_make,
    run_plan,
    table_runs,
    think_seconds,
)

# --- The night's pure parts ---------------------------------------------------------------------


def computer_seats(tables: int, one_in: int, seed: int) -> set[tuple[int, int]]:
    """The seats, as (table's place in the round, seat), whose players never come: one seat
    in ``one_in`` (0: none), dealt over the tables in a shuffled order, so that they spread
    over the night and every table keeps at least one person, whose client sees it end."""
    if one_in <= 0 or tables <= 0:
        return set()
    rng = random.Random(seed)
    order = rng.sample(range(tables), tables)
    may_miss = {table: rng.sample(range(SEATS), SEATS - 1) for table in order}
    count = min(tables * SEATS // one_in, tables * (SEATS - 1))
    return {(order[k % tables], may_miss[order[k % tables]][k // tables]) for k in range(count)}


# --- Setting the night up through the services --------------------------------------------------


def make_night(args: argparse.Namespace) -> list[tuple[int, list[Person | None]]]:
    """The club, its members, the league's night played online with round 1 published; returns
    each live table's id, in table order, with its seats' people (``None``: a no-show)."""
    from django.utils import timezone

    from club.services import club_create
    from tables.models import LiveTable
    from tournaments.models import EventFormat, NoShowRule, PlaysAt
    from tournaments.services.entrants import entrant_add
    from tournaments.services.events import OnlinePlay, event_create, season_create
    from tournaments.services.publish import RoundWindow, round_publish
    from tournaments.services.rounds import round_pair

    club = club_create(name="League club", slug="league")
    people = [person_make(club, index) for index in range(args.matches * SEATS)]
    season = season_create(club=club, name="Online league", format=EventFormat.PROGRESSIVE)
    event = event_create(
        club=club,
        name="Online league, night 1",
        date=timezone.localdate(),
        format=EventFormat.PROGRESSIVE,
        game_id="auction45",
        season=season,
        rounds_planned=1,
        online=OnlinePlay(
            plays_at=PlaysAt.ONLINE,
            turn_seconds=args.turn_seconds,
            grace_seconds=args.grace_seconds,
        ),
        seed=args.seed,
    )
    if event.no_show != NoShowRule.COMPUTER:
        raise SystemExit(f"the night's no-shows are {event.no_show}, not played by the computer")
    for person in people:
        entrant_add(event=event, player=person.player)
    now = timezone.now()
    # Published today for tomorrow: the bench opens the tables once every client is there.
    window = RoundWindow(opens_at=now, closes_at=now + 2 * OPENS_IN, default_at=now + OPENS_IN)
    round_ = round_publish(round_=round_pair(event=event), window=window)
    tables = list(
        LiveTable.objects.filter(match__round=round_)
        .order_by("match__table__number")
        .prefetch_related("seats")
    )
    if len(tables) != args.matches:
        raise SystemExit(f"round 1 has {len(tables)} live tables, not {args.matches}")
    by_player = {person.player.pk: person for person in people}
    absent = computer_seats(len(tables), args.computers, args.seed)
    return [
        (
            table.pk,
            [
                None
                if (place, seat.index) in absent or seat.player_id is None
                else by_player[seat.player_id]
                for seat in sorted(table.seats.all(), key=lambda seat: seat.index)
            ],
        )
        for place, table in enumerate(tables)
    ]


# --- Figures of the night's own ------------------------------------------------------------------


def report_computers(tables: Sequence[TableRun]) -> bool:
    """The computer's moves at the night's tables; False when it played for a seat whose
    person was there (their presence was lost)."""
    from tables.models import ActionLog, LiveTable

    ids = [table.pk for table in tables]
    rows = (
        ActionLog.objects.filter(table_id__in=ids)
        .order_by("table_id", "seq")
        .values_list("table_id", "seq", "seat", "actor", "at")
    )
    times = LiveTable.objects.filter(pk__in=ids).values_list("pk", "scheduled_at", "started_at")
    started = {pk: at for pk, _, at in times if at is not None}
    moves = computer_moves(rows, started)
    present = {(table.pk, client.seat) for table in tables for client in table.clients}
    taken = sorted(moves.seats & present)
    every = sorted(moves.first + moves.later)
    print(
        f"{'computers':<12} {len(moves.seats)} seats, {len(every)} moves; "
        f"from the action before: p50 {percentile(every, 50):7.1f} ms   "
        f"p95 {percentile(every, 95):7.1f} ms"
    )
    # A match table waits for its players: one with a no-show starts when the grace time from
    # its opening has run out and the computer takes the empty seat.
    waited = sorted(
        (start - opened).total_seconds()
        for pk, opened, start in times
        if start is not None and any(pk == table for table, _ in moves.seats)
    )
    print(
        f"{'':<12} tables with a no-show started after opening: p50 "
        f"{percentile(waited, 50):.1f} s, max {max(waited, default=0):.1f} s "
        f"({len(waited)} tables; the grace time)"
    )
    if taken:
        print(f"{'':<12} PRESENT SEATS PLAYED BY THE COMPUTER: {taken[:10]}")
    return not taken


# --- Main ---------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=30, help="matches of 4 in the round (30)")
    parser.add_argument(
        "--hands", type=int, default=2, help="hands per table (2); 0: until --duration"
    )
    parser.add_argument(
        "--think-ms",
        type=float,
        default=2000,
        help="a person's mean pause before acting (2000: from 1 to 3 s)",
    )
    parser.add_argument(
        "--computers", type=int, default=8, help="one seat in this many is a no-show (8); 0: none"
    )
    parser.add_argument(
        "--grace-seconds", type=int, default=5, help="the event's grace time for a no-show (5)"
    )
    deployment_args(parser, database="kitty_league", redis_db=12)
    args = parser.parse_args(argv)
    if args.hands <= 0 and args.duration <= 0:
        parser.error("--hands 0 needs --duration")
    if args.matches < 1:
        parser.error("--matches must be 1 or more")
    return args


def headline(args: argparse.Namespace) -> str:
    absent = len(computer_seats(args.matches, args.computers, args.seed))
    return (
        f"League night online: round 1 of a progressive, {args.matches} auction45 matches x "
        f"{SEATS} seats: {args.matches * SEATS - absent} people thinking "
        f"{args.think_ms * 0.5 / 1000:.1f} to {args.think_ms * 1.5 / 1000:.1f} s, {absent} "
        f"no-shows played by the computer after {args.grace_seconds} s; "
        f"{args.hands or 'unlimited'} hand(s) each"
        + (f", {args.duration:.0f} s at most" if args.duration else "")
    )


def main() -> int:
    args = parse_args()
    plan = Plan(
        headline(args),
        setup=lambda ports: table_runs(make_night(args), ports, args.seed),
        think=lambda rng: think_seconds(rng, args.think_ms),
        more=report_computers,
        latency_decides=True,
    )
    return run_plan(args, plan)


if __name__ == "__main__":
    sys.exit(main())
