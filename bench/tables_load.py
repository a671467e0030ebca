"""Online tables under load: many tables of four people each, played over real websockets.

The club-server deployment on loopback: PostgreSQL (a database of its own, made and dropped
here), Redis (its own database number: channel layer, Celery broker and cache), the ASGI
server (``--server``: ``daphne`` or ``uvicorn``) serving ``config.asgi``
(``--server-workers`` processes on ports of their own, as behind a proxy) and a Celery worker
process with its beat. Users, players, the club and ``--tables`` auction45 tables are made
through the services; every seat is a person with a signed-in session.

Each table gets four websocket clients. A client whose seat is to act picks one of the legal
actions its own state message lists and sends it with the ``seq`` it saw, at once (no
thinking time unless ``--think-ms``). The round trip of an action is the time from sending it
to the moment the same client receives a state carrying a newer ``seq``. Afterwards the
database is checked: every table's action log must hold exactly the acknowledged actions,
numbered 1, 2, 3... without gap or double. Prints percentiles, actions per second, errors,
the CPU each process used and the peak number of PostgreSQL connections to the bench database
(sampled from ``pg_stat_activity``), against the target; exits 1 on errors, lost or doubled
actions, 2 when PostgreSQL or Redis cannot be reached::

    python bench/tables_load.py [--tables 100] [--hands 1] [--server-workers 1] [--keep]
    python bench/tables_load.py --tables 5            # a quick look
    python bench/tables_load.py --practice 0.5 --think-ms 2000   # half practice tables

With ``--practice`` a share of the tables are practice tables: one person and three computers
(``--bot``), started through ``practice_start``; the computers' moves there are timed from the
action before each, and the CPU per action is per person's action.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

import psycopg
import redis
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.typing import Origin

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pg_connections import ConnectionPeak  # noqa: E402

if TYPE_CHECKING:
    from club.models import Club, Player

TARGET_P95_MS = 100.0
TARGET_LINE = "target: p95 < 100 ms, 0 errors, 0 lost or doubled"
SEATS = 4
CONNECT_AT_ONCE = 20
START_TIMEOUT = 60.0
OPENS_IN = timedelta(days=1)
PROGRESS_EVERY = 15.0
CLK_TCK = os.sysconf("SC_CLK_TCK")


# --- Figures ----------------------------------------------------------------------------------


@dataclass
class Acked:
    """An action the acting client saw the server take: its seq and round trip."""

    seq: int
    action: str
    user_id: int
    ms: float


@dataclass
class TableRun:
    pk: int
    number: int
    clients: list[Client] = field(default_factory=list)
    acked: list[Acked] = field(default_factory=list)
    over: bool = False
    done: bool = False
    failed: str = ""
    last_progress: float = 0.0


@dataclass
class Pending:
    seq: int
    action: str
    sent: float


@dataclass
class Client:
    table: TableRun
    seat: int
    user_id: int
    session_key: str
    port: int
    rng: random.Random
    ws: ClientConnection | None = None
    latest: dict[str, Any] | None = None
    acted_at: int = -1
    pending: Pending | None = None
    refusals: int = 0
    thinking: bool = False


@dataclass
class Run:
    """Everything the clients share while the tables are played."""

    args: argparse.Namespace
    tables: list[TableRun]
    cpu: CpuMeter
    #: Seconds a person thinks before an action, drawn from their own random numbers.
    think: Callable[[random.Random], float]
    errors: Counter[str] = field(default_factory=Counter)
    started: asyncio.Event = field(default_factory=asyncio.Event)
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    go_at: float = 0.0
    last_ack: float = 0.0

    def error(self, table: TableRun, kind: str, *, fatal: bool) -> None:
        self.errors[kind] += 1
        if fatal and not table.done:
            table.failed = kind
            self.table_over(table)

    def table_over(self, table: TableRun) -> None:
        """No more actions at ``table``; it is done once its last action is acknowledged."""
        table.over = True
        if any(c.pending is not None for c in table.clients) and not table.failed:
            return
        table.done = True
        if all(t.done for t in self.tables):
            self.finished.set()


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of sorted values (``q`` from 0 to 100)."""
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


# --- Processes and their CPU --------------------------------------------------------------------


def think_seconds(rng: random.Random, mean_ms: float) -> float:
    """A person's pause before an action: uniform from half to one and a half of the mean
    (1 to 3 s for 2 s), so the tables do not act in step."""
    return rng.uniform(0.5, 1.5) * mean_ms / 1000


#: The log's actors that are the computer playing a seat (its own, or an away player's).
COMPUTER_ACTORS = frozenset({"bot", "stand_in"})


@dataclass
class ComputerMoves:
    """The computer's moves of a night, in ms from the action before each: a seat's first
    (it waited for the grace time to run out) apart from the others; and the seats it played."""

    first: list[float] = field(default_factory=list)
    later: list[float] = field(default_factory=list)
    seats: set[tuple[int, int]] = field(default_factory=set)


def computer_moves(
    rows: Iterable[tuple[int, int, int, str, datetime]], started: Mapping[int, datetime]
) -> ComputerMoves:
    """Time the computer's moves in action log ``rows`` (table, seq, seat, actor, at), in
    order of table and seq; a table's first action is timed from its start (``started``)."""
    moves = ComputerMoves()
    previous: tuple[int, datetime] | None = None
    for table, _seq, seat, actor, at in rows:
        since = previous[1] if previous and previous[0] == table else started.get(table)
        previous = (table, at)
        if actor not in COMPUTER_ACTORS or since is None:
            continue
        ms = (at - since).total_seconds() * 1000
        (moves.later if (table, seat) in moves.seats else moves.first).append(ms)
        moves.seats.add((table, seat))
    return moves


def _proc_stat(pid: int) -> tuple[str, int, int, int] | None:
    """(command, parent pid, own CPU ticks, reaped children's CPU ticks) of a process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    name = text[text.index("(") + 1 : text.rindex(")")]
    fields = text[text.rindex(")") + 2 :].split()
    own = int(fields[11]) + int(fields[12])
    children = int(fields[13]) + int(fields[14])
    return name, int(fields[1]), own, children


def _all_procs() -> dict[int, tuple[str, int, int, int]]:
    procs = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _proc_stat(int(entry))
            if stat is not None:
                procs[int(entry)] = stat
    return procs


def cpu_seconds(roots: list[int], procs: dict[int, tuple[str, int, int, int]]) -> float:
    """CPU seconds used by the processes ``roots`` and their descendants (living or reaped)."""
    ticks = 0
    todo = list(roots)
    while todo:
        pid = todo.pop()
        stat = procs.get(pid)
        if stat is None:
            continue
        ticks += stat[2] + stat[3]
        todo.extend(child for child, s in procs.items() if s[1] == pid)
    return ticks / CLK_TCK


def service_roots(procs: dict[int, tuple[str, int, int, int]], command: str) -> list[int]:
    """The top processes called ``command`` (a server and not its own children)."""
    return [
        pid
        for pid, stat in procs.items()
        if stat[0] == command and procs.get(stat[1], ("",))[0] != command
    ]


class CpuMeter:
    """CPU seconds used by each part of the deployment between ``start`` and ``stop``."""

    def __init__(self, server: str, servers: list[int], worker: int) -> None:
        self.server, self.servers, self.worker = server, servers, worker
        self.before: dict[str, float] = {}
        self.used: dict[str, float] = {}
        self.loads: list[str] = []

    def sample(self) -> dict[str, float]:
        procs = _all_procs()
        own = os.times()
        return {
            self.server: cpu_seconds(self.servers, procs),
            "celery": cpu_seconds([self.worker], procs),
            # The whole server: other databases' work on it is counted too.
            "postgres": cpu_seconds(service_roots(procs, "postgres"), procs),
            "redis": cpu_seconds(service_roots(procs, "redis-server"), procs),
            "clients": own.user + own.system,
        }

    def start(self) -> None:
        self.loads.append(load_average())
        self.before = self.sample()

    def stop(self) -> None:
        after = self.sample()
        self.used = {name: after[name] - self.before[name] for name in after}
        self.loads.append(load_average())


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


class Processes:
    """The server and worker processes this run started; all stopped by ``stop``."""

    def __init__(self, log_dir: Path) -> None:
        self.log_dir = log_dir
        self.started: list[tuple[str, subprocess.Popen[bytes]]] = []

    def start(self, name: str, command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
        log = (self.log_dir / f"{name}.log").open("wb")
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            # A group of its own: Ctrl-C reaches this script only, which stops them in order.
            start_new_session=True,
        )
        self.started.append((name, process))
        return process

    def log_tail(self, name: str, lines: int = 30) -> str:
        text = (self.log_dir / f"{name}.log").read_text(errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def tracebacks(self) -> str:
        """How many tracebacks each process logged, e.g. ``daphne-0 2``; empty if none."""
        counts = []
        for name, _ in self.started:
            text = (self.log_dir / f"{name}.log").read_text(errors="replace")
            if text.count("Traceback"):
                counts.append(f"{name} {text.count('Traceback')} tracebacks")
        return ", ".join(counts)

    def check_alive(self) -> None:
        for name, process in self.started:
            if process.poll() is not None:
                raise SystemExit(f"{name} exited with {process.returncode}:\n{self.log_tail(name)}")

    def stop(self) -> None:
        for _, process in self.started:
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 15
        for _, process in self.started:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        self.started.clear()


#: How each ASGI server is started on a port (``--server``), as a club server would run it.
SERVERS = {
    "daphne": ["-m", "daphne", "-b", "127.0.0.1", "-p", "{port}", "--access-log", os.devnull],
    "uvicorn": ["-m", "uvicorn", "--host", "127.0.0.1", "--port", "{port}", "--no-access-log"]
    + ["--loop", "uvloop", "--http", "httptools", "--ws", "websockets", "--lifespan", "off"],
}


def server_command(server: str, port: int) -> list[str]:
    args = [arg.replace("{port}", str(port)) for arg in SERVERS[server]]
    return [sys.executable, *args, "config.asgi:application"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def port_open(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def wait_ready(processes: Processes, ports: list[int], worker_log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        processes.check_alive()
        if all(port_open(p) for p in ports) and b" ready." in worker_log.read_bytes():
            return
        time.sleep(0.2)
    raise SystemExit(f"the server or the worker did not start within {START_TIMEOUT:.0f} s")


# --- Services, database, data -------------------------------------------------------------------


def services_reachable(pg: dict[str, Any], redis_url: str) -> None:
    """Exit 2 when PostgreSQL or Redis does not answer."""
    try:
        psycopg.connect(**pg, dbname="postgres", connect_timeout=3).close()
    except psycopg.Error as error:
        print(f"PostgreSQL is not reachable at {pg['host']}:{pg['port']}: {error}")
        raise SystemExit(2) from None
    try:
        redis.Redis.from_url(redis_url, socket_connect_timeout=3, socket_timeout=3).ping()
    except redis.RedisError as error:
        print(f"Redis is not reachable at {redis_url}: {error}")
        raise SystemExit(2) from None


def database_recreate(pg: dict[str, Any], name: str, *, drop_only: bool = False) -> None:
    with psycopg.connect(**pg, dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')


@dataclass(frozen=True)
class Person:
    """A member who can sign in: their player, their user and a session key for the cookie."""

    player: Player
    user_id: int
    session_key: str


def person_make(club: Club, index: int) -> Person:
    """A member of ``club`` with an account and a signed-in session, ``bench{index}``."""
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from club.services import membership_add, player_create

    user = get_user_model().objects.create_user(username=f"bench{index}", password=None)
    player = player_create(display_name=f"Bench {index}", user=user)
    membership_add(club=club, player=player)
    # What django.contrib.auth.login stores, without a request.
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return Person(player, user.pk, session.session_key or "")


def make_tables(
    count: int, seed: int, turn_seconds: int, practice: int = 0, bot: str = ""
) -> list[tuple[int, list[Person | None]]]:
    """A club with members who can sign in, and ``count`` auction45 tables; returns each
    table's id and its seats' people (``None``: a computer's seat).

    The first ``practice`` tables are practice tables, each started by its one member
    through ``practice_start`` with the computer ``bot`` in the other seats. The others have
    four people, every seat taken, scheduled for ``OPENS_AT`` (``open_tables`` opens them
    early): started now, their turn clocks would run out while 400 sockets connect.
    """
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from club.services import club_create
    from tables.bot_moves import DEFAULT_BOT
    from tables.services import SeatSpec, practice_start, table_create

    rng = random.Random(seed)
    club = club_create(name="Load test club", slug="load-test")
    users = get_user_model().objects
    made: list[tuple[int, list[Person | None]]] = []
    for number in range(practice):
        person = person_make(club, number * SEATS)
        table = practice_start(
            club=club,
            by=users.get(pk=person.user_id),
            game_id="auction45",
            bot_name=bot or DEFAULT_BOT,
        )
        made.append((table.pk, [person] + [None] * (SEATS - 1)))
    for number in range(practice, count):
        people = [person_make(club, number * SEATS + seat) for seat in range(SEATS)]
        table = table_create(
            club=club,
            by=None,
            scheduled_at=timezone.now() + OPENS_IN,
            game_id="auction45",
            title=f"Load {number + 1}",
            seats=[SeatSpec(player=person.player) for person in people],
            seed=rng.getrandbits(48),
            turn_seconds=turn_seconds,
        )
        made.append((table.pk, list(people)))
    return made


def table_runs(
    made: Sequence[tuple[int, Sequence[Person | None]]], ports: list[int], seed: int
) -> list[TableRun]:
    """A run of each table, with a client for each seat of a person (``None``: a seat nobody
    connects to); the clients are spread over the server ``ports`` in turn."""
    tables = [TableRun(pk, n) for n, (pk, _) in enumerate(made)]
    index = 0
    for table, (_, people) in zip(tables, made, strict=True):
        for seat, person in enumerate(people):
            if person is None:
                continue
            port = ports[index % len(ports)]
            rng = random.Random(f"{seed}:{table.pk}:{seat}")
            table.clients.append(Client(table, seat, person.user_id, person.session_key, port, rng))
            index += 1
    return tables


def open_tables(tables: list[TableRun]) -> float:
    """Open the tables now, their time brought forward (they start once every seat is taken
    and, at an event's match, every player has come; a no-show's grace time runs from now);
    returns the CPU seconds that took here, which are the server's work, not the clients'."""
    from django.db import connections
    from django.utils import timezone

    from tables.models import LiveTable, TableStatus
    from tables.services import table_reschedule

    began = time.thread_time()
    waiting = set(
        LiveTable.objects.filter(
            pk__in=[table.pk for table in tables],
            status__in=[TableStatus.SCHEDULED, TableStatus.OPEN],
        ).values_list("pk", flat=True)
    )
    for table in tables:
        if table.pk in waiting:  # a practice table started when it was made
            table_reschedule(table_id=table.pk, at=timezone.now())
        # The watchdog's clock for this table starts now (a float: safe across threads).
        table.last_progress = time.perf_counter()
    connections.close_all()
    return time.thread_time() - began


@dataclass
class Check:
    logged: int = 0
    gaps: int = 0
    doubled: int = 0
    lost: int = 0
    unacknowledged: int = 0
    not_by_players: int = 0
    problems: list[str] = field(default_factory=list)


def settle(tables: list[TableRun], quiet: float = 1.0, most: float = 30.0) -> None:
    """Wait until no table's log grows for ``quiet`` seconds (``most`` at most): computers
    play on after the clients stop, up to their person's next turn."""
    from tables.models import LiveTable

    ids = [table.pk for table in tables]
    seqs = None
    deadline = time.monotonic() + most
    while time.monotonic() < deadline:
        now = dict(LiveTable.objects.filter(pk__in=ids).values_list("pk", "seq"))
        if now == seqs:
            return
        seqs = now
        time.sleep(quiet)


def verify(tables: list[TableRun]) -> Check:
    """Compare each table's action log with what its clients saw acknowledged."""
    from tables.models import ActionLog, LiveTable

    settle(tables)
    check = Check()
    for table in tables:
        rows = list(
            ActionLog.objects.filter(table_id=table.pk)
            .order_by("seq")
            .values_list("seq", "action", "user_id", "actor")
        )
        seqs = [row[0] for row in rows]
        check.logged += len(rows)
        counts = Counter(seqs)
        doubled = sum(n - 1 for n in counts.values())
        gaps = len(set(range(1, max(seqs, default=0) + 1)) - set(seqs))
        table_seq = LiveTable.objects.values_list("seq", flat=True).get(pk=table.pk)
        if table_seq != max(seqs, default=0):
            check.problems.append(f"table {table.pk}: seq {table_seq}, last logged {seqs[-1:]}")
        by_seq = {row[0]: row for row in rows}
        lost = 0
        for ack in table.acked:
            row = by_seq.get(ack.seq)
            if row is None or (row[1], row[2]) != (ack.action, ack.user_id):
                lost += 1
                check.problems.append(f"table {table.pk}: acknowledged {ack} but logged {row}")
        acked_seqs = Counter(ack.seq for ack in table.acked)
        doubled += sum(n - 1 for n in acked_seqs.values())
        check.unacknowledged += sum(1 for seq in by_seq if seq not in acked_seqs)
        check.not_by_players += sum(1 for row in rows if row[3] != ActionLog.Actor.PLAYER)
        check.gaps += gaps
        check.doubled += doubled
        check.lost += lost
    return check


# --- The clients ------------------------------------------------------------------------------


def my_turn(run: Run, client: Client) -> dict[str, Any] | None:
    """The latest state ``client`` holds if its seat is to act there and has not yet."""
    table, state = client.table, client.latest
    if state is None or table.over or client.pending is not None or not run.started.is_set():
        return None
    view = state.get("view") or {}
    if state["status"] != "playing" or view.get("to_act") != client.seat:
        return None
    if state["seq"] <= client.acted_at or not view.get("legal"):
        return None
    return state


async def act(run: Run, client: Client) -> None:
    """Send an action for ``client`` if its seat is to act in the latest state it holds,
    after the person's pause; states that come meanwhile are read after it, not thought
    about twice."""
    if client.thinking or my_turn(run, client) is None:
        return
    pause = run.think(client.rng)
    if pause:
        client.thinking = True
        try:
            await asyncio.sleep(pause)
        finally:
            client.thinking = False
    state = my_turn(run, client)
    if state is None:
        return
    action = client.rng.choice(state["view"]["legal"])
    client.acted_at = state["seq"]
    client.pending = Pending(state["seq"], action, time.perf_counter())
    assert client.ws is not None
    await client.ws.send(json.dumps({"type": "act", "action": action, "seq": state["seq"]}))


async def on_message(run: Run, client: Client, text: str | bytes, now: float) -> None:
    message = json.loads(text)
    table = client.table
    if message.get("type") == "refused":
        client.pending = None
        client.refusals += 1
        run.error(table, f"refused ({message.get('code')})", fatal=client.refusals > 3)
        client.acted_at = -1
        assert client.ws is not None
        await client.ws.send(json.dumps({"type": "state"}))
        return
    if message.get("type") != "state":
        run.error(table, "unknown message", fatal=False)
        return
    pending = client.pending
    if pending is not None and message["seq"] > pending.seq:
        ms = (now - pending.sent) * 1000
        table.acked.append(Acked(pending.seq + 1, pending.action, client.user_id, ms))
        client.pending = None
        run.last_ack = now
        if table.over:
            run.table_over(table)
    if message["seq"] > (client.latest or {}).get("seq", -1):
        table.last_progress = now
    client.latest = message
    if not table.over and run.started.is_set():
        hands = run.args.hands
        over = message["status"] == "finished" or (hands and message["hand"] > hands)
        late = run.args.duration and now - run.go_at > run.args.duration
        if over or late:
            run.table_over(table)
            return
    await act(run, client)


async def client_loop(run: Run, client: Client) -> None:
    assert client.ws is not None
    try:
        async for text in client.ws:
            await on_message(run, client, text, time.perf_counter())
    except ConnectionClosed:
        pass
    if not client.table.done:
        run.error(client.table, "disconnected", fatal=True)


async def open_client(run: Run, client: Client, gate: asyncio.Semaphore) -> None:
    async with gate:
        client.ws = await connect(
            f"ws://127.0.0.1:{client.port}/ws/tables/{client.table.pk}/",
            origin=Origin(f"http://127.0.0.1:{client.port}"),
            additional_headers={"Cookie": f"sessionid={client.session_key}"},
            compression=None,
            proxy=None,
            open_timeout=60,
            ping_interval=None,
            max_size=None,
        )
        first = json.loads(await asyncio.wait_for(client.ws.recv(), 60))
    if first.get("type") != "state" or first.get("seat") != client.seat:
        raise SystemExit(f"table {client.table.pk} seat {client.seat}: unexpected {first}")
    client.latest = first


async def watchdog(run: Run) -> None:
    """Count an action that gets no answer, or a table that stops moving, as an error."""
    limit = run.args.action_timeout
    next_progress = run.go_at + PROGRESS_EVERY
    while not run.finished.is_set():
        await asyncio.sleep(0.5)
        now = time.perf_counter()
        if now >= next_progress:
            next_progress += PROGRESS_EVERY
            acked = sum(len(t.acked) for t in run.tables)
            done = sum(t.done for t in run.tables)
            print(
                f"  {now - run.go_at:5.0f} s: {acked} actions acknowledged, "
                f"{acked / (now - run.go_at):.1f}/s, {done}/{len(run.tables)} tables done, "
                f"{sum(run.errors.values())} errors, load {load_average()}",
                flush=True,
            )
        for table in run.tables:
            if table.done:
                continue
            late = [c for c in table.clients if c.pending and now - c.pending.sent > limit]
            if late:
                run.error(table, "timed out", fatal=True)
            elif now - table.last_progress > limit:
                run.error(table, "stalled", fatal=True)
        if run.args.max_seconds and now - run.go_at > run.args.max_seconds:
            for table in run.tables:
                if not table.done:
                    run.error(table, "unfinished at --max-seconds", fatal=True)


async def play(run: Run) -> float:
    """Connect every client, then open every table, wait until all are over. Returns the
    seconds the connections took."""
    clients = [c for t in run.tables for c in t.clients]
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)
    began = time.perf_counter()
    await asyncio.gather(*(open_client(run, c, gate) for c in clients))
    connected = time.perf_counter() - began
    loops = [asyncio.create_task(client_loop(run, c)) for c in clients]
    run.cpu.start()
    run.go_at = time.perf_counter()
    for table in run.tables:
        table.last_progress = math.inf  # not open yet
    run.started.set()
    dog = asyncio.create_task(watchdog(run))
    opening = await asyncio.to_thread(open_tables, run.tables)
    # A practice table started when it was made: its person may be to act in the state they
    # got on connecting, and no other state comes until they do.
    kicks = [asyncio.create_task(act(run, client)) for client in clients]
    await run.finished.wait()
    await asyncio.gather(*kicks, return_exceptions=True)
    run.cpu.stop()
    run.cpu.used["clients"] -= opening
    run.cpu.used["opening tables"] = opening
    dog.cancel()
    closing = asyncio.Semaphore(50)

    async def close(client: Client) -> None:
        async with closing:
            if client.ws is not None:
                await client.ws.close()

    await asyncio.gather(*(close(c) for c in clients), return_exceptions=True)
    await asyncio.gather(*loops, return_exceptions=True)
    return connected


# --- Main ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The run against its target: the round trips' p95, and nothing refused, lost or doubled."""

    latency: bool
    clean: bool


def report(run: Run, check: Check, connected: float) -> Verdict:
    acked = [a for t in run.tables for a in t.acked]
    ordered = sorted(a.ms for a in acked)
    window = max(run.last_ack - run.go_at, 1e-9)
    errors = sum(run.errors.values())
    p95 = percentile(ordered, 95)
    sockets = sum(len(t.clients) for t in run.tables)
    print()
    print(f"{'sockets':<12} {sockets} connected in {connected:.1f} s")
    print(
        f"{'actions':<12} {len(acked)} acknowledged in {window:.1f} s: "
        f"{len(acked) / window:.1f} actions/s over {len(run.tables)} tables"
    )
    if ordered:
        print(
            f"{'round trip':<12} p50 {percentile(ordered, 50):7.1f} ms   "
            f"p95 {p95:7.1f} ms   p99 {percentile(ordered, 99):7.1f} ms   "
            f"max {ordered[-1]:7.1f} ms   mean {statistics.fmean(ordered):7.1f} ms"
        )
        report_kinds(acked)
    detail = ", ".join(f"{kind} {n}" for kind, n in run.errors.most_common()) or "none"
    print(f"{'errors':<12} {errors} ({detail})")
    print(
        f"{'database':<12} {check.logged} actions logged: {check.gaps} gaps, "
        f"{check.doubled} doubled, {check.lost} lost, {check.unacknowledged} not acknowledged "
        f"({check.not_by_players} played by the server's clock or computer)"
    )
    for problem in check.problems[:10]:
        print(f"{'':<12} {problem}")
    report_cpu(run.cpu, max(len(acked), 1))
    ok_latency = bool(ordered) and p95 < TARGET_P95_MS
    ok_clean = errors == 0 and check.lost == 0 and check.doubled == 0 and check.gaps == 0
    print(TARGET_LINE)
    verdict = []
    verdict.append(f"p95 {p95:.0f} ms {'met' if ok_latency else 'MISSED'}")
    verdict.append(f"{errors} errors")
    verdict.append(f"{check.lost} lost, {check.doubled} doubled, {check.gaps} gaps")
    print(("within target: " if ok_latency and ok_clean else "OVER TARGET: ") + "; ".join(verdict))
    return Verdict(ok_latency, ok_clean)


def report_kinds(acked: list[Acked]) -> None:
    """The round trips of each kind of action (``bid``, ``play``...)."""
    kinds: dict[str, list[float]] = {}
    for ack in acked:
        kinds.setdefault(ack.action.split()[1], []).append(ack.ms)
    for kind, values in sorted(kinds.items()):
        values.sort()
        print(
            f"{'  ' + kind:<12} {len(values):>6} p50 {percentile(values, 50):7.1f} ms   "
            f"p95 {percentile(values, 95):7.1f} ms"
        )


def report_cpu(cpu: CpuMeter, per_action: int) -> None:
    print(
        f"{'CPU':<12} "
        + ", ".join(
            f"{name} {seconds:.1f} s ({seconds * 1000 / per_action:.1f} ms/action)"
            for name, seconds in cpu.used.items()
        )
    )
    print(f"{'':<12} (postgres: the whole server, other databases' work included)")
    print(f"{'load':<12} {cpu.loads[0]} at the start, {cpu.loads[1]} at the end")


def deployment_args(parser: argparse.ArgumentParser, *, database: str, redis_db: int) -> None:
    """The options of the deployment and of the clients that every load script shares."""
    parser.add_argument(
        "--duration", type=float, default=0, help="stop acting after this many seconds (off)"
    )
    parser.add_argument(
        "--server-workers", type=int, default=1, help="server processes, clients spread over them"
    )
    parser.add_argument(
        "--server",
        choices=sorted(SERVERS),
        default="daphne",
        help=(
            "the ASGI server: daphne (the project's), or uvicorn with uvloop, httptools and "
            "websockets (not a dependency: pip install 'uvicorn[standard]' to compare)"
        ),
    )
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--turn-seconds",
        type=int,
        default=60,
        help=(
            "the tables' turn clock (60, a table's default; each action sets it on the table's "
            "row, and the worker's beat sweeps the clocks that ran out every second)"
        ),
    )
    parser.add_argument(
        "--pool-max-size",
        type=int,
        default=10,
        help="DB_POOL_MAX_SIZE for the server and worker (10, the default); 0: no pool",
    )
    parser.add_argument(
        "--conn-max-age",
        type=int,
        default=0,
        help="CONN_MAX_AGE for the server and worker (0); only with --pool-max-size 0",
    )
    parser.add_argument(
        "--action-timeout",
        type=float,
        default=60,
        help="an action unanswered this long is an error (60 s, a table's turn clock)",
    )
    parser.add_argument("--max-seconds", type=float, default=900, help="give up after (900)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--database", default=database, help=f"its name ({database})")
    parser.add_argument("--pg-host", default="127.0.0.1")
    parser.add_argument("--pg-port", type=int, default=5432)
    parser.add_argument("--pg-user", default="postgres")
    parser.add_argument(
        "--redis",
        default=f"redis://127.0.0.1:6379/{redis_db}",
        help=f"its own database number ({redis_db})",
    )


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables of 4 people (100)")
    parser.add_argument(
        "--hands", type=int, default=1, help="hands per table (1); 0: until --duration"
    )
    parser.add_argument(
        "--think-ms",
        type=float,
        default=0,
        help="a client's mean pause before acting (from half to one and a half of it)",
    )
    parser.add_argument(
        "--practice",
        type=float,
        default=0,
        help="the share of the tables that are practice tables: one person, three computers (0)",
    )
    parser.add_argument("--bot", default="", help="the practice tables' computer (the default's)")
    deployment_args(parser, database="kitty_bench", redis_db=13)
    args = parser.parse_args()
    if args.hands <= 0 and args.duration <= 0:
        parser.error("--hands 0 needs --duration")
    if not 0 <= args.practice <= 1:
        parser.error("--practice is a share, from 0 to 1")
    return args


def report_practice(tables: Sequence[TableRun], practice: int) -> bool:
    """The computers' moves at the practice tables (the first ``practice`` of ``tables``),
    each timed from the action before it, once the table's person has played (the moves
    before were made while the clients connected)."""
    from tables.models import ActionLog

    ids = [table.pk for table in tables[:practice]]
    if not ids:
        return True
    rows = (
        ActionLog.objects.filter(table_id__in=ids)
        .order_by("table_id", "seq")
        .values_list("table_id", "seq", "seat", "actor", "at")
    )
    person_played: set[int] = set()
    timed = []
    for row in rows:
        if row[3] == ActionLog.Actor.PLAYER:
            person_played.add(row[0])
        if row[0] in person_played:
            timed.append(row)
    moves = computer_moves(timed, {})
    every = sorted(moves.first + moves.later)
    print(
        f"{'computers':<12} {len(every)} moves at {len(ids)} practice tables; from the action "
        f"before: p50 {percentile(every, 50):7.1f} ms   p95 {percentile(every, 95):7.1f} ms   "
        f"max {max(every, default=0):7.1f} ms"
    )
    return True


@dataclass(frozen=True)
class Plan:
    """What a load script plays on the deployment ``run_plan`` starts.

    ``setup`` makes the tables through the services (the server and worker are starting
    meanwhile) and returns them with their clients, given the server ports; ``think`` draws a
    person's pause before an action; ``more`` reports figures of its own once the action logs
    are checked, returning False when they miss its target; with ``latency_decides`` a p95
    over the target fails the run as well.
    """

    headline: str
    setup: Callable[[list[int]], list[TableRun]]
    think: Callable[[random.Random], float]
    more: Callable[[list[TableRun]], bool] = lambda tables: True
    latency_decides: bool = False


def deployment_env(args: argparse.Namespace, queue: str) -> dict[str, str]:
    """The environment of the server and worker processes (and of this one)."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": (
            f"postgres://{args.pg_user}@{args.pg_host}:{args.pg_port}/{args.database}"
        ),
        "REDIS_URL": args.redis,
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "PYTHONUNBUFFERED": "1",
    }
    for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "CELERY_TASK_ALWAYS_EAGER"):
        env.pop(name, None)
    env.pop("KITTY_PRODUCTION", None)
    # The clients do not say "here" every KITTY_TABLE_PRESENCE_SECONDS as a page does: the
    # watchdog would count a seat connected for longer than twice that gone, and the computer
    # would play for it once its grace time ran out. An hour keeps every seat present.
    env.setdefault("KITTY_TABLE_PRESENCE_SECONDS", "3600")
    env["CONN_MAX_AGE"] = str(args.conn_max_age)
    env["DB_POOL_MAX_SIZE"] = str(args.pool_max_size)
    return env


def start_services(
    args: argparse.Namespace, processes: Processes, env: dict[str, str], queue: str
) -> tuple[list[int], list[subprocess.Popen[bytes]], subprocess.Popen[bytes]]:
    """The server processes on ports of their own and the Celery worker with its beat;
    returns the ports, the servers and the worker."""
    ports = [free_port() for _ in range(args.server_workers)]
    servers = [
        processes.start(f"{args.server}-{n}", server_command(args.server, port), env)
        for n, port in enumerate(ports)
    ]
    worker = processes.start(
        "celery",
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency", "2"]
        + ["--without-mingle", "--without-gossip", "-n", f"{queue}@%h", "-l", "info"]
        # The beat as a club server runs it: the clocks' sweep and the watchdog count too.
        + ["--beat", "--schedule", str(processes.log_dir / "beat-schedule")],
        env,
    )
    return ports, servers, worker


def run_plan(args: argparse.Namespace, plan: Plan) -> int:
    """Start the deployment on a fresh database, play ``plan`` on it, check and report;
    everything started is stopped and the database dropped (unless ``--keep``)."""
    pg = {"host": args.pg_host, "port": args.pg_port, "user": args.pg_user}
    services_reachable(pg, args.redis)

    def stop_on_term(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop_on_term)
    queue = f"kitty-bench-{os.getpid()}"
    env = deployment_env(args, queue)
    os.environ.clear()
    os.environ.update(env)
    log_dir = Path(tempfile.mkdtemp(prefix="kitty-tables-load."))
    processes = Processes(log_dir)
    flush = redis.Redis.from_url(args.redis)
    database_made = False
    keep_logs = False
    try:
        flush.flushdb()
        database_recreate(pg, args.database)
        database_made = True
        status, keep_logs = play_plan(args, plan, processes, queue, flush)
        return status
    except KeyboardInterrupt:
        print("interrupted: stopping the server and the worker")
        return 130
    except (OSError, WebSocketException) as error:
        print(f"failed: {error!r}")
        for name, _ in processes.started:
            print(f"--- {name} (last lines)\n{processes.log_tail(name)}")
        keep_logs = True
        print(f"logs kept in {log_dir}")
        return 1
    finally:
        processes.stop()
        with contextlib.suppress(redis.RedisError):
            flush.flushdb()
        if database_made and not args.keep:
            with contextlib.suppress(Exception):
                from django.db import connections as open_connections

                open_connections.close_all()
            database_recreate(pg, args.database, drop_only=True)
        if not (args.keep or keep_logs):
            shutil.rmtree(log_dir, ignore_errors=True)


def play_plan(
    args: argparse.Namespace, plan: Plan, processes: Processes, queue: str, flush: redis.Redis
) -> tuple[int, bool]:
    """Migrate, start the processes, set ``plan`` up, play and report. Returns the exit
    status and whether the processes' logs are worth keeping."""
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", verbosity=0)
    ports, servers, worker = start_services(args, processes, os.environ.copy(), queue)
    tables = plan.setup(ports)
    wait_ready(processes, ports, processes.log_dir / "celery.log")
    # Let the worker finish what setting up sent it (member counts) before the clock runs.
    deadline = time.monotonic() + 30
    while flush.llen(queue) and time.monotonic() < deadline:
        time.sleep(0.2)
    connections.close_all()
    print(plan.headline)
    print(
        f"server: {len(servers)} {args.server} process(es) {[s.pid for s in servers]} on "
        f"{ports}, Celery worker {worker.pid} (prefork, 2, beat), PostgreSQL "
        f"{args.pg_host}:{args.pg_port}/{args.database}, Redis {args.redis}, "
        f"CONN_MAX_AGE {args.conn_max_age}, DB_POOL_MAX_SIZE {args.pool_max_size}, "
        "turn clock "
        f"{args.turn_seconds} s; {os.cpu_count()} CPUs shared with the clients"
    )
    cpu = CpuMeter(args.server, [s.pid for s in servers], worker.pid)
    run = Run(args, tables, cpu, plan.think)
    pg = {"host": args.pg_host, "port": args.pg_port, "user": args.pg_user}
    with ConnectionPeak(args.database, **pg, dbname="postgres") as peak:
        connected = asyncio.run(play(run))
        after = peak.now()
    check = verify(tables)
    verdict = report(run, check, connected)
    more = plan.more(tables)
    connections.close_all()
    print(f"{'database':<12} {peak.summary()}; {after} open after the tables finished")
    troubles = processes.tracebacks()
    if troubles:
        print(f"server logs: {troubles} (kept in {processes.log_dir})")
    if args.keep:
        print(f"kept: database {args.database}; logs in {processes.log_dir}")
    ok = verdict.clean and more and (verdict.latency or not plan.latency_decides)
    return (0 if ok and not troubles else 1), bool(troubles)


def main() -> int:
    args = parse_args()

    practice = round(args.tables * args.practice)

    def setup(ports: list[int]) -> list[TableRun]:
        made = make_tables(args.tables, args.seed, args.turn_seconds, practice, args.bot)
        return table_runs(made, ports, args.seed)

    headline = (
        f"Online tables under load: {args.tables} auction45 tables"
        + (
            f" ({practice} practice tables of one person and three computers, "
            f"{args.tables - practice} of four people)"
            if practice
            else f" x {SEATS} websocket clients"
        )
        + f", {args.hands or 'unlimited'} hand(s) each"
        + (f", {args.duration:.0f} s at most" if args.duration else "")
        + (f", {args.think_ms:.0f} ms thinking" if args.think_ms else ", full speed")
    )
    plan = Plan(
        headline,
        setup,
        think=lambda rng: think_seconds(rng, args.think_ms),
        more=lambda tables: report_practice(tables, practice),
    )
    return run_plan(args, plan)


if __name__ == "__main__":
    sys.exit(main())
