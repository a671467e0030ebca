"""Seats and sides (docs/rules.md#seats).

Vocabulary: a *seat* is a place at the table, numbered clockwise from 0; a *side* is a team,
or a single player in cut-throat, numbered from 0. Scores are arrays indexed by side.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Where each seat sits, by the number of seats: seat 0 at the top of the picture and the rest
#: clockwise, as play passes to the left, so partners in a four-seat game sit across (North and
#: South against East and West) and every table size has a name for each place.
COMPASS: dict[int, tuple[str, ...]] = {
    2: ("North", "South"),
    3: ("North", "South-East", "South-West"),
    4: ("North", "East", "South", "West"),
    5: ("North", "East", "South-East", "South-West", "West"),
    6: ("North", "North-East", "South-East", "South", "South-West", "North-West"),
}


def seat_compass(seats: int) -> tuple[str, ...]:
    """The compass name of each of ``seats`` seats (``Seat n`` past the sizes in ``COMPASS``).

    >>> seat_compass(4)
    ('North', 'East', 'South', 'West')
    """
    return COMPASS.get(seats) or tuple(f"Seat {index + 1}" for index in range(seats))


@dataclass(frozen=True, slots=True)
class Seating:
    """Which side each seat plays for.

    >>> Seating.for_table(4).seat_side
    (0, 1, 0, 1)
    >>> Seating.for_table(6, six_player_teams="two_trios").side_seats
    ((0, 2, 4), (1, 3, 5))
    """

    seats: int
    seat_side: tuple[int, ...]
    side_seats: tuple[tuple[int, ...], ...]

    @property
    def sides(self) -> int:
        return len(self.side_seats)

    @property
    def cutthroat(self) -> bool:
        return self.sides == self.seats

    @classmethod
    def for_table(
        cls, seats: int, *, cutthroat: bool = False, six_player_teams: str = "three_pairs"
    ) -> Seating:
        """The seat-to-side map of docs/rules.md#seats for a table of ``seats`` players."""
        if cutthroat:
            seat_side = tuple(range(seats))
        elif seats == 4:
            seat_side = (0, 1, 0, 1)
        elif seats == 6 and six_player_teams == "two_trios":
            seat_side = (0, 1, 0, 1, 0, 1)
        elif seats == 6:
            seat_side = (0, 1, 2, 0, 1, 2)
        else:
            raise ValueError(f"{seats} players cannot play in partnerships")
        sides = max(seat_side) + 1
        side_seats = tuple(
            tuple(s for s in range(seats) if seat_side[s] == k) for k in range(sides)
        )
        return cls(seats, seat_side, side_seats)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side (empty in cut-throat)."""
        return tuple(s for s in self.side_seats[self.seat_side[seat]] if s != seat)
