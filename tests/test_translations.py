"""Every member-facing string is marked for translation and translated into French.

Three checks:

- ``makemessages`` run afresh (into a temporary copy of ``locale/``) finds no message that the
  French catalogue lacks, leaves empty or marks fuzzy: a string marked but not translated, or
  changed since its translation, fails here. It needs GNU gettext (``xgettext``); CI installs it,
  and elsewhere the test is skipped, with the reason, only when gettext is missing (never
  under ``KITTY_REQUIRE_SERVICES=1``, as in CI).
- The compiled ``django.mo`` (committed, so a fresh clone needs no gettext) holds exactly the
  ``django.po`` translations: a .po edited without ``compilemessages`` fails.
- Templates carry no bare words outside ``{% translate %}`` / ``{% blocktranslate %}``: a
  sentence typed straight into a template (or into a title, aria-label, placeholder or alt
  attribute) fails, with the file and the words.
"""

from __future__ import annotations

import ast
import gettext
import os
import re
import shutil
from pathlib import Path
from typing import cast

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
PO = LOCALE / "fr" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
TEMPLATES = ROOT / "templates"

#: Options of the one command that refreshes the catalogue (also in docs/development.md).
MAKEMESSAGES = {
    "locale": ["fr"],
    "ignore_patterns": [".venv", "tests", "bench", "staticfiles", "node_modules"],
    "no_obsolete": True,
    "add_location": "file",
    "verbosity": 0,
}

#: What the copy of the sources leaves out: only code and templates are extracted.
SKIPPED_IN_COPY = (
    ".git",
    ".venv",
    "tests",
    "bench",
    "staticfiles",
    "node_modules",
    "*.pyc",
    "*.sqlite3",
)

#: Words a template may show as they are: the site's name, acronyms, and each language's
#: name written in that language (the switcher).
ALLOWED_WORDS = frozenset({"Kitty", "API", "CSV", "QR", "OpenAPI", "English", "Français"})
#: Attributes people read or hear.
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")


# --- Reading a .po file ---------------------------------------------------------------------


def po_entries(path: Path) -> list[dict[str, object]]:
    """Each entry of a .po file: ``msgid``, ``msgid_plural``, ``msgstr`` (a list: one string,
    or one per plural form) and ``fuzzy``; the header (empty msgid) left out."""
    entries: list[dict[str, object]] = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        current = ""
        fuzzy = False
        for line in block.splitlines():
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            if line.startswith("#"):
                continue
            match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (".*")$', line)
            if match:
                current = match.group(1)
                fields[current] = ast.literal_eval(match.group(2))
            elif line.startswith('"') and current:
                fields[current] += ast.literal_eval(line)
        if fields.get("msgid"):
            strings = [v for k, v in sorted(fields.items()) if k.startswith("msgstr")]
            entries.append(
                {
                    "msgid": fields["msgid"],
                    "msgid_plural": fields.get("msgid_plural"),
                    "msgctxt": fields.get("msgctxt"),
                    "msgstr": strings,
                    "fuzzy": fuzzy,
                }
            )
    return entries


def incomplete(entries: list[dict[str, object]]) -> list[str]:
    """The msgids of entries without a French translation, or marked fuzzy."""
    return [
        str(entry["msgid"])
        for entry in entries
        if entry["fuzzy"] or not all(cast(list[str], entry["msgstr"]))
    ]


def test_the_french_catalogue_is_complete_and_nothing_fuzzy() -> None:
    entries = po_entries(PO)
    assert len(entries) > 800
    assert incomplete(entries) == []


@pytest.mark.skipif(
    shutil.which("xgettext") is None and not os.environ.get("KITTY_REQUIRE_SERVICES"),
    reason="needs GNU gettext (xgettext) to extract messages: apt install gettext",
)
def test_makemessages_finds_nothing_untranslated(tmp_path: Path, settings: object) -> None:
    """Extraction from the code as it is now, merged into a copy of the French catalogue.

    makemessages writes into a ``locale`` folder it finds beside the files, so it runs on a
    copy of the sources: the repository's own catalogue is never touched."""
    copy = tmp_path / "src"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(*SKIPPED_IN_COPY))
    settings.LOCALE_PATHS = [copy / "locale"]  # type: ignore[attr-defined]
    cwd = Path.cwd()
    os.chdir(copy)
    try:
        call_command("makemessages", **MAKEMESSAGES)
    finally:
        os.chdir(cwd)
    entries = po_entries(copy / "locale" / "fr" / "LC_MESSAGES" / "django.po")
    missing = incomplete(entries)
    assert missing == [], f"{len(missing)} messages without a French translation: {missing}"
    assert {e["msgid"] for e in entries} == {e["msgid"] for e in po_entries(PO)}, (
        "locale/fr/LC_MESSAGES/django.po is out of date: run makemessages (docs/development.md)"
    )


def test_the_compiled_catalogue_matches_the_po_file() -> None:
    with MO.open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    for entry in po_entries(PO):
        msgid = str(entry["msgid"])
        strings = entry["msgstr"]
        assert isinstance(strings, list)
        if entry["msgctxt"]:
            msgid = f"{entry['msgctxt']}\x04{msgid}"
        if entry["msgid_plural"]:
            for index, text in enumerate(strings):
                assert catalog.get((msgid, index)) == text, f"run compilemessages: {msgid!r}"
        else:
            assert catalog.get(msgid) == strings[0], f"run compilemessages: {msgid!r}"


# --- Templates ------------------------------------------------------------------------------

_DROPPED = re.compile(
    r"{#.*?#}"
    r"|{%\s*comment\s*%}.*?{%\s*endcomment\s*%}"
    r"|{%\s*blocktranslate\b.*?{%\s*endblocktranslate\s*%}"
    r"|<(script|style|pre)\b.*?</\1>",
    re.S,
)
_TAG = re.compile(r"<(?:{%.*?%}|{{.*?}}|[^>])*>", re.S)
_DJANGO = re.compile(r"{%.*?%}|{{.*?}}", re.S)
_ATTRIBUTE = re.compile(r"\b(" + "|".join(READ_ATTRIBUTES) + r")=([\"'])(.*?)\2", re.S)
_WORD = re.compile(r"[A-Za-zÀ-ÿ]{2,}")


def bare_words(source: str) -> list[str]:
    """Words of ``source`` that people read and that no translate tag holds."""
    text = _DROPPED.sub(" ", source)
    read: list[str] = []
    for tag in _TAG.findall(text):
        read.extend(value for _, _, value in _ATTRIBUTE.findall(tag))
    text = _TAG.sub(" ", text)
    read.append(text)
    words: list[str] = []
    for piece in read:
        piece = _DJANGO.sub(" ", piece)
        piece = re.sub(r"&#?\w+;", " ", piece)
        words.extend(w for w in _WORD.findall(piece) if w not in ALLOWED_WORDS)
    return words


def test_bare_words_finds_text_outside_translate_tags() -> None:
    source = (
        '{% translate "Fine" %}<p title="Hover text">Bare {{ x }} words</p>'
        "{# a comment #}{% blocktranslate %}Also fine {{ x }}{% endblocktranslate %} Kitty &amp;"
    )
    assert bare_words(source) == ["Hover", "text", "Bare", "words"]


def template_files() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.suffix in (".html", ".txt"))


@pytest.mark.parametrize("path", template_files(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_template_has_no_bare_text(path: Path) -> None:
    assert bare_words(path.read_text(encoding="utf-8")) == []
