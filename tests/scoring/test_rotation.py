"""The deal's rotation as a pure rule (``scoring.rotation``): who deals each line, and the
first line dealt out of turn, table-driven for two, three (cut-throat), four and six seats."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.rotation import OutOfTurn, Turn, dealer_in_turn, rotation_check


@pytest.mark.parametrize(
    ("turn", "number", "expected"),
    [
        (Turn(seats=4, first_dealer=2), 1, 2),
        (Turn(seats=4, first_dealer=2), 3, 0),  # nobody wrote a dealer: counted hand by hand
        (Turn(seats=4, first_dealer=2, previous=0), 5, 1),  # after the line before's dealer
        (Turn(seats=3, first_dealer=2, previous=2), 2, 0),  # cut-throat: three seats round
        (Turn(seats=6, first_dealer=None, previous=5), 9, 0),  # six hands: seat 6, then 1
        (Turn(seats=4, first_dealer=None), 1, None),  # nothing known
        (Turn(seats=4, first_dealer=None, previous=1), 1, None),  # line 1: only the first dealer
    ],
)
def test_who_deals_a_line(turn: Turn, number: int, expected: int | None) -> None:
    assert dealer_in_turn(turn, number) == expected


def dealt(*dealers: int | None, changed: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """Lines with these dealers; the offsets in ``changed`` carry the "dealer changed" mark."""
    lines: list[dict[str, Any]] = []
    for offset, dealer in enumerate(dealers):
        line: dict[str, Any] = {} if dealer is None else {"dealer": dealer}
        if offset in changed:
            line["dealer_changed"] = True
        lines.append(line)
    return lines


@pytest.mark.parametrize(
    ("lines", "first_number", "turn", "refused"),
    [
        (dealt(0, 1, 2, 3, 0), 1, Turn(4, 0), None),
        (dealt(1, 2), 1, Turn(4, 0), OutOfTurn(1, 0, 1, None)),
        (dealt(0, 1, 3), 1, Turn(4, 0), OutOfTurn(3, 2, 3, 1)),
        # A misdeal: seat 4 deals again, marked; the deal goes on from there.
        (dealt(0, 1, 1, 2, changed=(2,)), 1, Turn(4, 0), None),
        (dealt(0, 1, 1, 3, changed=(2,)), 1, Turn(4, 0), OutOfTurn(4, 2, 3, 1)),
        # Cut-throat 45s (three seats) and six-hand pitch.
        (dealt(2, 0, 1, 2), 1, Turn(3, 2), None),
        (dealt(2, 1), 1, Turn(3, 2), OutOfTurn(2, 0, 1, 2)),
        (dealt(4, 5, 0, 1), 1, Turn(6, 4), None),
        (dealt(4, 5, 1), 1, Turn(6, 4), OutOfTurn(3, 0, 1, 5)),
        # No first dealer: line 1 sets the turn.
        (dealt(3, 0, 1), 1, Turn(4, None), None),
        (dealt(3, 2), 1, Turn(4, None), OutOfTurn(2, 0, 2, 3)),
        # A line without a dealer is not checked; the next counts from the first dealer.
        (dealt(0, None, 2), 1, Turn(4, 0), None),
        (dealt(0, None, 3), 1, Turn(4, 0), OutOfTurn(3, 2, 3, None)),
        # A run in the middle of the sheet, after a line dealt by seat 2.
        (dealt(2, 3), 6, Turn(4, 0, previous=1), None),
        (dealt(3), 6, Turn(4, 0, previous=1), OutOfTurn(6, 2, 3, 1)),
    ],
)
def test_the_first_line_out_of_turn(
    lines: list[dict[str, Any]], first_number: int, turn: Turn, refused: OutOfTurn | None
) -> None:
    assert rotation_check(lines, first_number, turn) == refused


def test_only_a_true_mark_lets_a_dealer_out_of_turn() -> None:
    assert rotation_check([{"dealer": 2, "dealer_changed": "yes"}], 1, Turn(4, 0)) is not None
    assert rotation_check([{"dealer": 2, "dealer_changed": 1}], 1, Turn(4, 0)) is not None
    assert rotation_check([{"dealer": 2, "dealer_changed": True}], 1, Turn(4, 0)) is None
