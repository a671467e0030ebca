"""Server processes of a test's own (Celery workers, ASGI servers) on the test database.

A test that kills a worker or races two servers starts them here: each in a session of its
own, its output in a log file, stopped (by its process id) when the test ends. They open
pytest-django's test database, which a ``transaction=True`` test shares with them, and the
same Redis; the Celery queue is the test's own, so no other worker takes its tasks.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import connection

from tests.ports import free_port, port_open

ROOT = Path(__file__).resolve().parents[2]
#: Long enough for a process to set Django up on a busy two-core machine.
START_TIMEOUT = 90.0


def this_tests_database_url() -> str:
    """The URL of the database this test runs on (pytest-django's ``test_<name>``)."""
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


@dataclass
class Started:
    name: str
    process: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_for(self, text: str, timeout: float = START_TIMEOUT) -> None:
        """Wait until the process has written ``text``; fail if it exits first."""
        deadline = time.monotonic() + timeout
        while text not in self.output():
            assert self.process.poll() is None, f"{self.name} exited:\n{self.output()[-3000:]}"
            assert time.monotonic() < deadline, f"{self.name} never said {text!r}"
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL, as the kernel's OOM killer or a pulled plug ends a process."""
        self.process.kill()
        self.process.wait(timeout=10)


@dataclass
class Processes:
    folder: Path
    queue: str = field(default_factory=lambda: f"kitty-test-{uuid.uuid4().hex[:12]}")
    started: list[Started] = field(default_factory=list)

    def env(self, **extra: str) -> dict[str, str]:
        """The environment of a server process: this test's database, Redis and queue."""
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in ("CELERY_TASK_ALWAYS_EAGER", "KITTY_CELERY_WORKER", "KITTY_PRODUCTION")
        }
        env.update(
            DJANGO_SETTINGS_MODULE="config.settings",
            DATABASE_URL=this_tests_database_url(),
            CELERY_TASK_DEFAULT_QUEUE=self.queue,
            SECRET_KEY=settings.SECRET_KEY,  # sessions signed here are valid there
            DEBUG="0",
            PYTHONUNBUFFERED="1",
            PYTHONPATH=str(ROOT),
        )
        env.update(extra)
        return env

    def start(self, name: str, args: list[str], **extra_env: str) -> Started:
        """Start ``python args...`` in the project folder."""
        log = self.folder / f"{name}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                [sys.executable, *args],
                cwd=ROOT,
                env=self.env(**extra_env),
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        started = Started(name, process, log)
        self.started.append(started)
        return started

    def worker(self, name: str, *options: str, module: str = "celery", **extra_env: str) -> Started:
        """A Celery worker on this test's queue, ready to take tasks."""
        args = ["-m", module]
        if module != "celery":
            args.append("--")
        args += ["-A", "config", "worker", "-Q", self.queue, "-n", f"{name}-{self.queue}@%h"]
        args += ["--without-mingle", "--without-gossip", "--without-heartbeat", "-l", "info"]
        started = self.start(name, [*args, *options], **extra_env)
        started.wait_for(" ready.")
        return started

    def server(self, name: str, *options: str, **extra_env: str) -> int:
        """An ASGI server (daphne, with ``options``) of ``config.asgi`` on a port of its own,
        accepting; its port."""
        port = free_port()
        started = self.start(
            name,
            ["-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "--access-log", os.devnull]
            + [*options, "config.asgi:application"],
            **extra_env,
        )
        deadline = time.monotonic() + START_TIMEOUT
        while not port_open(port):
            assert started.process.poll() is None, f"{name} exited:\n{started.output()[-3000:]}"
            assert time.monotonic() < deadline, f"{name} never listened on {port}"
            time.sleep(0.1)
        return port

    def stop_all(self) -> None:
        for started in self.started:
            if started.process.poll() is None:
                started.process.send_signal(signal.SIGTERM)
        for started in self.started:
            try:
                started.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                started.process.kill()
                started.process.wait(timeout=5)
        # Children a killed master left behind (a prefork worker's pool).
        for started in self.started:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(started.process.pid, signal.SIGKILL)


@contextlib.contextmanager
def processes(folder: Path) -> Iterator[Processes]:
    """Processes started in the block are stopped when it ends, however it ends."""
    running = Processes(folder)
    try:
        yield running
    finally:
        running.stop_all()
