"""Browser-test fixtures shared by the pages that need websockets.

pytest-django's live server is WSGI and cannot serve the table websocket, and Channels' live
server starts Daphne in another process, which cannot see the in-memory SQLite test database.
So Daphne runs on a thread of the test process: the same settings, database and in-memory
channel layer as the tests. Twisted's reactor runs once per process, so there is one server
for the whole session, shared by every test module that asks for ``daphne_url``.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.ports import free_port

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings
    from pytest_django.live_server_helper import LiveServer

#: How long the live server waits, when the session ends, for its last requests to finish.
REQUESTS_FINISH_SECONDS = 10.0


@pytest.fixture(scope="session")
def live_server() -> Iterator[LiveServer]:
    """pytest-django's live server, stopped only once its request threads are done.

    Each request runs on a thread of its own that, when its connection ends, closes the
    in-memory SQLite connection it shares with the tests. The server allows that sharing only
    while it runs: a browser connection that ends just after the server stopped (the last
    test's page closing) would fail there, in whichever test ends the session.
    """
    from pytest_django.live_server_helper import LiveServer

    server = LiveServer("localhost")
    yield server
    deadline = time.monotonic() + REQUESTS_FINISH_SECONDS
    while time.monotonic() < deadline and _request_threads():
        time.sleep(0.05)
    server.stop()


def _request_threads() -> list[threading.Thread]:
    """The live server's threads still serving a connection (``socketserver`` names each
    after its target)."""
    return [t for t in threading.enumerate() if "process_request_thread" in t.name]


@pytest.fixture
def tables_in_process(settings: Settings) -> None:
    """Settings for tests whose table server runs in this process (``daphne_url``): the
    sockets share the in-memory channel layer (the Redis layer has its own tests in
    tests/tables/test_consumers.py); no timer thread runs in any test (tests/conftest.py).
    Use it with ``pytest.mark.usefixtures("tables_in_process")``."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture(scope="session")
def daphne_url() -> Iterator[str]:
    """Daphne serving the project (with static files) on a thread, for the whole session."""
    from daphne.server import Server  # type: ignore[import-untyped]
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from twisted.internet import reactor

    from config.asgi import application

    port = free_port()
    server = Server(
        application=ASGIStaticFilesHandler(application),
        endpoints=[f"tcp:port={port}:interface=127.0.0.1"],
        signal_handlers=False,
    )
    thread = threading.Thread(target=server.run, name="daphne", daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            time.sleep(0.05)
    else:
        pytest.fail("Daphne did not start")
    yield f"http://127.0.0.1:{port}"
    reactor.callFromThread(reactor.stop)  # type: ignore[misc]
    thread.join(timeout=10)
