"""The least a card played can cost the web process: the table's message path with no table.

``bench/tables_load.py`` measures the online tables as they are; this measures the same
message path with nothing behind it (``bench/floor_asgi.py``): the same clients (four per
table, thinking ``--think-ms`` before they act, the round trip timed from sending an action to
receiving the screen with the next ``seq``), the same ASGI server and middleware, the same Redis
channel layer, one group message with four screens of a real screen's size per action, each
socket sending its own. No database, no engine, no Celery. The CPU per action it prints for
the server and Redis is what Channels, the ASGI server and the layer cost before any of the
site's work: the floor under ``tables_load.py``'s figures::

    python bench/socket_floor.py [--tables 100] [--think-ms 2000] [--actions 30] [--hop]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import redis
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.tables_load import (  # noqa: E402
    CONNECT_AT_ONCE,
    SEATS,
    SERVERS,
    CpuMeter,
    Processes,
    free_port,
    percentile,
    port_open,
)


class Seat:
    """One client: acts when the screen it holds says it is its turn."""

    def __init__(self, table: Table, index: int) -> None:
        self.table, self.index = table, index
        self.ws: ClientConnection | None = None
        self.sent_at: float | None = None
        self.sent_seq = -1


class Table:
    def __init__(self, number: int, actions: int) -> None:
        self.number, self.actions = number, actions
        self.seats = [Seat(self, i) for i in range(SEATS)]
        self.round_trips: list[float] = []
        self.done = asyncio.Event()


async def seat_open(seat: Seat, port: int, gate: asyncio.Semaphore) -> None:
    async with gate:
        seat.ws = await connect(
            f"ws://127.0.0.1:{port}/ws/tables/{seat.table.number}/?seat={seat.index}",
            origin=Origin(f"http://127.0.0.1:{port}"),
            compression=None,
            proxy=None,
            open_timeout=60,
            ping_interval=None,
            max_size=None,
        )


async def seat_loop(seat: Seat, think: float) -> None:
    table, ws = seat.table, seat.ws
    assert isinstance(ws, ClientConnection)
    try:
        async for text in ws:
            now = time.perf_counter()
            state = json.loads(text)
            if state.get("type") != "state":
                raise SystemExit(f"table {table.number}: {state}")
            seq = state["seq"]
            if seat.sent_at is not None and seq > seat.sent_seq:
                table.round_trips.append((now - seat.sent_at) * 1000)
                seat.sent_at = None
            if seq >= table.actions:
                table.done.set()
                break
            if state["view"]["to_act"] == seat.index and seq > seat.sent_seq:
                await asyncio.sleep(think * random.uniform(0.5, 1.5))
                seat.sent_seq, seat.sent_at = seq, time.perf_counter()
                action = {"type": "act", "action": state["view"]["legal"][0], "seq": seq}
                await ws.send(json.dumps(action))
    except ConnectionClosed:
        table.done.set()
    finally:
        await ws.close()


async def run_tables(tables: list[Table], port: int, think: float, cpu: CpuMeter) -> float:
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)
    seats = [seat for table in tables for seat in table.seats]
    await asyncio.gather(*(seat_open(seat, port, gate) for seat in seats))
    loops = [asyncio.create_task(seat_loop(seat, think)) for seat in seats]
    began = time.perf_counter()
    cpu.start()
    await asyncio.gather(*(table.done.wait() for table in tables))
    cpu.stop()
    elapsed = time.perf_counter() - began
    await asyncio.gather(*loops, return_exceptions=True)
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--actions", type=int, default=30, help="actions per table (30)")
    parser.add_argument("--think-ms", type=float, default=2000, help="mean thinking (2000)")
    parser.add_argument("--server", choices=sorted(SERVERS), default="daphne")
    parser.add_argument("--hop", action="store_true", help="each action via the database thread")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/13")
    args = parser.parse_args()

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "REDIS_URL": args.redis,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "FLOOR_HOP": "1" if args.hop else "0",
    }
    env.pop("DATABASE_URL", None)
    log_dir = Path(tempfile.mkdtemp(prefix="kitty-socket-floor."))
    processes = Processes(log_dir)
    redis.Redis.from_url(args.redis).flushdb()
    try:
        port = free_port()
        command = [arg.replace("{port}", str(port)) for arg in SERVERS[args.server]]
        server = processes.start(
            args.server, [sys.executable, *command, "bench.floor_asgi:application"], env
        )
        deadline = time.monotonic() + 60
        while not port_open(port):
            processes.check_alive()
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        tables = [Table(n + 1, args.actions) for n in range(args.tables)]
        cpu = CpuMeter(args.server, [server.pid], -1)
        elapsed = asyncio.run(run_tables(tables, port, args.think_ms / 1000, cpu))
    finally:
        processes.stop()
        shutil.rmtree(log_dir, ignore_errors=True)
    trips = sorted(ms for table in tables for ms in table.round_trips)
    print(
        f"Message path only ({'through the database thread, ' if args.hop else ''}no table): "
        f"{args.tables} tables x {SEATS} sockets, {args.actions} actions each, "
        f"{args.think_ms:.0f} ms thinking, {args.server}, Redis {args.redis}"
    )
    print(f"actions      {len(trips)} in {elapsed:.1f} s: {len(trips) / elapsed:.1f}/s")
    print(
        f"round trip   p50 {percentile(trips, 50):.1f} ms   p95 {percentile(trips, 95):.1f} ms"
        f"   p99 {percentile(trips, 99):.1f} ms   mean {statistics.fmean(trips):.1f} ms"
    )
    used = {name: s for name, s in cpu.used.items() if name != "celery"}
    print(
        "CPU          "
        + ", ".join(
            f"{name} {s * 1000 / max(len(trips), 1):.2f} ms/action" for name, s in used.items()
        )
    )
    print(f"load         {cpu.loads[0]} at the start, {cpu.loads[1]} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
