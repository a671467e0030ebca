"""The metrics standings can sort on, one small class each, and the registry of their keys.

Each is a ``base.Metric``: a stable ``key`` (what event config stores), a ``label``, a
``direction`` and ``compute(entrant_id, games, context)``.

Most metrics are *global*: computed once per entrant. A *group* metric (head-to-head) only
makes sense among entrants tied on every earlier metric, so standings call it once per tied
group with ``context.group`` set to that group. The drawn lot settles whatever is left and so
must come last.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.standings.base import Direction, Metric
from tournaments.standings.context import StandingsContext
from tournaments.standings.types import Appearance, StandingsError


class Points(Metric):
    """Total game points scored; with ``cap`` each game counts at most ``cap`` points.

    A cap stops a side that overshoots the target (125 in a game to 120) from outscoring one
    that won just as surely.

    Raises:
        StandingsError: ``bad_cap`` when ``cap`` is not positive.
    """

    key = "points"
    label = "Points"
    noun = "points"

    def __init__(self, cap: int | None = None) -> None:
        if cap is not None and cap <= 0:
            raise StandingsError("bad_cap", f"a points cap must be positive, not {cap}")
        self.cap = cap
        if cap is not None:
            self.label = f"Points (at most {cap} a game)"

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        if self.cap is None:
            return sum(a.points for a in games)
        cap = self.cap
        return sum(min(a.points, cap) for a in games)

    def __repr__(self) -> str:
        return f"Points(cap={self.cap!r})"


class GamesWon(Metric):
    """Games won; in cut-throat only the winner of a game has won it."""

    key = "games_won"
    label = "Games won"
    noun = "games won"

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        return sum(a.won for a in games)


class GamesPlayed(Metric):
    """Finished games played; more is better (a league rewards turning up)."""

    key = "games_played"
    label = "Games played"
    noun = "games played"

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        return len(games)


class WinPercentage(Metric):
    """Games won as a percentage of games played; 0 for an entrant who has not played."""

    key = "win_percentage"
    label = "Win %"
    noun = "win percentage"

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        if not games:
            return 0.0
        # Integer true division is correctly rounded, so equal ratios compare equal.
        return sum(a.won for a in games) * 100 / len(games)

    def format(self, value: float) -> str:
        return f"{value:.1f}%"


class PointDifferential(Metric):
    """Points for minus points against, where against adds up every opposing side."""

    key = "point_differential"
    label = "Point difference"
    noun = "point difference"

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        return sum(a.points - a.points_against for a in games)


class PointsAgainst(Metric):
    """Points scored by every opposing side; fewer is better."""

    key = "points_against"
    label = "Points against"
    noun = "points against"
    direction = Direction.LOWER

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        return sum(a.points_against for a in games)


class HeadToHead(Metric):
    """Games won against members of the tied group, counted within that group only.

    A win counts once however many group members sat on the losing sides. The entrant's own
    partner (progressive events) is not an opponent and never counts.
    """

    key = "head_to_head"
    label = "Head-to-head"
    noun = "head-to-head wins among the tied"
    group = True
    per_night = False

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        group = context.group
        return sum(
            1 for a in games if a.won and any(opponent in group for opponent in a.opponent_ids)
        )


class Buchholz(Metric):
    """Strength of schedule: each opponent's games won, once per game played against them."""

    key = "buchholz"
    label = "Buchholz"
    noun = "Buchholz"

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        return sum(opponent_wins(games, context))


class MedianBuchholz(Metric):
    """Buchholz without the single best and single worst opponent figure.

    With fewer than three opponent figures nothing is dropped: there would be nothing left to
    compare.
    """

    key = "median_buchholz"
    label = "Median Buchholz"
    noun = "median Buchholz"

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        figures = sorted(opponent_wins(games, context))
        if len(figures) >= 3:
            figures = figures[1:-1]
        return sum(figures)


class OpponentsPoints(Metric):
    """Every opponent's total points, once per game played against them."""

    key = "opponents_points"
    label = "Opponents' points"
    noun = "opponents' points"

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        points = context.points
        return sum(points.get(opponent, 0) for a in games for opponent in a.opponent_ids)


class Lot(Metric):
    """A lot drawn from the event's seed: 1 is best. Always the last metric of an order."""

    key = "lot"
    label = "Drawn lot"
    noun = "the drawn lot"
    direction = Direction.LOWER
    per_night = False

    def compute(
        self, entrant_id: int, games: Sequence[Appearance], context: StandingsContext
    ) -> float:
        return context.lots[entrant_id]


def opponent_wins(games: Sequence[Appearance], context: StandingsContext) -> list[float]:
    """Each opponent's games won, one figure per opponent per game."""
    wins = context.wins
    return [wins.get(opponent, 0) for a in games for opponent in a.opponent_ids]


METRICS: dict[str, type[Metric]] = {
    cls.key: cls
    for cls in (
        Points,
        GamesWon,
        GamesPlayed,
        WinPercentage,
        PointDifferential,
        PointsAgainst,
        HeadToHead,
        Buchholz,
        MedianBuchholz,
        OpponentsPoints,
        Lot,
    )
}
"""Every metric class by key: what event config may name."""

DEFAULT_ORDER: tuple[str, ...] = ("points", "games_won", "point_differential", "head_to_head")
"""Total points, then games won, then point difference, then head-to-head among the tied."""


def get_metric(key: str) -> Metric:
    """A default-configured metric by key.

    Raises:
        StandingsError: ``unknown_metric``, listing the keys that exist.
    """
    try:
        cls = METRICS[key]
    except KeyError:
        known = ", ".join(sorted(METRICS))
        raise StandingsError(
            "unknown_metric", f"there is no standings metric {key!r}; known metrics: {known}"
        ) from None
    return cls()


def resolve_order(order: Sequence[str | Metric]) -> tuple[Metric, ...]:
    """Metric instances for an order of keys or configured metrics (``Points(cap=120)``).

    Raises:
        StandingsError: ``no_metrics`` (empty order), ``unknown_metric``, ``duplicate_metric``
            (a key named twice), ``lot_not_last`` (the drawn lot before another metric).
    """
    if not order:
        raise StandingsError("no_metrics", "standings need at least one metric to sort on")
    metrics = tuple(get_metric(item) if isinstance(item, str) else item for item in order)
    keys = [metric.key for metric in metrics]
    for index, key in enumerate(keys):
        if key in keys[:index]:
            raise StandingsError(
                "duplicate_metric", f"metric {key!r} appears twice in the order {keys}"
            )
    if Lot.key in keys[:-1]:
        raise StandingsError(
            "lot_not_last",
            f"the drawn lot settles what every other metric leaves tied, so it must come last "
            f"in the order {keys}",
        )
    return metrics
