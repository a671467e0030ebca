"""Building the frozen value objects of ``engine.rules.base`` by keyword.

Every scored hand and every scoresheet line builds a ``Tally`` and a ``HandScore``, so those two
are built fast: a frozen dataclass's ``__init__`` sets each field through
``object.__setattr__``, looked up and wrapped once per field. Here each of the two has a *twin*:
a plain class with the very same slots (so the same memory layout), whose fields are set by
ordinary slot stores; once filled, the object's class is switched to the value class
(``__class__`` assignment, which CPython allows between classes of identical layout). Checking
a scoresheet line builds these two and little else, so that is where the twins pay
(``bench/NOTES.md``).

The objects are exactly what the dataclass builds: same class, equal, hashable, frozen
afterwards (a twin with a different layout would make the class switch raise ``TypeError``,
which the tests would show at once). Each builder takes every field, in the dataclass's name,
by keyword; nothing is validated.

``new_deal``, ``new_contract`` and ``new_result`` call the dataclasses themselves: they are built
once per played hand, where a twin saved too little to be worth its trick.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules.base import Contract, Deal, HandResult, HandScore, Tally
from engine.rules.gameend import GameResult

_new = object.__new__


def _twin(cls: type) -> Any:
    """A plain class with the slots of the frozen slotted dataclass ``cls``."""
    return type(f"_{cls.__name__}Twin", (), {"__slots__": cls.__dict__["__slots__"]})


_TALLY = _twin(Tally)
_SCORE = _twin(HandScore)


def new_tally(
    *, scores: tuple[int, ...], sets: tuple[int, ...], consecutive_sets: tuple[int, ...]
) -> Tally:
    """``Tally(scores, sets, consecutive_sets)``."""
    twin = _new(_TALLY)
    twin.scores = scores
    twin.sets = sets
    twin.consecutive_sets = consecutive_sets
    twin.__class__ = Tally
    tally: Tally = twin
    return tally


def new_score(
    *,
    made: bool | None,
    delta: tuple[int, ...],
    scores_after: tuple[int, ...],
    result: GameResult | None,
    tally_after: Tally,
    points: tuple[int, ...] | None = None,
    categories: Mapping[str, int | None] | None = None,
) -> HandScore:
    """``HandScore(made, delta, scores_after, result, tally_after, points, categories)``."""
    twin = _new(_SCORE)
    twin.made = made
    twin.delta = delta
    twin.scores_after = scores_after
    twin.result = result
    twin.tally_after = tally_after
    twin.points = points
    twin.categories = categories
    twin.__class__ = HandScore
    score: HandScore = twin
    return score


def new_deal(
    *, hands: tuple[tuple[int, ...], ...], kitty: tuple[int, ...], stock: tuple[int, ...]
) -> Deal:
    """``Deal(hands, kitty, stock)``."""
    return Deal(hands, kitty, stock)


def new_contract(*, bidder: int, bid: int) -> Contract:
    """``Contract(bidder, bid)``."""
    return Contract(bidder, bid)


def new_result(
    *,
    outcome: str,
    score: HandScore,
    line: Mapping[str, Any],
    trick_winners: tuple[int, ...] = (),
    points: tuple[int, ...] | None = None,
    books: tuple[int, ...] | None = None,
    kitty_book_side: int | None = None,
    categories: Mapping[str, int | None] | None = None,
    best_trump: int | None = None,
    hands_after_draw: tuple[tuple[int, ...], ...] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> HandResult:
    """``HandResult(...)``; ``extra`` defaults to a new empty dict, as the dataclass's."""
    return HandResult(
        outcome,
        score,
        line,
        trick_winners,
        points,
        books,
        kitty_book_side,
        categories,
        best_trump,
        hands_after_draw,
        {} if extra is None else extra,
    )
