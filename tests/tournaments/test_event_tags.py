from __future__ import annotations

from django.utils import translation

from tournaments.standings.byes import AVERAGE, NOTHING, WIN, ByeRule
from tournaments.standings.metrics import Points
from tournaments.templatetags.event_tags import bye_text, column_label


def test_the_bye_rule_is_stated_in_words() -> None:
    assert bye_text(ByeRule(WIN, 120)) == "A bye counts as a game won, 120 points to none."
    assert "average" in bye_text(ByeRule(AVERAGE))
    assert "nothing" in bye_text(ByeRule(NOTHING))


def test_the_bye_rule_is_stated_in_the_readers_language() -> None:
    with translation.override("fr"):
        stated = bye_text(ByeRule(WIN, 120))
    assert "120" in stated
    assert stated != bye_text(ByeRule(WIN, 120))


def test_standings_columns_are_headed_in_the_readers_language_a_points_cap_included() -> None:
    capped = {"key": "points", "label": Points(cap=120).label}
    with translation.override("en"):
        assert column_label(capped) == "Points (at most 120 a game)"
    with translation.override("fr"):
        assert column_label(capped) == "Points (au plus 120 par partie)"
        assert column_label({"key": "games_won", "label": "Games won"}) == "Parties gagnées"
        assert column_label({"key": "elo", "label": "Elo"}) == "Elo"
