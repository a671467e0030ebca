"""The fast builders of ``engine.rules.build`` make exactly what the dataclasses make."""

from __future__ import annotations

import dataclasses

import pytest

from engine.rules.base import Contract, Deal, HandResult, HandScore, Tally
from engine.rules.build import (
    new_contract,
    new_deal,
    new_result,
    new_score,
    new_tally,
    slot_setter,
)
from engine.rules.gameend import GameResult


def _same(built: object, expected: object) -> None:
    assert type(built) is type(expected)
    assert built == expected and hash(built) == hash(expected)
    assert repr(built) == repr(expected)
    field = dataclasses.fields(built)[0].name  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, field, 1)


def test_builders_match_the_dataclasses() -> None:
    tally = Tally((10, 20), (1, 0), (0, 0))
    _same(new_tally((10, 20), (1, 0), (0, 0)), tally)
    _same(new_contract(2, 25), Contract(2, 25))
    _same(new_deal(((1, 2), (3, 4)), (5,), (6, 7)), Deal(((1, 2), (3, 4)), (5,), (6, 7)))
    won = GameResult((0,), "target")
    score = HandScore(True, (25, 5), (35, 25), won, tally, (25, 5), None)
    _same(new_score(True, (25, 5), (35, 25), won, tally, (25, 5), None), score)
    _same(
        new_score(None, (0, 0), (10, 20), None, tally),
        HandScore(None, (0, 0), (10, 20), None, tally),
    )
    line = {"bidder": 0, "bid": 20}
    result = HandResult("scored", score, line, (0, 1), (25, 5), None, None, None, 12, None, {})
    built = new_result("scored", score, line, (0, 1), (25, 5), None, None, None, 12, None, {})
    assert type(built) is HandResult and built == result and repr(built) == repr(result)
    assert built.to_dict() == result.to_dict()


def test_slot_setter_finds_slots_of_base_classes_and_refuses_others() -> None:
    from engine.rules.actions import Discard

    action = object.__new__(Discard)
    slot_setter(Discard, "seat")(action, 1)
    slot_setter(Discard, "cards")(action, (0, 13))
    assert action == Discard(1, (13, 0))
    with pytest.raises(AttributeError):
        slot_setter(Discard, "nothing")
