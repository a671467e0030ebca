"""Test-suite wiring: which services a test needs, and the shared fixtures.

Markers name what a test needs beyond the embedded default (SQLite, eager Celery, in-memory
channel layer): ``postgres``, ``redis``, ``celery_worker`` and ``browser``. A test whose service
is missing is skipped with the reason, so plain ``pytest`` passes anywhere; with
``KITTY_REQUIRE_SERVICES=1`` (set by CI) the same test fails instead, so CI cannot go green by
skipping what it was meant to check.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING

import pytest
from django.conf import settings
from django.utils import translation

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from pytest_django.fixtures import Settings

# Channels' live server (for websocket browser tests) starts Daphne with multiprocessing; a
# forked child inherits asyncio state from earlier async tests and can hang, a spawned one
# starts clean.
multiprocessing.set_start_method("spawn", force=True)

REQUIRE_SERVICES = os.environ.get("KITTY_REQUIRE_SERVICES") == "1"
CHROMIUM = os.environ.get("KITTY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",  # needed as root, which CI is
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


# --- Which services are here --------------------------------------------------------------


def _postgres_missing() -> str | None:
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        return None
    return "needs PostgreSQL: set DATABASE_URL=postgres://..."


@cache
def _redis_missing() -> str | None:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        return "needs Redis: set REDIS_URL=redis://..."
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2).ping()
    except redis.RedisError as error:
        return f"needs Redis: {url} does not answer ({error})"
    return None


def _celery_worker_missing() -> str | None:
    if os.environ.get("KITTY_CELERY_WORKER") == "1":
        return None
    return (
        "needs a Celery worker on the test database (test_<DATABASE_URL name>) and "
        "KITTY_CELERY_WORKER=1; .ci/run starts one"
    )


@cache
def _browser_missing() -> str | None:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"needs Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "needs the playwright package (pip install -e '.[test]')"
    return None


SERVICE_CHECKS: dict[str, Callable[[], str | None]] = {
    "postgres": _postgres_missing,
    "redis": _redis_missing,
    "celery_worker": _celery_worker_missing,
    "browser": _browser_missing,
}


_MISSING = pytest.StashKey[str]()


@pytest.hookimpl(trylast=True)  # after pytest-randomly's shuffle and pytest-django's sort
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for marker, missing in SERVICE_CHECKS.items():
            if item.get_closest_marker(marker) is None:
                continue
            reason = missing()
            if reason is None:
                continue
            if REQUIRE_SERVICES:
                item.stash[_MISSING] = f"KITTY_REQUIRE_SERVICES=1 but this test {reason}"
            else:
                item.add_marker(pytest.mark.skip(reason=reason))
            break
    # Browser tests last: Playwright's sync API leaves an event loop running in the main
    # thread, after which pytest-asyncio tests cannot start their own. The sort is stable, so
    # the random order within each group stays.
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.hookimpl(tryfirst=True)  # before any fixture, the database included, is set up
def pytest_runtest_setup(item: pytest.Item) -> None:
    reason = item.stash.get(_MISSING, None)
    if reason is not None:
        pytest.fail(reason, pytrace=False)


# --- Which service tests ran ----------------------------------------------------------------

_service_outcomes: dict[str, tuple[str, str]] = {}


def pytest_itemcollected(item: pytest.Item) -> None:
    services = [name for name in SERVICE_CHECKS if item.get_closest_marker(name) is not None]
    if services:
        _service_outcomes[item.nodeid] = (", ".join(services), "not run")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.nodeid not in _service_outcomes:
        return
    services, outcome = _service_outcomes[report.nodeid]
    if report.when == "call" or report.outcome != "passed":
        outcome = report.outcome
    _service_outcomes[report.nodeid] = (services, outcome)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """List the tests that needed a service and what became of them, so a log shows that
    PostgreSQL, Redis, the worker and the browser were really used, not skipped."""
    ran = {k: v for k, v in _service_outcomes.items() if v[1] != "not run"}
    if not ran:
        return
    terminalreporter.section("tests that used services", sep="-")
    for nodeid, (services, outcome) in sorted(ran.items()):
        terminalreporter.line(f"{outcome.upper():8} [{services}] {nodeid}")


# --- Defaults for every test ----------------------------------------------------------------


@pytest.fixture(autouse=True)
def _eager_celery_unless_worker(request: pytest.FixtureRequest, settings: Settings) -> None:
    """Run tasks in-process unless the test is about the worker.

    The same test then behaves the same on the embedded default and with a Redis broker;
    only ``celery_worker`` tests send tasks to a real worker.
    """
    if request.node.get_closest_marker("celery_worker") is None:
        settings.CELERY_TASK_ALWAYS_EAGER = True


@pytest.fixture(autouse=True)
def _no_timer_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Grace times, turn clocks and tables' openings run on timer threads of the embedded
    default's web process. One started by a test would fire minutes later inside another,
    against that test's rows (ids are handed out again) and, in the browser tests' shared
    in-memory database, while their server's threads write. Tests run the timed tasks
    themselves."""
    monkeypatch.setattr("tables.enqueue.TIMERS", False)


@pytest.fixture(autouse=True)
def _empty_table_state_cache() -> None:
    """Each test starts like a fresh server process: the per-process caches of live tables'
    hands and of their spectators' languages are keyed by table id, and a rolled-back test
    hands the same ids out again."""
    from tables import live, readers

    live.forget_all()
    readers.forget_all()


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the site's default language: a request in French leaves French
    active in its thread (Django activates a language per request and keeps it), and a later
    test calling a service directly would read its messages in French."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Settings) -> None:
    """A deliberately slow hash protects real passwords; tests only need one that works."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _api_unthrottled(settings: Settings) -> None:
    """The API's rate limits count in a cache that outlives a test, so a suite's worth of
    requests would trip them; tests of the limits set their own rates."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": None, "user": None, "write": None},
    }


@pytest.fixture(autouse=True)
def _sign_in_throttle_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Failed sign-ins counted by one test must not lock out the next: each test counts
    under cache keys of its own (clearing the cache would also clear Redis's Celery queue)."""
    monkeypatch.setattr("club.sign_in_throttle.CACHE_PREFIX", f"sign-in-test-{uuid.uuid4().hex}")


@pytest.fixture(autouse=True)
def _password_reset_throttle_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reset requests counted by one test must not refuse the next one's (as above)."""
    monkeypatch.setattr(
        "club.reset_throttle.CACHE_PREFIX", f"password-reset-test-{uuid.uuid4().hex}"
    )


@pytest.fixture(autouse=True)
def _table_code_guesses_of_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wrong table codes counted by one test must not lock the next test's phone out (as
    above: every test's phone comes from the same address)."""
    monkeypatch.setattr("scoring.tablecodes.GUESS_PREFIX", f"table-code-test-{uuid.uuid4().hex}")


# --- Browser --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Debian Chromium for the session, driven by Playwright's sync API."""
    from playwright.sync_api import sync_playwright

    # The sync API runs an event loop in this thread; Django refuses ORM calls from a thread
    # with a running loop unless told this is deliberate. Browser tests run last, so this
    # does not hide async mistakes in other tests.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page in its own context: no cookies carried between tests."""
    context = browser.new_context()
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()
