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
    _same(new_tally(scores=(10, 20), sets=(1, 0), consecutive_sets=(0, 0)), tally)
    _same(new_contract(bidder=2, bid=25), Contract(2, 25))
    _same(
        new_deal(hands=((1, 2), (3, 4)), kitty=(5,), stock=(6, 7)),
        Deal(((1, 2), (3, 4)), (5,), (6, 7)),
    )
    won = GameResult((0,), "target")
    score = HandScore(True, (25, 5), (35, 25), won, tally, (25, 5), None)
    _same(
        new_score(
            made=True,
            delta=(25, 5),
            scores_after=(35, 25),
            result=won,
            tally_after=tally,
            points=(25, 5),
        ),
        score,
    )
    _same(
        new_score(made=None, delta=(0, 0), scores_after=(10, 20), result=None, tally_after=tally),
        HandScore(None, (0, 0), (10, 20), None, tally),
    )
    line = {"bidder": 0, "bid": 20}
    result = HandResult("scored", score, line, (0, 1), (25, 5), None, None, None, 12, None, {})
    built = new_result(
        outcome="scored",
        score=score,
        line=line,
        trick_winners=(0, 1),
        points=(25, 5),
        best_trump=12,
    )
    assert type(built) is HandResult and built == result and repr(built) == repr(result)
    assert built.to_dict() == result.to_dict()
    redeal = new_result(outcome="redeal", score=score, line=line)
    assert redeal == HandResult("redeal", score, line)
    assert (
        redeal.extra == {}
        and redeal.extra is not new_result(outcome="redeal", score=score, line=line).extra
    )
