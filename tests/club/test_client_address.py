"""One client address for the whole site: the entry the declared proxies wrote, never the one
the client wrote."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import Request, urlopen

import pytest
from django.db import connection
from django.test import RequestFactory
from pytest_django.fixtures import Settings as SettingsWrapper

from club.client_address import client_address, forwarded_client
from tests.tables.processes import processes, this_tests_database_url

REAL = "203.0.113.7"
OTHER = "203.0.113.8"


@pytest.mark.parametrize(
    ("header", "proxies", "expected"),
    [
        ("", 0, "10.0.0.254"),  # no header: the peer
        (f"198.51.100.1, {REAL}", 0, "10.0.0.254"),  # no proxy declared: the header is ignored
        (f"198.51.100.1, {REAL}", 1, REAL),  # one nginx: the entry it appended
        (f"198.51.100.1,198.51.100.2, {REAL}", 1, REAL),
        (f"198.51.100.1, {REAL}, 10.0.0.9", 2, REAL),  # a balancer, then nginx
        (REAL, 2, REAL),  # fewer entries than proxies: the leftmost there is
        ("", 1, "10.0.0.254"),  # straight to the server, not through the proxy
        ("   ", 1, "10.0.0.254"),
        ("198.51.100.1, ", 1, "10.0.0.254"),  # an empty entry says nothing
    ],
)
def test_the_client_is_counted_from_the_right(header: str, proxies: int, expected: str) -> None:
    meta = {"REMOTE_ADDR": "10.0.0.254", "HTTP_X_FORWARDED_FOR": header}
    assert forwarded_client(meta, proxies) == expected


def test_a_server_that_took_the_leftmost_entry_is_not_believed() -> None:
    """daphne's ``--proxy-headers`` puts the leftmost entry in REMOTE_ADDR; with a proxy
    declared, Kitty reads the header itself."""
    meta = {"REMOTE_ADDR": "198.51.100.1", "HTTP_X_FORWARDED_FOR": f"198.51.100.1, {REAL}"}
    assert forwarded_client(meta, 1) == REAL


def test_the_request_is_read_with_the_sites_proxy_count(settings: SettingsWrapper) -> None:
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.254", HTTP_X_FORWARDED_FOR=f"198.51.100.1, {REAL}"
    )
    settings.KITTY_NUM_PROXIES = 1
    assert client_address(request) == REAL
    settings.KITTY_NUM_PROXIES = 0
    assert client_address(request) == "10.0.0.254"
    assert client_address(None) == ""


# --- Behind docs/deploy.md's nginx, through a real daphne ----------------------------------


def _database_url(folder: Path) -> str:
    """A database the server process can open with this test's tables: a copy of the SQLite
    test database (it lives in this process's memory), or PostgreSQL's test database."""
    if connection.vendor != "sqlite":
        return this_tests_database_url()
    copy = folder / "kitty.sqlite3"
    connection.ensure_connection()
    with sqlite3.connect(copy) as target:
        connection.connection.backup(target)
    return f"sqlite:///{copy}"


def _status(port: int, path: str, forwarded: str, form: dict[str, str] | None = None) -> int:
    """The status of a request as nginx passes it on: ``X-Forwarded-For`` is what the client
    wrote, then the address nginx saw."""
    headers = {"X-Forwarded-For": forwarded}
    data = None
    if form is not None:  # a sign-in form, with the CSRF cookie a browser would hold
        data = urlencode({**form, "csrfmiddlewaretoken": CSRF}).encode()
        headers.update(Cookie=f"csrftoken={CSRF}", Referer=f"http://127.0.0.1:{port}/")
    request = Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    try:
        with urlopen(request, timeout=10) as response:
            return int(response.status)
    except HTTPError as error:
        return error.code


CSRF = "k" * 32


@pytest.mark.django_db
def test_daphne_behind_nginx_counts_the_address_nginx_appended(tmp_path: Path) -> None:
    """A script writing a new X-Forwarded-For on each request, through daphne as docs/deploy.md
    runs it, is still throttled on wrong table codes and on sign-in failures."""
    with processes(tmp_path) as running:
        port = running.server(
            "daphne",
            DATABASE_URL=_database_url(tmp_path),
            KITTY_NUM_PROXIES="1",
            SIGN_IN_ADDRESS_FAILURES="3",  # each failure hashes a password: keep it quick
        )
        guesses = [_status(port, f"/t/AAA-A{n:02d}/", f"198.51.100.{n}, {REAL}") for n in range(60)]
        assert guesses[0] == 404 and guesses[-1] == 429
        failures = [
            _status(
                port,
                "/sign-in/",
                f"198.51.100.{n}, {REAL}",
                {"username": f"guess{n}", "password": "wrong"},
            )
            for n in range(5)
        ]
        assert failures == [200, 200, 200, 429, 429]
        elsewhere = _status(port, "/t/AAA-AAA/", f"198.51.100.1, {OTHER}")
        assert elsewhere == 404  # another client behind the same proxy guesses on
