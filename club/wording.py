"""Counts and numbered things in the reader's language.

``engine.rules.words`` writes "3 lines" and "lines 3 and 5" in English for the pure layers. The
pages and the services' refusals come here instead: the nouns people read are listed with
their singular and plural in the translation catalogue (French counts 0 and 1 as singular),
and numbers are written as the language writes them (``12,5`` in French).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext_lazy

from engine.rules import words

#: The rules' name a table, sheet or event stores when it plays a game's standard rules.
STANDARD_RULES = gettext_noop("standard rules")
#: A suit (or no trump) as a trump, a title or a button names it, by its letter in the rules.
SUIT_NAMES: dict[str, Promise] = {
    "S": pgettext_lazy("suit", "Spades"),
    "H": pgettext_lazy("suit", "Hearts"),
    "D": pgettext_lazy("suit", "Diamonds"),
    "C": pgettext_lazy("suit", "Clubs"),
    "NT": pgettext_lazy("suit", "No trump"),
}
#: The letter a reader knows a suit by, beside its symbol (French: pique, cœur, carreau, trèfle).
SUIT_LETTERS: dict[str, Promise] = {
    "S": pgettext_lazy("suit letter", "S"),
    "H": pgettext_lazy("suit letter", "H"),
    "D": pgettext_lazy("suit letter", "D"),
    "C": pgettext_lazy("suit letter", "C"),
}


def suit_name(suit: str) -> str:
    """A suit's name in the active language (the letter itself when it is not a suit)."""
    return str(SUIT_NAMES.get(suit, suit))


def _number(value: int | float) -> str:
    whole = isinstance(value, int) or float(value).is_integer()
    return number_format(int(value) if whole else value)


def counted(count: int | float, noun: str) -> str:
    """``count`` and ``noun``: "1 line", "3 lines" ("1 ligne", "3 lignes"). A noun not listed
    here is written by ``engine.rules.words``, in English."""
    n = abs(int(count)) if float(count).is_integer() else 2
    shown = _number(count)
    if noun == "line":
        return ngettext("%(count)s line", "%(count)s lines", n) % {"count": shown}
    if noun == "round":
        return ngettext("%(count)s round", "%(count)s rounds", n) % {"count": shown}
    if noun == "player":
        return ngettext("%(count)s player", "%(count)s players", n) % {"count": shown}
    if noun == "scoresheet":
        return ngettext("%(count)s scoresheet", "%(count)s scoresheets", n) % {"count": shown}
    if noun == "problem":
        return ngettext("%(count)s problem", "%(count)s problems", n) % {"count": shown}
    if noun == "point":
        return ngettext("%(count)s point", "%(count)s points", n) % {"count": shown}
    if noun == "game":
        return ngettext("%(count)s game", "%(count)s games", n) % {"count": shown}
    return words.counted(count, noun)


def join_words(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` in the active language."""
    if len(items) <= 1:
        return "".join(items)
    return gettext("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def numbered(noun: str, numbers: Sequence[int]) -> str:
    """Numbered things named together: "line 3", "lines 3 and 5" ("lignes 3 et 5")."""
    shown = [str(number) for number in numbers]
    listed = join_words(shown)
    if noun == "line":
        return ngettext("line %(numbers)s", "lines %(numbers)s", len(shown)) % {"numbers": listed}
    return words.numbered(noun, numbers)


def scores(values: Sequence[object]) -> str:
    """Scores side by side as the reader says them: "125 to 75" ("125 à 75"); a score not
    known yet is a dash, anything else as ``engine.rules.words`` shows it."""
    between = " {} ".format(gettext("to"))
    return between.join(
        "–"
        if value is None
        else _number(value)
        if isinstance(value, int | float) and not isinstance(value, bool)
        else words.scores_text([value])
        for value in values
    )


def rules_name(stored: str) -> str:
    """A stored rules' name as the reader reads it: a game's standard rules in their language,
    a club's rule set by the name the club gave it."""
    return gettext(STANDARD_RULES) if stored == STANDARD_RULES else stored
