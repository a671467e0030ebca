"""Local TCP ports for servers the tests start (Daphne on a thread, worker and server
processes)."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A port nothing listens on now, picked by the system."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def port_open(port: int) -> bool:
    """Whether something answers on ``port`` yet."""
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0
