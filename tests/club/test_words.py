"""Counts, scores and seats in the words people read, and the template filters that use them."""

from __future__ import annotations

import doctest

import pytest
from django.template import Context, Template

from engine.rules import words


@pytest.mark.parametrize(
    ("count", "noun", "plural", "expected"),
    [
        (1, "point", None, "1 point"),
        (2, "point", None, "2 points"),
        (0, "line", None, "0 lines"),
        (1.0, "point", None, "1 point"),
        (12.5, "point", None, "12.5 points"),
        (-1, "point", None, "-1 point"),
        (3, "entry", "entries", "3 entries"),
        (1_250_000, "point", None, "1250000 points"),
    ],
)
def test_counted_says_one_thing_and_many_things(
    count: float, noun: str, plural: str | None, expected: str
) -> None:
    assert words.counted(count, noun, plural) == expected


def test_scores_read_as_people_say_them() -> None:
    assert words.scores_text([125, 75]) == "125 to 75"
    assert words.scores_text([52, 40.0, 18]) == "52 to 40 to 18"
    assert words.scores_text([-20, None]) == "-20 to –"


def test_seats_count_from_one() -> None:
    assert words.seat_name(0) == "seat 1"


def test_the_examples_in_the_docstrings_hold() -> None:
    assert doctest.testmod(words).failed == 0


def test_the_template_filters() -> None:
    template = Template(
        '{% load club_tags %}{{ one|counted:"point" }}; {{ two|counted:"entry,entries" }}; '
        "{{ totals|scores }}"
    )
    text = template.render(Context({"one": 1, "two": 2, "totals": [125, 75]}))
    assert text == "1 point; 2 entries; 125 to 75"
