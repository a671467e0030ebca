"""How many connections PostgreSQL holds to one database while a benchmark runs.

A thread asks ``pg_stat_activity`` every ``every`` seconds (over a connection of its own to
another database, so it does not count itself) and keeps the peak, which the load scripts print
beside the server's ``max_connections``: an ASGI server runs database work on thread pools, and
what each thread keeps open adds up.
"""

from __future__ import annotations

import threading
from types import TracebackType
from typing import Any

import psycopg

COUNT = "SELECT count(*) FROM pg_stat_activity WHERE datname = %s"


class ConnectionPeak:
    """``with ConnectionPeak(conninfo, "kitty_bench") as peak: ...``, then ``peak.peak``.

    ``conninfo`` reaches the server (any database but the one watched); ``now()`` counts once
    more, e.g. to see what stays open after the load.
    """

    def __init__(self, database: str, every: float = 0.1, **conninfo: Any) -> None:
        self.database = database
        self.every = every
        self.conninfo = conninfo
        self.peak = 0
        self.samples = 0
        self.max_connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pg-connections", daemon=True)
        self._connection: psycopg.Connection[Any] | None = None
        self._lock = threading.Lock()

    def __enter__(self) -> ConnectionPeak:
        self._connection = psycopg.connect(**self.conninfo, autocommit=True)
        row = self._connection.execute("SHOW max_connections").fetchone()
        self.max_connections = int(row[0]) if row else 0
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._thread.join(5)
        if self._connection is not None:
            self._connection.close()

    def now(self) -> int:
        """Connections to the database at this moment (also counted towards the peak)."""
        assert self._connection is not None
        with self._lock:
            row = self._connection.execute(COUNT, (self.database,)).fetchone()
        count = int(row[0]) if row else 0
        self.peak = max(self.peak, count)
        self.samples += 1
        return count

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.now()
            except psycopg.Error:
                continue  # a busy server may refuse a sample; the next one counts

    def summary(self) -> str:
        return (
            f"peak {self.peak} connections to {self.database} "
            f"(server max_connections {self.max_connections}, {self.samples} samples)"
        )
