from __future__ import annotations

from django.utils import translation

from tournaments.standings.byes import AVERAGE, NOTHING, WIN, ByeRule
from tournaments.templatetags.event_tags import bye_text


def test_the_bye_rule_is_stated_in_words() -> None:
    assert bye_text(ByeRule(WIN, 120)) == "A bye counts as a game won, 120 points to none."
    assert "average" in bye_text(ByeRule(AVERAGE))
    assert "nothing" in bye_text(ByeRule(NOTHING))


def test_the_bye_rule_is_stated_in_the_readers_language() -> None:
    with translation.override("fr"):
        stated = bye_text(ByeRule(WIN, 120))
    assert "120" in stated
    assert stated != bye_text(ByeRule(WIN, 120))
