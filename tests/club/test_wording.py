"""Counts and numbered lines in the reader's language (club.wording)."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from club.wording import counted, numbered, scores


def test_counts_and_numbered_lines_in_english() -> None:
    with translation.override("en"):
        assert counted(1, "line") == "1 line"
        assert counted(3, "round") == "3 rounds"
        assert numbered("line", [3, 5]) == "lines 3 and 5"
        assert numbered("line", [2, 4, 7]) == "lines 2, 4 and 7"


def test_counts_and_numbered_lines_in_french() -> None:
    with translation.override("fr"):
        assert counted(0, "game") == "0 partie"  # French counts 0 as singular
        assert counted(2, "scoresheet") == "2 feuilles de pointage"
        assert counted(12.5, "point") == "12,5 points"
        assert numbered("line", [3]) == "la ligne 3"
        assert numbered("line", [3, 5]) == "les lignes 3 et 5"


def test_a_noun_not_listed_is_written_by_the_engine() -> None:
    with translation.override("fr"):
        assert counted(2, "table") == "2 tables"


def test_the_template_filters_follow_the_language() -> None:
    template = Template('{% load club_tags %}{{ n|counted:"line" }} · {{ lines|numbered:"line" }}')
    with translation.override("fr"):
        text = template.render(Context({"n": 4, "lines": [1, 2]}))
    assert text == "4 lignes · les lignes 1 et 2"


def test_scores_side_by_side_in_the_readers_language() -> None:
    with translation.override("en"):
        assert scores([125, 75]) == "125 to 75"
        assert scores([52, 40.0, 18]) == "52 to 40 to 18"
    with translation.override("fr"):
        assert scores([-30, 20]) == "-30 à 20"
        assert scores([12.5, None]) == "12,5 à –"
        template = Template("{% load club_tags %}{{ totals|scores }}")
        assert template.render(Context({"totals": [125, 75]})) == "125 à 75"
