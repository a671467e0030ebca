"""Every code a scoresheet line can be refused with is worded in every language of the site.

The codes are read from the engine's source (``tests.engine.raised_codes``), not listed here:
a code the engine learns to raise fails this test until it has its words.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from engine.rules import get_game
from scoring import lineform
from scoring.engine_bridge import line_check, tally_start
from scoring.errors import LineRefused
from scoring.refusal_words import EXPLANATIONS, line_refusal_text
from tests.engine.raised_codes import line_codes

ENGLISH_MESSAGE = "the engine's own English words, with the values"
OTHER_LANGUAGES = [code for code, _ in settings.LANGUAGES if not code.startswith("en")]


def test_the_engine_refuses_lines_with_the_codes_of_the_rules() -> None:
    codes = line_codes()
    assert {"points_not_multiple_of_5", "books_total", "bad_category"} <= codes


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_line_code_of_the_engine_is_explained_in_every_language(language: str) -> None:
    unworded = []
    for code in sorted(line_codes()):
        with translation.override(language):
            text = line_refusal_text(code, ENGLISH_MESSAGE)
            headline = lineform.headline(code)
        english = str(EXPLANATIONS.get(code, ENGLISH_MESSAGE))
        if text in (ENGLISH_MESSAGE, english) or headline == "This line is refused":
            unworded.append(code)
    assert not unworded, f"line codes without {language} words: {', '.join(unworded)}"


def test_in_english_the_refusal_keeps_the_engines_message_with_its_values() -> None:
    with translation.override("en"):
        assert line_refusal_text("points_total", ENGLISH_MESSAGE) == ENGLISH_MESSAGE


def test_points_not_by_fives_are_refused_in_french() -> None:
    game = get_game("auction45", {})
    line = {"dealer": 0, "bidder": 1, "bid": 20, "trump": "H", "points": [17, 13]}
    with translation.override("fr"), pytest.raises(LineRefused) as refused:
        line_check(game, line, tally_start(game))
    assert refused.value.code == "points_not_multiple_of_5"
    assert refused.value.message == (
        "Les points d'une équipe vont par cinq : 5 par levée, 5 pour le meilleur atout."
    )
