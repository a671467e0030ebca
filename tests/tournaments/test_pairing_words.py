"""Pairing reasons in the reader's language: worded from their figures, or from the figures
read back from the English of a bye or of a round stored before reasons kept them."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

import tournaments
from tests.tournaments.factories import club_with, event_with
from tests.tournaments.test_views import play_round, signed_in, url
from tournaments.models import Bye, Round, Seating
from tournaments.pairing.cutthroat import cutthroat_round
from tournaments.pairing.knockout import knockout_bracket, knockout_round
from tournaments.pairing.progressive import progressive_round
from tournaments.pairing.round_robin import round_robin_round
from tournaments.pairing.sitouts import choose_sitouts
from tournaments.pairing.swiss import swiss_round
from tournaments.pairing.types import Entrant, History, PastTable, Reason, RoundPairing
from tournaments.pairing_text import FROM_TEXT
from tournaments.pairing_words import FIXED, WITH_FIGURES, reason_words
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.services.seats import seats_swap

CODE = Path(tournaments.__file__).parent


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
    # A cut-throat table's repeats were stored under the progressive code before they had one.
    repeats = Reason("repeat_opponents", "Met before: 2 pairs of players at this table")
    assert french(repeats) == "Déjà rencontrés : 2 paires de joueurs de cette table"
    robin = round_robin_round([1, 2, 3, 4], round_number=2)
    assert french(robin.tables[0].reasons[0], stored_figures=stored_figures) == (
        "Toutes-rondes, ronde 2 sur 3, cycle 1 sur 1 (méthode du cercle)"
    )


def test_a_reason_it_cannot_word_keeps_its_english() -> None:
    assert french(Reason("new_rule", "A rule added later", {"times": 2})) == "A rule added later"
    assert french(Reason("repeat_partner", "Ann and Bob have partnered often")) == (
        "Ann and Bob have partnered often"
    )


def codes_written(*folders: str) -> dict[str, bool]:
    """Each reason code written in the modules of ``folders`` (read from their source), and
    whether each place that writes it passes its figures: a ``Reason(code, text, figures)``,
    or a bye row's ``code=`` (a bye stores its text alone)."""
    written: dict[str, bool] = {}
    for folder in folders:
        for path in sorted((CODE / folder).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.Call):
                    continue
                keywords = {k.arg: k.value for k in node.keywords}
                if isinstance(node.func, ast.Name) and node.func.id == "Reason":
                    code, figures = node.args[0], len(node.args) > 2 or "figures" in keywords
                elif isinstance(keywords.get("code"), ast.Constant) and "text" in keywords:
                    code, figures = keywords["code"], False
                else:
                    continue
                assert isinstance(code, ast.Constant), f"{path.name}:{node.lineno}"
                written[str(code.value)] = written.get(str(code.value), True) and figures
    return written


def test_every_reason_code_the_pairing_writes_has_words() -> None:
    """A code with figures is worded from them, or from the figures its English gives back."""
    written = codes_written("pairing", "services")
    assert {"score_group", "knockout_match", "table_plan", "swapped_out"} <= set(written)
    for code, figures in written.items():
        assert code in FIXED or code in WITH_FIGURES, code
        assert code in FIXED or figures or code in FROM_TEXT, code


def _progressive() -> Iterator[RoundPairing]:
    # 5 players: the whist schedule (one rests a round); 6: the search, then repeats.
    for players, rounds in ((5, 2), (6, 8)):
        history = History()
        for number in range(1, rounds + 1):
            ids = list(range(1, players + 1))
            pairing = progressive_round(ids, history, round_number=number, seed=3)
            history = history.with_round(pairing)
            yield pairing


def _cutthroat() -> Iterator[RoundPairing]:
    history = History()
    for number in range(1, 4):
        ids = list(range(1, 8))
        pairing = cutthroat_round(ids, history, round_number=number, allowed_sizes=(3,), seed=2)
        history = history.with_round(pairing)
        yield pairing


def _knockout(entrants: int, withdrawn: dict[int, set[int]]) -> Iterator[RoundPairing]:
    """Every round, the better seed winning each match; ``withdrawn`` by round."""
    bracket = knockout_bracket([Entrant(i, rating=-i) for i in range(1, entrants + 1)])
    advanced: list[set[int]] = []
    for number in range(1, bracket.rounds + 1):
        gone = withdrawn.get(number, set())
        pairing = knockout_round(bracket, number, advanced, third_place=True, withdrawn=gone)
        yield pairing
        winners = {min(t.entrants) for t in pairing.tables}
        advanced.append(winners | set(pairing.bye_ids))


def _swiss(entrants: int, rounds: int, window: int | None) -> Iterator[RoundPairing]:
    rng = random.Random(entrants)
    history = History()
    scores = dict.fromkeys(range(1, entrants + 1), 0.0)
    for number in range(1, rounds + 1):
        field = [Entrant(i, score=scores[i], rating=-i) for i in scores]
        pairing = swiss_round(field, history, round_number=number, window=window)
        for table in pairing.tables:
            scores[rng.choice(table.entrants)] += rng.choice((1, 1.5))
        history = history.with_round(pairing)
        yield pairing


def rounds_of_every_format() -> Iterator[RoundPairing]:
    """Rounds of each format, made to give every kind of reason it has."""
    yield from _progressive()
    yield from _cutthroat()
    yield from (round_robin_round(list(range(1, 6)), number) for number in (1, 2))
    yield from _knockout(5, {1: {3}})
    yield from _knockout(8, {2: {2}})
    yield from _swiss(3, 5, None)
    # The lowest would meet the one they met in round 1 again: the bye moves up.
    trio = [Entrant(i, rating=-i) for i in (1, 2, 3)]
    yield swiss_round(trio, History((PastTable(1, ((1,), (2,))),)), round_number=2)
    yield from _swiss(9, 6, 1)


def reasons_of(pairing: RoundPairing) -> Iterator[tuple[Reason, bool]]:
    """Each reason of ``pairing``, and whether it is stored with its figures (not a bye's)."""
    yield from ((reason, True) for reason in pairing.reasons)
    yield from ((reason, True) for table in pairing.tables for reason in table.reasons)
    yield from ((bye.reason, False) for bye in pairing.byes)


def test_every_reason_of_every_format_reads_in_french() -> None:
    """Every reason the formats give is worded, and one read back from its English (a bye,
    an older round) reads as one stored with its figures."""
    seen = set()
    for pairing in rounds_of_every_format():
        for reason, stored in reasons_of(pairing):
            seen.add(reason.code)
            worded = french(reason, stored_figures=stored)
            assert worded != reason.text, reason
            if reason.code in FROM_TEXT:
                assert french(reason, stored_figures=False) == worded, reason
    assert seen == set(codes_written("pairing"))


def stored_reasons(round_: Round) -> list[tuple[str, str, dict[str, object] | None]]:
    """Every reason ``round_`` stores, as (code, English text, figures)."""
    rows = [*round_.reasons, *(r for table in round_.tables.all() for r in table.reasons)]
    return [(r["code"], r["text"], r.get("figures")) for r in rows] + [
        (bye.code, bye.text, None) for bye in Bye.objects.filter(round=round_)
    ]


#: Pitch for three: cut-throat tables of three.
CUTTHROAT_RULES = {"game": "pitch52", "options": {"players": 3}}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("format", "played", "rules"),
    [
        ("round_robin", 0, {}),
        ("swiss", 1, {}),
        ("knockout", 0, {}),
        ("progressive", 1, {}),
        ("cutthroat", 1, CUTTHROAT_RULES),
    ],
)
def test_a_round_paired_and_its_swap_read_in_french_on_its_page(
    format: str, played: int, rules: dict[str, Any]
) -> None:
    """Whatever the format, the round page in French shows none of the English its reasons
    and the director's swap were stored in."""
    setup = club_with(players=10, partnerships=5, **rules)
    event = event_with(setup, format=format)
    for _ in range(played):
        play_round(round_publish(round_=round_pair(event=event)))
    round_ = round_pair(event=event)
    seated = Seating.objects.filter(round=round_).select_related("entrant")
    first, second = list({s.entrant_id: s.entrant for s in seated}.values())[:2]
    change = seats_swap(round_=round_, first=first, second=second, reason="en retard")
    director = signed_in(setup)
    director.post(reverse("set_language"), {"language": "fr", "next": "/"})
    page = director.get(url("round_detail", event, round_.number)).content.decode()
    stored = stored_reasons(round_)
    assert len(stored) >= 2
    with translation.override("fr"):
        for code, text, figures in stored:
            assert escape(text) not in page, code
            assert escape(reason_words(code, text, figures)) in page, code
    assert change.summary not in page
    assert escape(f"{first} et {second} ont échangé leurs places") in page
