"""Building the frozen value objects of ``engine.rules.base`` on hot paths.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``, looked up
and wrapped once per field. Here each value class has a *twin*: a plain class with the very
same slots (so the same memory layout), whose fields are set by ordinary slot stores; once
filled, the object's class is switched to the value class (``__class__`` assignment, which
CPython allows between classes of identical layout); this costs a quarter of the dataclass's
``__init__`` (``bench/NOTES.md``). Every scored hand and every scoresheet line builds a
``Tally`` and a ``HandScore`` (and a hand a ``Deal``, a ``Contract`` and a ``HandResult``), so
the hot paths use these builders.

The objects are exactly what the dataclass builds: same class, equal, hashable, frozen
afterwards (a twin with a different layout would make the class switch raise ``TypeError``,
which the tests would show at once). Each builder takes every field, in the dataclass's
name, by keyword; nothing is validated. The stores are written out one by one: a loop over
the field names would cost about what the twin saves (figures in ``bench/NOTES.md``).

``slot_setter`` is the other tool here, for classes whose slots are spread over a base class
and the class itself (the discard actions of ``engine.rules.choices``): a twin would have to
copy that whole layout, and those objects are built far less often.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.rules.base import Contract, Deal, HandResult, HandScore, Tally
from engine.rules.gameend import GameResult

Setter = Callable[[Any, Any], None]

_new = object.__new__


def slot_setter(cls: type, name: str) -> Setter:
    """The ``__set__`` of slot ``name`` of ``cls`` or a base (bypassing a frozen
    ``__setattr__``: only for objects still being built)."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            setter: Setter = klass.__dict__[name].__set__
            return setter
    raise AttributeError(f"{cls.__name__} has no slot {name!r}")


def _twin(cls: type) -> Any:
    """A plain class with the slots of the frozen slotted dataclass ``cls``."""
    return type(f"_{cls.__name__}Twin", (), {"__slots__": cls.__dict__["__slots__"]})


_TALLY = _twin(Tally)
_DEAL = _twin(Deal)
_CONTRACT = _twin(Contract)
_SCORE = _twin(HandScore)
_RESULT = _twin(HandResult)


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


def new_deal(
    *, hands: tuple[tuple[int, ...], ...], kitty: tuple[int, ...], stock: tuple[int, ...]
) -> Deal:
    """``Deal(hands, kitty, stock)``."""
    twin = _new(_DEAL)
    twin.hands = hands
    twin.kitty = kitty
    twin.stock = stock
    twin.__class__ = Deal
    deal: Deal = twin
    return deal


def new_contract(*, bidder: int, bid: int) -> Contract:
    """``Contract(bidder, bid)``."""
    twin = _new(_CONTRACT)
    twin.bidder = bidder
    twin.bid = bid
    twin.__class__ = Contract
    contract: Contract = twin
    return contract


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
    twin = _new(_RESULT)
    twin.outcome = outcome
    twin.score = score
    twin.line = line
    twin.trick_winners = trick_winners
    twin.points = points
    twin.books = books
    twin.kitty_book_side = kitty_book_side
    twin.categories = categories
    twin.best_trump = best_trump
    twin.hands_after_draw = hands_after_draw
    twin.extra = {} if extra is None else extra
    twin.__class__ = HandResult
    result: HandResult = twin
    return result
