"""What an action costs the web process before its broadcast: ``table_act`` in one process.

A table of four people plays through ``tables.services.table_act`` (the lock with the seats,
the engine, the log's row, the table's row, the commit); the sockets' screens are left out (no
channel layer), as "write" in bench/NOTES.md ("Fifth pass"). Prints this process's CPU time
(``time.process_time``) per action, the best of ``--loops`` loops of ``--actions`` actions
each, and the wall time beside it; PostgreSQL's own work is not in the CPU figure. Runs on a
PostgreSQL database of its own (made and dropped here); exits 2 when PostgreSQL cannot be
reached::

    python bench/table_writes.py [--actions 300] [--loops 5]
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import time
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=300, help="actions a loop (300)")
    parser.add_argument("--loops", type=int, default=5, help="loops; the best counts (5)")
    parser.add_argument("--database", default="kitty_bench_writes", help="its name")
    parser.add_argument("--pg-host", default="127.0.0.1")
    parser.add_argument("--pg-port", type=int, default=5432)
    parser.add_argument("--pg-user", default="postgres")
    return parser.parse_args()


def database_recreate(pg: dict[str, Any], name: str, *, drop_only: bool = False) -> None:
    with psycopg.connect(**pg, dbname="postgres", autocommit=True, connect_timeout=3) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')


def table_of_four_people() -> tuple[int, dict[int, Any]]:
    """A started auction45 table with a person in every seat, no clock; its id and the user
    of each seat."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from club.services import club_create, membership_add, player_create
    from tables.services import SeatSpec, table_create

    club = club_create(name="Writes bench", slug=f"writes-{secrets.token_hex(4)}")
    users = {}
    seats = []
    for seat in range(4):
        user = get_user_model().objects.create_user(
            username=f"writes{secrets.token_hex(4)}", password=None
        )
        player = player_create(display_name=f"Writes {seat + 1}", user=user)
        membership_add(club=club, player=player)
        seats.append(SeatSpec(player=player))
        users[seat] = user
    table = table_create(
        club=club,
        by=None,
        scheduled_at=timezone.now(),
        game_id="auction45",
        seats=seats,
        seed=7,
        turn_seconds=0,
    )
    return table.pk, users


def one_loop(actions: int) -> tuple[float, float]:
    """CPU and wall milliseconds per action over ``actions`` actions, at new tables as games
    end; the choice of each action (the engine's legal actions) is not timed."""
    from tables import live
    from tables.models import LiveTable
    from tables.services import table_act

    cpu = wall = 0.0
    played = 0
    table_id, users = table_of_four_people()
    while played < actions:
        table = LiveTable.objects.get(pk=table_id)
        hand = live.current_hand(table)
        if table.is_ended or hand is None or hand.to_act is None:
            table_id, users = table_of_four_people()
            continue
        seat = hand.to_act
        action = str(hand.legal_actions()[0])
        began_cpu, began_wall = time.process_time(), time.perf_counter()
        table_act(table_id=table_id, seat=None, action=action, seen_seq=table.seq, user=users[seat])
        cpu += time.process_time() - began_cpu
        wall += time.perf_counter() - began_wall
        played += 1
    return cpu * 1000 / played, wall * 1000 / played


def main() -> int:
    args = parse_args()
    pg = {"host": args.pg_host, "port": args.pg_port, "user": args.pg_user}
    try:
        database_recreate(pg, args.database)
    except psycopg.Error as error:
        print(f"PostgreSQL is not reachable at {pg['host']}:{pg['port']}: {error}")
        return 2
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": f"postgres://{args.pg_user}@{args.pg_host}:{args.pg_port}/"
            f"{args.database}",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
        }
    )
    for name in ("REDIS_URL", "CELERY_BROKER_URL", "KITTY_PRODUCTION"):
        os.environ.pop(name, None)
    try:
        import django

        django.setup()
        from django.conf import settings
        from django.core.management import call_command
        from django.db import connections

        from tables import enqueue

        # No channel layer: the sockets' screens are not built (``tables.notify.broadcast``);
        # no timer threads: a grace time running out would let the computer play meanwhile.
        settings.CHANNEL_LAYERS = {}
        enqueue.TIMERS = False
        call_command("migrate", verbosity=0)
        one_loop(50)  # warm up: imports, the statements' first build, the caches
        results = [one_loop(args.actions) for _ in range(args.loops)]
        cpu = sorted(result[0] for result in results)
        wall = sorted(result[1] for result in results)
        print(f"table_act without the broadcast, {args.actions} actions x {args.loops} loops")
        print(f"  CPU ms per action:  best {cpu[0]:.3f}  median {cpu[len(cpu) // 2]:.3f}")
        print(f"  wall ms per action: best {wall[0]:.3f}  median {wall[len(wall) // 2]:.3f}")
        print(f"  load average: {os.getloadavg()[0]:.1f}")
        connections.close_all()
    finally:
        database_recreate(pg, args.database, drop_only=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
