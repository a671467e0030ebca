"""Plain data that standings read and return.

Words used across ``tournaments.standings``:

- **entrant**: whoever the standings rank, named by an ``int`` id: a fixed partnership, a
  single player in a progressive (rotating-partner) event, or a cut-throat player.
- **game result**: one finished game (one scoresheet) between two or more sides.
- **side**: the entrants who scored together in one game. In a partnership event a side holds
  one entrant (the partnership); in a progressive event it holds the two players who partnered
  for that game, and each of them is credited with the side's figures as an individual; in
  cut-throat every player is a side of one.
- **appearance**: one entrant's view of one game: its own side and the sides it played against.
- **metric**: one figure the standings sort on (points, games won, Buchholz, …); an event's
  **order** lists the metrics to apply, the first deciding and each later one breaking ties
  left by those before it.
- **night** (or event): one league night or one tournament; a **season** is many nights.

Nothing here imports Django; an adapter reads scoresheets, builds these objects and stores
what comes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tournaments.algorithm_errors import AlgorithmError

MetricValue = float | None
"""A metric's figure for one entrant; ``None`` where the metric was not needed (head-to-head
for an entrant that was never tied)."""


class StandingsError(AlgorithmError):
    """A standings request that the director can fix (unknown metric, bad season option, …)."""


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's figures in one game.

    ``points`` is the side's final score in the game (it may be negative in games where a side
    can go set below zero); ``won`` says whether this side won the game. ``hands_made`` and
    ``hands_set`` are carried through for displays that want them; no default metric reads them.
    """

    entrant_ids: tuple[int, ...]
    points: int
    won: bool
    hands_made: int | None = None
    hands_set: int | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game between ``sides``.

    ``event_id`` names the night or tournament the game belongs to (season standings group by
    it). Games with ``finished=False`` are ignored by standings and ratings: an abandoned or
    half-entered scoresheet neither counts as played nor moves a rating.
    """

    game_id: int
    round_number: int
    sides: tuple[SideResult, ...]
    event_id: int = 0
    finished: bool = True


@dataclass(frozen=True, slots=True)
class Appearance:
    """One entrant's view of one finished game: its own side and its opponents' sides.

    ``won`` is 1 for a game won, 0 for one lost, and a share of a win for a bye scored as the
    entrant's average (``byes``). ``points_against`` adds up every opposing side's points (one
    side in a two-sided game);
    ``opponent_ids`` names each opposing entrant once, in side order. Both are worked out once
    here (``Appearance.of``) because every strength-of-schedule metric reads them.
    """

    game_id: int
    round_number: int
    event_id: int
    side: SideResult
    opponents: tuple[SideResult, ...]
    won: float
    points: float
    points_against: float
    opponent_ids: tuple[int, ...]

    @classmethod
    def of(cls, game: GameResult, index: int) -> Appearance:
        """The appearance of the entrants on side ``index`` of ``game``."""
        side = game.sides[index]
        opponents = game.sides[:index] + game.sides[index + 1 :]
        if len(opponents) == 1:  # two sides, by far the usual game: no loops needed
            against, opponent_ids = opponents[0].points, opponents[0].entrant_ids
        else:
            against = sum(other.points for other in opponents)
            opponent_ids = tuple(entrant for other in opponents for entrant in other.entrant_ids)
        return cls(
            game_id=game.game_id,
            round_number=game.round_number,
            event_id=game.event_id,
            side=side,
            opponents=opponents,
            won=side.won,
            points=side.points,
            points_against=against,
            opponent_ids=opponent_ids,
        )


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings, best first.

    ``rank`` is shared by entrants level on every metric of the order ("3=", 3, 5): such rows
    have ``tied_with_previous`` set on all but the first. ``metrics`` maps each metric key of
    the order to the entrant's figure (``None`` when not needed, see ``MetricValue``).
    ``decided_by`` is the key of the metric that put this row below the one above it, ``None``
    for the top row and for a row tied with the one above. ``reasons`` say how the row
    compares with its neighbours, above first, as data (``explain``) that pages word in their
    reader's language; ``explanation`` words them in English.
    """

    rank: int
    entrant_id: int
    metrics: dict[str, MetricValue]
    reasons: tuple[dict[str, Any], ...]
    tied_with_previous: bool
    decided_by: str | None = None

    @property
    def explanation(self) -> tuple[str, ...]:
        """The reasons in English: "Behind Smith & Jones on points (400 vs 412)"."""
        from tournaments.standings.explain import reason_text  # explain reads these types

        return tuple(reason_text(reason) for reason in self.reasons)
