"""The deal's rotation on a sheet: who deals each line, and the refusal of a line whose
dealer is not the one in turn.

After every hand, thrown-in hands included, the deal passes one seat to the left
(docs/rules.md#seats). Line 1 is dealt by the sheet's first dealer; every later line by the
seat after the dealer written on the line before it. A line may break the rotation only when it
says so: ``dealer_changed`` set on the line (a misdeal, players who agreed to change the deal),
and the rotation then goes on from the dealer it names. Nothing is checked when the turn cannot
be known (no first dealer on line 1, no dealer written on the line before and none known for the
sheet) or when the line names no dealer.

Pure: plain values in, a plain answer out; ``scoring.linestore`` turns an answer into the
refusal (``dealer_out_of_turn``) with the seats' names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: The key of a line that lets its dealer break the rotation.
DEALER_CHANGED = "dealer_changed"


@dataclass(frozen=True)
class Turn:
    """What the rotation knows before a run of lines: the table's seats, the sheet's first
    dealer (seat from 0, or ``None``) and the dealer written on the line before the run."""

    seats: int
    first_dealer: int | None
    previous: int | None = None


@dataclass(frozen=True)
class OutOfTurn:
    """Line ``number`` names ``written`` as dealer where ``expected`` deals (seats from 0);
    ``previous`` is who dealt the line before (``None`` for line 1: the sheet's first dealer)."""

    number: int
    expected: int
    written: int
    previous: int | None


def dealer_in_turn(turn: Turn, number: int) -> int | None:
    """Who deals line ``number`` (from 1) when the line before was dealt by ``turn.previous``;
    ``None`` when that cannot be known.

    >>> dealer_in_turn(Turn(seats=4, first_dealer=3), 1)
    3
    >>> dealer_in_turn(Turn(seats=4, first_dealer=0, previous=3), 6)
    0
    >>> dealer_in_turn(Turn(seats=3, first_dealer=1), 3)
    0
    """
    if number > 1 and turn.previous is not None:
        return (turn.previous + 1) % turn.seats
    if turn.first_dealer is None:
        return None
    return (turn.first_dealer + number - 1) % turn.seats


def _seat(value: Any) -> int | None:
    return value if type(value) is int else None


def dealer_changed(line: Mapping[str, Any]) -> bool:
    """Whether the line carries the "dealer changed" mark."""
    return line.get(DEALER_CHANGED) is True


def rotation_check(
    lines: Sequence[Mapping[str, Any]], first_number: int, turn: Turn
) -> OutOfTurn | None:
    """The first of ``lines`` (numbered from ``first_number``) whose dealer is out of turn, or
    ``None`` when every one deals in turn or is marked ``dealer_changed``.

    The lines are expected to have passed the engine's checks (a dealer, when written, is a
    seat of the table).

    >>> turn = Turn(seats=4, first_dealer=0)
    >>> rotation_check([{"dealer": 0}, {"dealer": 1}], 1, turn) is None
    True
    >>> rotation_check([{"dealer": 0}, {"dealer": 3}], 1, turn)
    OutOfTurn(number=2, expected=1, written=3, previous=0)
    >>> rotation_check([{"dealer": 0}, {"dealer": 3, "dealer_changed": True}], 1, turn) is None
    True
    """
    previous = turn.previous
    for offset, line in enumerate(lines):
        number = first_number + offset
        written = _seat(line.get("dealer"))
        expected = dealer_in_turn(Turn(turn.seats, turn.first_dealer, previous), number)
        if (
            written is not None
            and expected is not None
            and written != expected
            and not dealer_changed(line)
        ):
            return OutOfTurn(number, expected, written, previous if number > 1 else None)
        previous = written
    return None
