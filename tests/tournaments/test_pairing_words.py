"""Pairing reasons in the reader's language: worded from their figures, or from the figures
read back from the English of a bye or of a round stored before reasons kept them."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from tournaments.pairing.cutthroat import cutthroat_round
from tournaments.pairing.progressive import progressive_round
from tournaments.pairing.round_robin import round_robin_round
from tournaments.pairing.sitouts import choose_sitouts
from tournaments.pairing.types import History, Reason
from tournaments.pairing_words import reason_words


def french(reason: Reason, *, stored_figures: bool = True) -> str:
    with translation.override("fr"):
        return reason_words(reason.code, reason.text, reason.figures if stored_figures else None)


def test_a_progressive_round_reads_in_french() -> None:
    pairing = progressive_round(list(range(1, 9)), History(), round_number=1, seed=1)
    assert french(pairing.reasons[0]).startswith("Grille de whist pour 8 joueurs, ligne ")
    assert french(pairing.tables[0].reasons[0]) == "Aucun partenaire ni adversaire répété"


@pytest.mark.parametrize("stored_figures", [True, False], ids=["figures", "text only"])
def test_a_byes_and_an_older_rounds_reasons_are_read_back_from_their_english(
    stored_figures: bool,
) -> None:
    (bye,) = choose_sitouts([1, 2, 3, 4, 5], {}, 1, random.Random(1))
    assert french(bye.reason, stored_figures=stored_figures).startswith(
        "Au repos : le moins de repos jusqu'ici (0) ; tiré au sort parmi les 5 joueurs"
    )
    older = Reason(
        "whist_design",
        "Round 6 of the 11-round whist schedule for 12 players: everyone partners everyone "
        "once and opposes everyone twice",
    )
    assert french(older).startswith("Grille de whist pour 12 joueurs, ligne 6 sur 11 :")
    robin = round_robin_round([1, 2, 3, 4], round_number=2)
    assert french(robin.tables[0].reasons[0], stored_figures=stored_figures) == (
        "Toutes-rondes, ronde 2 sur 3, cycle 1 sur 1 (méthode du cercle)"
    )


def test_a_reason_it_cannot_word_keeps_its_english() -> None:
    pairing = cutthroat_round(
        list(range(1, 8)), History(), round_number=1, allowed_sizes=(3, 4), seed=1
    )
    assert french(pairing.reasons[0]) == pairing.reasons[0].text
    assert french(Reason("repeat_partner", "Ann and Bob have partnered often")) == (
        "Ann and Bob have partnered often"
    )
