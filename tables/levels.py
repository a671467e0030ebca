"""The computers' levels as members read them: a name and what playing against it is like.

Members choose among the levels (``engine.bots.LEVELS``: beginner, club, expert); the older
names (``random``, ``rule``, ``search``) are still accepted from forms and the API, and tables
seated with them still play, but they are not offered.
"""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_noop

from tables.bot_moves import BOT_NAMES, DEFAULT_BOT, LEVELS
from tables.naming import BOT_LEVELS

#: Each level's strength in a member's words.
LEVEL_STRENGTHS = {
    "beginner": gettext_noop("Plays like a newcomer: follows suit but misses tricks and overbids."),
    "club": gettext_noop(
        "A solid club player: counts the cards and seldom gives a trick away (the usual choice)."
    ),
    "expert": gettext_noop("Thinks hardest before each card; hard to beat."),
}


def level_words(bot: str) -> str:
    """A computer player's level in the reader's language: "Club", "Rule-based"."""
    return capfirst(gettext(BOT_LEVELS[bot])) if bot in BOT_LEVELS else BOT_NAMES[bot]


def level_choices() -> list[tuple[str, str]]:
    """The levels members choose from, easiest first, in the reader's language."""
    return [(key, level_words(key)) for key in LEVELS]


def level_help() -> str:
    """One line per level saying how strong it plays, for the help under a level's choice."""
    return " ".join(f"{level_words(key)}: {gettext(LEVEL_STRENGTHS[key])}" for key in LEVELS)


def accepted_level(name: str) -> bool:
    """Whether ``name`` is a computer player a form may seat (a level, or an older name)."""
    return name in BOT_NAMES


__all__ = [
    "DEFAULT_BOT",
    "LEVEL_STRENGTHS",
    "accepted_level",
    "level_choices",
    "level_help",
    "level_words",
]
