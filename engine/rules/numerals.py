"""Whole numbers written in text: seats in the action notation and amounts of calls.

``str.isdigit`` also accepts ``²``, ``①`` and other Unicode digits that ``int`` refuses, and
``int`` refuses decimal text longer than the interpreter's digit limit: either way a
``ValueError`` that is not the engine's own would escape. Here only ASCII digits count, and
a number too long for any table is not a number.
"""

from __future__ import annotations

#: More significant digits than any seat or bid of any game needs.
MAX_DIGITS = 9

#: The largest whole number ``whole_number`` reads.
MAX_WHOLE = 10**MAX_DIGITS - 1

_DIGITS = frozenset("0123456789")


def whole_number(text: str) -> int | None:
    """The whole number ``text`` writes in ASCII digits (leading zeros allowed), else ``None``.

    >>> whole_number("25"), whole_number("007"), whole_number("²"), whole_number("-3")
    (25, 7, None, None)
    """
    if not text or not _DIGITS.issuperset(text):
        return None
    significant = text.lstrip("0")
    if len(significant) > MAX_DIGITS:
        return None
    return int(significant) if significant else 0
