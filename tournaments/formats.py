"""Event options mapped onto the engine and the pure modules, in one place.

A format needs a table the game can seat: partnership formats (round robin, Swiss, knockout)
need two sides, each one partnership; progressive needs sides of two players (four or six at
a table, partners changing every round); cut-throat needs every seat its own side. ``layout_for``
checks that once, when the event is made, and tells the pairing adapter the table's shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from engine.rules import Game, RulesError, get_game
from tournaments.errors import TournamentError
from tournaments.models.events import EntrantKind, EventFormat, entrant_kind_of
from tournaments.standings.base import Metric
from tournaments.standings.metrics import METRICS, Points, resolve_order
from tournaments.standings.types import StandingsError

# Metric keys in the order each format's standings use unless the director chooses another.
DEFAULT_TIEBREAKS: dict[str, tuple[str, ...]] = {
    EventFormat.ROUND_ROBIN: ("games_won", "points", "point_differential", "head_to_head"),
    EventFormat.SWISS: ("games_won", "buchholz", "point_differential", "points"),
    EventFormat.KNOCKOUT: ("games_won", "point_differential", "points"),
    EventFormat.PROGRESSIVE: ("points", "games_won", "point_differential"),
    EventFormat.CUTTHROAT: ("points", "games_won", "points_against"),
}

FORMAT_NEEDS = {
    EventFormat.ROUND_ROBIN: "two partnerships at a table",
    EventFormat.SWISS: "two partnerships at a table",
    EventFormat.KNOCKOUT: "two partnerships at a table",
    EventFormat.PROGRESSIVE: "pairs of partners (four or six players at a table)",
    EventFormat.CUTTHROAT: "every player for themselves (cut-throat rules)",
}
FORMAT_GAME_MISMATCH = gettext_lazy(
    "{format} needs {needs}; these rules seat {seats} players as {sides} sides. Choose other "
    "rules or another format."
)
BAD_RULES = gettext_lazy("These rules do not build a game: {reason}")


@dataclass(frozen=True)
class Layout:
    """The shape of one table of an event."""

    format: str
    kind: EntrantKind
    seats: int
    seat_side: tuple[int, ...]
    side_seats: tuple[tuple[int, ...], ...]

    @property
    def sides(self) -> int:
        return len(self.side_seats)

    @property
    def side_size(self) -> int:
        return len(self.side_seats[0])


def game_of(game_id: str, options: dict[str, object]) -> Game:
    """The engine game of an event's copied rules.

    Raises:
        TournamentError: ``bad_rules`` when the engine refuses them.
    """
    try:
        return get_game(game_id, options)
    except RulesError as error:
        raise TournamentError("bad_rules", BAD_RULES.format(reason=error.message)) from error


def layout_for(event_format: str, game: Game) -> Layout:
    """The table layout of ``event_format`` played at ``game``.

    Raises:
        TournamentError: ``format_game`` when the game cannot seat the format.
    """
    seating = game.seating
    kind = entrant_kind_of(event_format)
    side_size = len(seating.side_seats[0])
    if event_format == EventFormat.CUTTHROAT:
        fits = seating.cutthroat
    elif event_format == EventFormat.PROGRESSIVE:
        fits = not seating.cutthroat and side_size == 2
    else:
        fits = not seating.cutthroat and seating.sides == 2
    if not fits:
        raise TournamentError(
            "format_game",
            FORMAT_GAME_MISMATCH.format(
                format=EventFormat(event_format).label.capitalize(),
                needs=FORMAT_NEEDS[EventFormat(event_format)],
                seats=seating.seats,
                sides=seating.sides,
            ),
            "rule_set",
        )
    return Layout(event_format, kind, seating.seats, seating.seat_side, seating.side_seats)


def tiebreaks_clean(event_format: str, tiebreaks: Sequence[str] | None) -> list[str]:
    """The standings order to store: the given keys, or the format's default.

    Raises:
        TournamentError: ``tiebreaks`` naming the unknown or repeated metric.
    """
    keys = list(tiebreaks or DEFAULT_TIEBREAKS[event_format])
    try:
        resolve_order(keys)
    except StandingsError as error:
        raise TournamentError("tiebreaks", error.message, "tiebreaks") from error
    return keys


def standings_order(tiebreaks: Sequence[str], points_cap: int | None) -> tuple[Metric, ...]:
    """The metrics to sort on, with the points cap applied to the points metric."""
    items: list[str | Metric] = [
        Points(cap=points_cap) if key == "points" and points_cap else key for key in tiebreaks
    ]
    return resolve_order(items)


def metric_choices() -> list[tuple[str, str]]:
    """Every metric a director may put in a standings order, for forms."""
    return [(key, cls().label) for key, cls in METRICS.items()]
