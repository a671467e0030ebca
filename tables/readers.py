"""The languages a table's screens are built in: its seated members' and its sockets'.

After each change ``tables.notify.broadcast`` builds every seat's screen and the
spectators' once and sends them together. People at one table may read different languages,
so each seat's screen is built in the language of the member who plays it, and the
spectators' screen in the site's language and in each language a socket of the table said it
reads (``register``, when it connects). A table whose people all read the site's language
costs what it did with one language: one build per seat and one for the spectators.

The registered languages live in the shared cache (Redis when the site runs on several
processes), so the process that commits a change knows them whichever process serves the
socket. An entry only adds builds: a language no socket reads any more costs one spectators'
screen per change until the entry expires.

Each process keeps what it read for a table for ``MEMO_SECONDS`` (every action asked the cache
again: a round trip to Redis per card played). That is safe because a socket whose language is
missing from a message builds its own screen and registers again
(``tables.consumers.TableConsumer.table_state``): a language registered by another
process is only late by a few seconds' messages, each still sent in it. A language registered
by this process is seen at once.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache

from club.language import supported
from tables.models import TableSeat

#: How long a table keeps a registered language after a socket last registered it.
KEPT_SECONDS = 12 * 60 * 60
#: How long a process trusts the languages it read for a table.
MEMO_SECONDS = 5.0
#: Entries past which the expired ones are dropped.
MEMO_SIZE = 1024

#: Seconds, monotonic; tests pass their own to move time by hand.
clock: Callable[[], float] = time.monotonic
_memo: dict[int, tuple[float, list[str]]] = {}  # table id: (good until, languages)
_memo_lock = threading.Lock()


def _key(table_id: int) -> str:
    return f"kitty:table-languages:{table_id}"


def default_language() -> str:
    return str(settings.LANGUAGE_CODE)


def register(table_id: int, language: str) -> None:
    """A socket of the table reads ``language``: its spectators' screen is built in it too.
    The site's language is always built, so it is not stored."""
    if language == default_language() or not supported(language):
        return
    known = set(cache.get(_key(table_id)) or ())
    cache.set(_key(table_id), sorted(known | {language}), KEPT_SECONDS)
    _forget(table_id)


def _forget(table_id: int) -> None:
    with _memo_lock:
        _memo.pop(table_id, None)


def spectator_languages(table_id: int) -> list[str]:
    """The languages the table's spectators' screen is built in: the site's first. Read
    from the shared cache at most once every ``MEMO_SECONDS`` per table and process."""
    now = clock()
    with _memo_lock:
        found = _memo.get(table_id)
    if found is not None and found[0] > now:
        return list(found[1])
    extra = [code for code in cache.get(_key(table_id)) or () if supported(code)]
    languages = [default_language(), *sorted(set(extra) - {default_language()})]
    with _memo_lock:
        if len(_memo) >= MEMO_SIZE:
            for key in [key for key, (until, _) in _memo.items() if until <= now]:
                del _memo[key]
        _memo[table_id] = (now + MEMO_SECONDS, languages)
    return list(languages)


def forget_all() -> None:
    """Forget what this process read (tests start like a fresh process)."""
    with _memo_lock:
        _memo.clear()


def seat_language(seat: TableSeat) -> str:
    """The language the seat's screen is built in: its member's stored choice."""
    player = seat.player
    return (supported(player.language) if player is not None else None) or default_language()
