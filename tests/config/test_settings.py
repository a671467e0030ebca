"""The deployment knobs: what no environment, service URLs and the production switch give."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import dev_secret_key, env_bool, env_int, env_list

BASE_DIR = Path(__file__).resolve().parents[2]

# Every knob the settings read; cleared so the developer's own environment cannot leak in.
KNOBS = [
    "KITTY_PRODUCTION", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL", "CONN_MAX_AGE", "REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND",
    "CELERY_TASK_ALWAYS_EAGER", "CELERY_TASK_DEFAULT_QUEUE", "TIME_ZONE", "STATIC_ROOT",
    "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
    "TRUST_X_FORWARDED_PROTO", "EMAIL_BACKEND", "DEFAULT_FROM_EMAIL", "LOG_LEVEL",
    "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD", "EMAIL_USE_TLS",
    "KITTY_SITE_URL", "DB_POOL_MAX_SIZE", "SIGN_IN_ADDRESS_FAILURES", "KITTY_CHANNEL_LAYER",
    "KITTY_CHANNEL_PREFIX", "KITTY_NUM_PROXIES", "KITTY_API_NUM_PROXIES",
    "KITTY_TABLE_STALL_SECONDS", "KITTY_TABLE_PRESENCE_SECONDS", "KITTY_API_RATE_ANON",
    "KITTY_API_RATE_USER", "KITTY_API_RATE_WRITE",
]  # fmt: skip

PRODUCTION_ENV = {
    "KITTY_PRODUCTION": "1",
    "SECRET_KEY": "pD7v-not-a-real-key-but-long-and-varied-enough-Qx93kLm2Zr8wTy5",
    "ALLOWED_HOSTS": "kitty.example.org",
}

DUMP_SETTINGS = """
import json, django
django.setup()
from django.conf import settings as s
print(json.dumps({
    "engine": s.DATABASES["default"]["ENGINE"],
    "db_name": str(s.DATABASES["default"]["NAME"]),
    "eager": s.CELERY_TASK_ALWAYS_EAGER,
    "broker": s.CELERY_BROKER_URL,
    "layer": s.CHANNEL_LAYERS["default"]["BACKEND"],
    "layer_prefix": s.CHANNEL_LAYERS["default"].get("CONFIG", {}).get("prefix"),
    "debug": s.DEBUG,
    "secret_len": len(s.SECRET_KEY),
    "conn_max_age": s.DATABASES["default"]["CONN_MAX_AGE"],
    "pool": s.DATABASES["default"].get("OPTIONS", {}).get("pool"),
    "proxies": s.KITTY_NUM_PROXIES,
    "api_proxies": s.REST_FRAMEWORK["NUM_PROXIES"],
}))
"""

POSTGRES_URL = "postgres://kitty@db.example.org:5432/kitty"

# What a Celery worker does at start (the worker_init signal), then what its connection uses.
WORKER_POOL = """
import json, django
django.setup()
from celery.signals import worker_init
from django.db import connection
import config.celery
worker_init.send(sender=None)
print(json.dumps({"pool": connection.settings_dict["OPTIONS"].get("pool")}))
"""


def run_python(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """Run Python in the project folder with only ``env`` set among the knobs."""
    clean = {k: v for k, v in os.environ.items() if k not in KNOBS}
    clean["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return subprocess.run(
        [sys.executable, *args],
        cwd=BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def dump_settings(**env: str) -> dict[str, object]:
    result = run_python(["-c", DUMP_SETTINGS], **env)
    assert result.returncode == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return data


def test_no_environment_gives_the_embedded_default() -> None:
    dumped = dump_settings()
    assert dumped["engine"] == "django.db.backends.sqlite3"
    assert str(dumped["db_name"]).endswith("db.sqlite3")
    assert dumped["eager"] is True
    assert dumped["broker"] == "memory://"
    assert dumped["layer"] == "channels.layers.InMemoryChannelLayer"
    assert dumped["debug"] is True
    assert dumped["secret_len"] >= 50  # type: ignore[operator]


def test_service_urls_switch_to_postgresql_and_redis() -> None:
    dumped = dump_settings(
        DATABASE_URL="postgres://kitty@db.example.org:5432/kitty",
        REDIS_URL="redis://cache.example.org:6379/0",
    )
    assert dumped["engine"] == "django.db.backends.postgresql"
    assert dumped["db_name"] == "kitty"
    assert dumped["eager"] is False
    assert dumped["broker"] == "redis://cache.example.org:6379/0"
    assert dumped["layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    # Published messages cross database numbers: the names carry REDIS_URL's.
    assert dumped["layer_prefix"] == "kitty0."


def test_the_list_layer_and_the_layer_prefix_can_be_chosen() -> None:
    dumped = dump_settings(
        REDIS_URL="redis://cache.example.org:6379/4",
        KITTY_CHANNEL_LAYER="lists",
        KITTY_CHANNEL_PREFIX="league.",
    )
    assert dumped["layer"] == "channels_redis.core.RedisChannelLayer"
    assert dumped["layer_prefix"] == "league."
    assert dump_settings(REDIS_URL="redis://cache.example.org:6379/4")["layer_prefix"] == "kitty4."


@pytest.mark.parametrize(
    ("env", "proxies"),
    [
        ({}, 0),
        ({"KITTY_NUM_PROXIES": "1"}, 1),
        ({"KITTY_API_NUM_PROXIES": "2"}, 2),  # the former name still works
        ({"KITTY_NUM_PROXIES": "1", "KITTY_API_NUM_PROXIES": "2"}, 1),
    ],
)
def test_one_proxy_count_serves_the_pages_and_the_api(env: dict[str, str], proxies: int) -> None:
    dumped = dump_settings(**env)
    assert dumped["proxies"] == dumped["api_proxies"] == proxies


def test_an_unknown_channel_layer_is_a_start_up_error() -> None:
    result = run_python(
        ["-c", DUMP_SETTINGS], REDIS_URL="redis://r:6379/0", KITTY_CHANNEL_LAYER="x"
    )
    assert result.returncode != 0
    assert "KITTY_CHANNEL_LAYER='x'" in result.stderr


def test_production_passes_check_deploy_without_warnings() -> None:
    result = run_python(["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                        **PRODUCTION_ENV)  # fmt: skip
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues" in output, output
    assert "WARNINGS" not in output


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS"])
def test_production_refuses_to_start_without(missing: str) -> None:
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != missing}
    result = run_python(["manage.py", "check"], **env)
    assert result.returncode != 0
    assert f"KITTY_PRODUCTION=1 needs {missing}" in result.stderr


def test_dev_secret_key_is_generated_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "secret"
    first = dev_secret_key(path)
    assert len(first) >= 50
    assert dev_secret_key(path) == first
    assert path.stat().st_mode & 0o777 == 0o600
    assert list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize(
    ("raw", "expected"), [("1", True), ("yes", True), ("On", True), ("0", False), ("off", False)]
)
def test_env_bool_reads_yes_and_no(
    monkeypatch: pytest.MonkeyPatch, raw: str, expected: bool
) -> None:
    monkeypatch.setenv("KITTY_TEST_FLAG", raw)
    assert env_bool("KITTY_TEST_FLAG", default=not expected) is expected


def test_env_readers_reject_bad_values_naming_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITTY_TEST_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="KITTY_TEST_FLAG"):
        env_bool("KITTY_TEST_FLAG", default=False)
    monkeypatch.setenv("KITTY_TEST_NUMBER", "ten")
    with pytest.raises(ImproperlyConfigured, match="KITTY_TEST_NUMBER"):
        env_int("KITTY_TEST_NUMBER", default=1)


def test_env_list_splits_on_commas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITTY_TEST_LIST", " a.example , b.example,,")
    assert env_list("KITTY_TEST_LIST", default=[]) == ["a.example", "b.example"]
    assert env_list("KITTY_TEST_UNSET", default=["x"]) == ["x"]


def test_production_postgresql_shares_a_bounded_pool_and_keeps_no_connection_per_thread() -> None:
    dumped = dump_settings(**PRODUCTION_ENV, DATABASE_URL=POSTGRES_URL)
    assert dumped["engine"] == "django.db.backends.postgresql"
    assert dumped["conn_max_age"] == 0
    pool = dumped["pool"]
    assert isinstance(pool, dict)
    assert 0 < pool["max_size"] <= 20
    assert pool["min_size"] <= pool["max_size"]
    assert pool["timeout"] > 0


def test_the_pool_size_is_read_from_the_environment_and_zero_turns_it_off() -> None:
    dumped = dump_settings(DATABASE_URL=POSTGRES_URL, DB_POOL_MAX_SIZE="4")
    assert dumped["pool"] == {"min_size": 0, "max_size": 4, "timeout": 10}
    dumped = dump_settings(DATABASE_URL=POSTGRES_URL, DB_POOL_MAX_SIZE="0", CONN_MAX_AGE="60")
    assert dumped["pool"] is None
    assert dumped["conn_max_age"] == 60
    assert dump_settings()["pool"] is None  # SQLite has no pool


def test_conn_max_age_with_the_pool_refuses_to_start_naming_both() -> None:
    result = run_python(["manage.py", "check"], DATABASE_URL=POSTGRES_URL, CONN_MAX_AGE="60")
    assert result.returncode != 0
    assert "unset CONN_MAX_AGE, or set DB_POOL_MAX_SIZE=0" in result.stderr


def test_a_celery_worker_opens_connections_without_the_pool() -> None:
    """A worker's idle pooled connections would block DROP DATABASE of the test database."""
    result = run_python(["-c", WORKER_POOL], DATABASE_URL=POSTGRES_URL)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == {"pool": None}
