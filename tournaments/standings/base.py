"""What every standings metric is: a key, a label, a direction and a way to compute a figure.

A metric has a stable ``key`` (what event config stores), a ``label`` for table headings, a
``noun`` for sentences, a ``direction`` (is a higher figure better?) and
``compute(entrant_id, games, context)``, which returns the entrant's figure from its
appearances. ``explain(value, other)`` words a figure for explanations:
``"points (412 vs 400)"``. The metrics themselves live in ``metrics``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from enum import Enum

from tournaments.standings.context import StandingsContext
from tournaments.standings.types import Appearance


class Direction(Enum):
    """Which way a metric sorts."""

    HIGHER = "higher"
    LOWER = "lower"


class Metric(ABC):
    """Base of every metric; subclasses set the class attributes and ``compute``.

    ``group`` marks a metric computed within a tied group; ``per_night`` says whether the
    figure means something for one night on its own (season standings show those per night).
    """

    key: str = ""
    label: str = ""
    noun: str = ""
    direction: Direction = Direction.HIGHER
    group: bool = False
    per_night: bool = True

    @abstractmethod
    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        """The entrant's figure; ``games`` are its appearances (``context.games(entrant_id)``)."""

    def format(self, value: float) -> str:
        """The figure as a table shows it: whole numbers without a decimal point."""
        if float(value).is_integer():
            return str(int(value))
        return f"{value:.2f}"

    def explain(self, value: float, other: float | None = None) -> str:
        """``"points (412)"``, or ``"points (412 vs 400)"`` when compared with ``other``."""
        shown = self.format(value)
        if other is not None:
            shown = f"{shown} vs {self.format(other)}"
        return f"{self.noun} ({shown})"

    def better(self, value: float, other: float) -> bool:
        """Whether ``value`` beats ``other`` in this metric's direction."""
        return value > other if self.direction is Direction.HIGHER else value < other

    def sort_key(self, value: float) -> float:
        """An ascending sort key that puts the best figure first."""
        return -value if self.direction is Direction.HIGHER else value

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
