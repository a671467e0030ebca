"""Every rule option of every game, and every value it allows, has its words in the French
catalogue: a printed sheet lists its house rules in the reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from club.option_words import help_words, value_words
from club.rules_forms import _value_label, engine_option_specs, options_words
from engine.rules import GAME_NAMES


@pytest.mark.parametrize("game_id", list(GAME_NAMES))
def test_every_option_and_value_reads_in_french(game_id: str) -> None:
    with translation.override("fr"):
        for spec in engine_option_specs(game_id):
            assert help_words(spec.help) != spec.help, spec.id
            for value in spec.allowed or ():
                if isinstance(value, int) and not isinstance(value, bool):
                    continue
                label = _value_label(value)
                assert value_words(label) != label or label == "duel", (spec.id, value)


def test_a_printed_sheets_house_rules_read_in_french() -> None:
    options = {"target": 125, "renege": "five_jack_ah", "go_on_kitty": False}
    with translation.override("fr"):
        shown = options_words("auction45", options)
    assert shown == [
        ("Le preneur peut échanger sa main contre le kitty", "non"),
        ("Atouts qu'on peut retenir sur une entame d'atout", "cinq, valet et as de cœur"),
        ("Marque qui gagne la partie", "125"),
    ]
