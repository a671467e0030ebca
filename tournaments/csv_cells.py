"""CSV that a spreadsheet opens as data: every cell Kitty writes goes through here.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula (and a
leading tab or carriage return can hide one), so a player named ``=HYPERLINK("http://x","y")``
would put a live link, or worse, into the sheet of whoever opens a public export. OWASP's
rule is to prefix such a cell with a single quote, which spreadsheets show as text.

Numbers stay numbers: ints and floats are written as they are, and so is text that is exactly
a decimal number (``-20``, ``+3``, ``12.50``, ``45.0%``), which is how standings show a point
difference. Such a cell holds no formula (a spreadsheet reads it as the number), and quoting it
would turn a club's negative scores into text that no longer adds up.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?%?")


def csv_cell(value: object) -> object:
    """``value`` as a CSV cell that cannot start a formula: text that would gets a ``'``."""
    if value is None or isinstance(value, int | float):
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_text(rows: Iterable[Iterable[object]]) -> str:
    """The rows as CSV text (``csv`` module's quoting), every cell passed through ``csv_cell``."""
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([csv_cell(value) for value in row])
    return out.getvalue()
