"""The table script's words: every text table.js looks up is listed for translation, and the
page gives them in the reader's language with their {placeholders} intact."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

from tables.page_words import TABLE_SCRIPT_TEXTS, table_script_words

STATIC = Path(__file__).resolve().parents[2] / "static" / "kitty"
SCRIPTS = tuple(STATIC.glob("table*.js"))
LOOKED_UP = re.compile(r'\bt\("((?:[^"\\]|\\.)*)"')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_every_text_the_script_looks_up_is_listed() -> None:
    looked_up = {
        text for script in SCRIPTS for text in LOOKED_UP.findall(script.read_text(encoding="utf-8"))
    }
    assert looked_up
    assert looked_up <= set(TABLE_SCRIPT_TEXTS), looked_up - set(TABLE_SCRIPT_TEXTS)


def test_the_words_come_in_french_with_their_placeholders() -> None:
    with translation.override("fr"):
        words = table_script_words()
    assert words["Your turn"] == "À vous de jouer"
    assert words["Won by {name}"] == "Remportée par {name}"
    for english, french in words.items():
        assert set(PLACEHOLDER.findall(french)) == set(PLACEHOLDER.findall(english)), english


def test_in_english_each_text_is_itself() -> None:
    with translation.override("en"):
        assert all(english == text for english, text in table_script_words().items())
