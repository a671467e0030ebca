"""Typed reads of deployment knobs from the environment.

Settings read every knob through these helpers so that a typo in a value fails at start-up with
the variable's name, instead of turning into a silently wrong setting.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    """The variable's value, or ``default`` when it is unset."""
    return os.environ.get(name, default)


def env_bool(name: str, *, default: bool) -> bool:
    """``1/true/yes/on`` or ``0/false/no/off`` (any case); anything else is a start-up error."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a yes/no value (use 1 or 0).")


def env_int(name: str, *, default: int) -> int:
    """A whole number; anything else is a start-up error."""
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None


def env_list(name: str, *, default: list[str]) -> list[str]:
    """A comma-separated list; blanks around items are dropped."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


_RATE = re.compile(r"[1-9][0-9]*/(s|sec|second|m|min|minute|h|hour|d|day)")


def env_rate(name: str, default: str) -> str | None:
    """A request rate, ``<count>/<second|minute|hour|day>``, or ``None`` for ``off``; anything
    else is a start-up error."""
    raw = os.environ.get(name, default).strip()
    if raw.lower() in _FALSE:
        return None
    if not _RATE.fullmatch(raw):
        raise ImproperlyConfigured(f"{name}={raw!r} is not a rate such as 120/minute, or off.")
    return raw


def dev_secret_key(path: Path) -> str:
    """The development secret key kept in ``path``, created on first use.

    A generated key keeps secrets out of the repository, and keeping it in a file (git-ignored)
    means sessions survive a restart of the development server. Two processes starting at once
    agree on one key: the file is published with a hard link, which fails if it already exists.
    """
    if not path.exists():
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(secrets.token_urlsafe(50) + "\n")
        tmp.chmod(0o600)
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text().strip()
