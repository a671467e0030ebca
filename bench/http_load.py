"""Request latency under load: a league night's phones and a scorer's laptop on one server.

Starts the club-server deployment on loopback with ``KITTY_PRODUCTION=1`` (DEBUG off, hashed
static files, as behind a TLS proxy): ``daphne`` serving ``config.asgi`` over a database of
its own, SQLite by default (the embedded default a club laptop runs) or PostgreSQL with
``--database-url postgres://postgres@127.0.0.1:5432/postgres`` (a database ``kitty_http_bench``
is made there and dropped afterwards). The demo club is loaded into it.

``--clients`` keep-alive connections then send requests back to back for ``--seconds``, each
picking one of a league night's requests: the public standings and "who sits where" pages
that players reload on their phones, the standings through the API, and a scoresheet line
checked by the rules engine through the API (as the entry page does while a scorer types).
Prints latency percentiles per request kind and overall, requests per second and errors, and
on PostgreSQL the peak number of connections the server held to the bench database (sampled
from ``pg_stat_activity``) and how many stayed open after the load; the database settings
(``CONN_MAX_AGE``, ``DB_POOL_MAX_SIZE``) come from this shell's environment. Asserts nothing (exit 1
only when requests failed)::

    python bench/http_load.py [--clients 40] [--seconds 20]
    python bench/http_load.py --database-url postgres://postgres@127.0.0.1:5432/postgres
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pg_connections import ConnectionPeak  # noqa: E402

PYTHON = sys.executable
BENCH_DB = "kitty_http_bench"
SERVICE_VARS = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND")
# What decides how many connections the server holds; printed with the figures.
DATABASE_VARS = ("CONN_MAX_AGE", "DB_POOL_MAX_SIZE")
WEIGHTS = {"standings page": 40, "pairings page": 30, "standings API": 15, "line check API": 15}
# A 120s line the engine accepts from 0-0: bidder's side bids 20 and takes 25.
CHECK_LINE = {"dealer": 0, "bidder": 1, "bid": 20, "trump": "H", "points": [5, 25]}


@dataclass
class Target:
    """What the clients ask for, found through the API after the demo is loaded."""

    token: str
    slug: str
    events: list[int]
    sheet: int


@dataclass
class Tally:
    times: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    connections: str = ""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def server_env(database_url: str, static_root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARS}
    env.update(
        DATABASE_URL=database_url,
        KITTY_PRODUCTION="1",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        TRUST_X_FORWARDED_PROTO="1",
        STATIC_ROOT=str(static_root),
        PYTHONPATH=str(ROOT),
    )
    return env


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


@contextlib.contextmanager
def bench_database(url: str | None, folder: Path) -> Iterator[str]:
    """A database URL of the bench's own: a SQLite file, or a fresh PostgreSQL database."""
    if url is None:
        yield f"sqlite:///{folder / 'bench.sqlite3'}"
        return
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {BENCH_DB}")
        admin.execute(f"CREATE DATABASE {BENCH_DB}")
    try:
        yield re.sub(r"/[^/]*$", f"/{BENCH_DB}", url)
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {BENCH_DB} WITH (FORCE)")


@contextlib.contextmanager
def server(env: dict[str, str], port: int, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    command = [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "--access-log"]
    with log.open("wb") as output:
        process = subprocess.Popen(
            [*command, os.devnull, "config.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"daphne did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.2)
        yield process
    finally:
        process.terminate()
        process.wait(10)


class Connection:
    """One keep-alive HTTP/1.1 connection, as a phone's browser holds one."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, token: str = "", body: Any = None
    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        payload = json.dumps(body).encode() if body is not None else b""
        head = [
            f"{method} {path} HTTP/1.1",
            "Host: 127.0.0.1",
            "X-Forwarded-Proto: https",
            f"Content-Length: {len(payload)}",
        ]
        if token:
            head.append(f"Authorization: Token {token}")
        if body is not None:
            head.append("Content-Type: application/json")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        await self.writer.drain()
        return await self._response(self.reader)

    async def _response(self, reader: asyncio.StreamReader) -> tuple[int, bytes]:
        status = int((await reader.readline()).split()[1])
        headers: dict[str, str] = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding") == "chunked":
            body = b""
            while size := int((await reader.readline()).strip(), 16):
                body += await reader.readexactly(size + 2)
            await reader.readline()
        else:
            body = await reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return status, body

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


def api_json(port: int, path: str, token: str, body: Any = None) -> Any:
    async def ask() -> Any:
        connection = Connection(port)
        status, content = await connection.request(
            "POST" if body is not None else "GET", path, token, body
        )
        await connection.close()
        if status >= 300:
            raise SystemExit(f"{path}: {status} {content[:300]!r}")
        return json.loads(content)

    return asyncio.run(ask())


def find_target(port: int, token: str) -> Target:
    clubs = api_json(port, "/api/clubs/", token)
    slug = clubs[0]["slug"] if isinstance(clubs, list) else clubs["results"][0]["slug"]
    events = [e["id"] for e in api_json(port, f"/api/clubs/{slug}/events/", token)]
    sheet = api_json(port, f"/api/clubs/{slug}/sheets/", token, {"game": "auction45"})
    return Target(token, slug, events, sheet["id"])


def pick(rng: random.Random, target: Target) -> tuple[str, str, str, Any]:
    """One request of the mix: (kind, method, path, JSON body)."""
    kind = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    event = rng.choice(target.events)
    club = f"/api/clubs/{target.slug}"
    if kind == "standings page":
        return kind, "GET", f"/events/{event}/", None
    if kind == "pairings page":
        return kind, "GET", f"/events/{event}/pairings/", None
    if kind == "standings API":
        return kind, "GET", f"{club}/events/{event}/standings/", None
    return kind, "POST", f"{club}/sheets/{target.sheet}/lines/check/", {"line": CHECK_LINE}


async def client(port: int, target: Target, until: float, seed: int, tally: Tally) -> None:
    rng = random.Random(seed)
    connection = Connection(port)
    while time.perf_counter() < until:
        kind, method, path, body = pick(rng, target)
        token = target.token if path.startswith("/api/") else ""
        start = time.perf_counter()
        try:
            status, _ = await connection.request(method, path, token, body)
        except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as error:
            tally.errors.append(f"{kind}: {type(error).__name__} {error}")
            await connection.close()
            continue
        tally.times.setdefault(kind, []).append((time.perf_counter() - start) * 1000)
        if status != 200:
            tally.errors.append(f"{kind}: HTTP {status} {path}")
    await connection.close()


async def load(port: int, target: Target, clients: int, seconds: float) -> tuple[Tally, float]:
    tally = Tally()
    start = time.perf_counter()
    until = start + seconds
    await asyncio.gather(*(client(port, target, until, n, tally) for n in range(clients)))
    return tally, time.perf_counter() - start


def line(name: str, times: list[float]) -> str:
    ordered = sorted(times)

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))]

    return (
        f"  {name:<16} {len(ordered):>6}  p50 {statistics.median(ordered):6.1f} ms  "
        f"p95 {at(0.95):6.1f} ms  p99 {at(0.99):6.1f} ms  max {ordered[-1]:6.1f} ms"
    )


def run(url: str | None, folder: Path, clients: int, seconds: float) -> tuple[Tally, float]:
    with bench_database(url, folder) as database_url:
        env = server_env(database_url, folder / "static")
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "collectstatic", "--noinput", "-v", "0")
        # The demo's accounts have known passwords: load_demo refuses a production setting.
        manage({**env, "KITTY_PRODUCTION": "0"}, "load_demo")
        token = manage(env, "drf_create_token", "director").split()[2]
        port = free_port()
        with server(env, port, folder / "daphne.log"):
            target = find_target(port, token)
            asyncio.run(load(port, target, 4, 2.0))  # warm up: imports, caches
            if url is None:
                return asyncio.run(load(port, target, clients, seconds))
            with ConnectionPeak(BENCH_DB, conninfo=url) as peak:
                tally, elapsed = asyncio.run(load(port, target, clients, seconds))
                after = peak.now()
            tally.connections = f"{peak.summary()}; {after} open after the load"
            return tally, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=40, help="concurrent connections")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long they send")
    parser.add_argument("--database-url", help="a PostgreSQL server (default: SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kitty-http-") as name:
        folder = Path(name)
        tally, elapsed = run(args.database_url, folder, args.clients, args.seconds)
    engine = "PostgreSQL" if args.database_url else "SQLite"
    count = sum(len(times) for times in tally.times.values())
    load_average = os.getloadavg()[0]
    print(
        f"HTTP under load: daphne, {engine}, {args.clients} clients for {elapsed:.0f} s, "
        f"{os.cpu_count()} CPUs, load average {load_average:.1f} after"
    )
    for kind in WEIGHTS:
        if kind in tally.times:
            print(line(kind, tally.times[kind]))
    print(line("all", [t for times in tally.times.values() for t in times]))
    print(f"  {count / elapsed:.0f} requests/s, {len(tally.errors)} errors")
    if tally.connections:
        knobs = ", ".join(f"{k}={os.environ[k]}" for k in DATABASE_VARS if k in os.environ)
        print(f"  database: {tally.connections}; {knobs or 'default database settings'}")
    for error in sorted(set(tally.errors))[:10]:
        print(f"    {error}")
    raise SystemExit(1 if tally.errors else 0)


if __name__ == "__main__":
    main()
