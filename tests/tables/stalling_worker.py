"""A Celery worker whose computer players stop dead once, in the middle of a move, so a test
can kill the worker exactly there::

    python -m tests.tables.stalling_worker -- -A config worker ...

``KITTY_TEST_STALL`` says where: ``choose:<n>`` stops in the n-th computer move this process
makes, while the bot is choosing (nothing written yet); ``write:<n>`` stops after the n-th
computer move's row is written to the action log, before its transaction commits (the
table's row is locked). The process then writes its id to the file ``KITTY_TEST_STALL_FILE``
and sleeps until killed. It stops only once: when that file exists, it plays on, so a task
redone after the kill finishes the game.

Test code only: the worker is made to stall from outside (the bots' registry and a model
signal), the code under test is the project's own.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from celery.__main__ import main as celery_main
from django.db.models.signals import post_save

from engine.bots import registry
from engine.bots.base import Bot, View
from engine.rules import Action

WHERE, _, AT = os.environ.get("KITTY_TEST_STALL", "choose:0").partition(":")
STALL_AT = int(AT)
MARKER = Path(os.environ.get("KITTY_TEST_STALL_FILE", os.devnull))
_moves = [0]


def _stall_here() -> None:
    """The ``STALL_AT``-th move of this process stops for good (the first time only)."""
    _moves[0] += 1
    if _moves[0] != STALL_AT or MARKER.exists():
        return
    MARKER.write_text(str(os.getpid()))
    while True:
        time.sleep(60)


class StallingBot:
    """Plays as the bot it wraps, and stops dead on its move number ``STALL_AT``."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        _stall_here()
        return self.bot.choose(view, legal_actions, rng)


def _stalling(name: str) -> Any:
    factory = registry.BOTS[name]
    return lambda *args, **kwargs: StallingBot(factory(*args, **kwargs))


def _after_a_computer_move_is_written(sender: type, instance: Any, **kwargs: Any) -> None:
    if sender.__name__ == "ActionLog" and kwargs.get("created") and instance.actor != "player":
        _stall_here()


if WHERE == "choose":
    registry.BOTS.update({name: _stalling(name) for name in list(registry.BOTS)})
elif WHERE == "write":
    post_save.connect(_after_a_computer_move_is_written, weak=False)
else:
    raise SystemExit(f"KITTY_TEST_STALL: choose:<n> or write:<n>, not {WHERE!r}")

if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--"]:
        args = args[1:]
    sys.argv = ["celery", *args]
    sys.exit(celery_main())
