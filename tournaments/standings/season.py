"""Season standings: many nights added up, optionally counting only each entrant's best nights.

Each night is first scored on its own (the per-night figures a season table shows). With
``best_of=N`` an entrant who played more than N nights keeps the N best by the order's first
metric (ties keep the earlier night) and the rest are dropped. The season is then ranked as if
each entrant had played only its kept nights: totals, win percentage, Buchholz, head-to-head
and the drawn lot all read the same cut record, with the same ordered tie-breaks and
explanations as one night. An entrant's first explanation line says which nights counted:
"best 8 of 10 nights: dropped nights 3 and 7".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from tournaments.standings.base import Metric
from tournaments.standings.byes import ByeRule, RoundBye, with_byes
from tournaments.standings.compute import rank_entrants
from tournaments.standings.context import build_context, check_entrants, index_results
from tournaments.standings.explain import Reason, season_line
from tournaments.standings.metrics import DEFAULT_ORDER, resolve_order
from tournaments.standings.types import Appearance, GameResult, StandingRow, StandingsError


@dataclass(frozen=True, slots=True)
class NightFigures:
    """One entrant's figures on one night it played.

    ``night`` is the night's number in the season (1-based); ``metrics`` holds the order's
    metrics that mean something for one night alone (not head-to-head or the lot).
    """

    night: int
    event_id: int
    metrics: dict[str, float]
    counted: bool


@dataclass(frozen=True)
class SeasonRow:
    """One line of the season table: the ranked row plus attendance and the nights behind it."""

    standing: StandingRow
    attendance: int
    nights: tuple[NightFigures, ...]
    dropped: tuple[int, ...]

    @property
    def rank(self) -> int:
        return self.standing.rank

    @property
    def entrant_id(self) -> int:
        return self.standing.entrant_id

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.standing.reasons

    @property
    def explanation(self) -> tuple[str, ...]:
        return self.standing.explanation


def compute_season_standings(
    results: Iterable[GameResult],
    entrants: Sequence[int],
    order: Sequence[str | Metric] = DEFAULT_ORDER,
    *,
    nights: Sequence[int] | None = None,
    best_of: int | None = None,
    names: Mapping[int, str] | None = None,
    lot_seed: int = 0,
    byes: Sequence[RoundBye] = (),
    bye_rules: Mapping[int, ByeRule] | None = None,
) -> list[SeasonRow]:
    """The season table of ``entrants`` over every night's ``results``, best first.

    ``byes`` (their ``event_id`` the night's) score what that night's rule in ``bye_rules``
    says, as on the night's own standings (``byes.with_byes``); a night not listed scores its
    byes as nothing.

    ``nights`` lists the season's event ids in calendar order (default: every event id in the
    results, ascending); night numbers in explanations count from 1 in that order.

    Raises:
        StandingsError: everything ``compute_standings`` raises, and ``duplicate_night``,
            ``unknown_night`` (a result from an event not in ``nights``), ``bad_best_of``
            (below 1), ``bad_primary_metric`` (``best_of`` with a first metric that has no
            per-night figure, such as head-to-head).
    """
    metrics = resolve_order(order)
    ranked = check_entrants(entrants)
    appearances = with_byes(index_results(results), byes, bye_rules or {})
    season = _season_nights(appearances, nights)
    primary = metrics[0]
    _check_best_of(best_of, primary)
    per_night = [metric for metric in metrics if metric.per_night]
    figures = _night_figures(appearances, ranked, season, per_night)
    counted: dict[int, set[int]] = {}  # night numbers that count, by entrant
    kept: dict[int, frozenset[int]] = {}  # the same nights as event ids
    for entrant in ranked:
        counted[entrant] = _best_nights(figures.get(entrant, {}), primary, best_of)
        kept[entrant] = frozenset(
            event for event, number in season.items() if number in counted[entrant]
        )
    cut = {
        entrant: [a for a in games if a.event_id in kept[entrant]] if entrant in kept else games
        for entrant, games in appearances.items()
    }
    context = build_context(cut, ranked, seed=lot_seed)
    return [
        _season_row(row, figures.get(row.entrant_id, {}), counted[row.entrant_id], season, best_of)
        for row in rank_entrants(context, metrics, names=names)
    ]


def _check_best_of(best_of: int | None, primary: Metric) -> None:
    """Best-of counts at least one night, picked by a first metric that has a night's figure."""
    if best_of is None:
        return
    if best_of < 1:
        raise StandingsError("bad_best_of", f"best_of counts nights, so at least 1, not {best_of}")
    if not primary.per_night:
        raise StandingsError(
            "bad_primary_metric",
            f"best {best_of} nights are picked by the first metric, and {primary.key!r} has "
            "no figure for a night on its own",
        )


def _season_row(
    row: StandingRow,
    played: Mapping[int, tuple[int, dict[str, float]]],
    counted: set[int],
    season: Mapping[int, int],
    best_of: int | None,
) -> SeasonRow:
    """An entrant's season row: its standing, explained first by the nights it played and
    those dropped, and each night's figures."""
    dropped = tuple(sorted(set(played) - counted))
    line = season_line(len(played), len(season), best_of, dropped)
    return SeasonRow(
        standing=replace(row, reasons=(line, *row.reasons)),
        attendance=len(played),
        nights=tuple(
            NightFigures(number, event, values, number in counted)
            for number, (event, values) in sorted(played.items())
        ),
        dropped=dropped,
    )


def _season_nights(
    appearances: Mapping[int, Sequence[Appearance]], nights: Sequence[int] | None
) -> dict[int, int]:
    """Night number (1-based) by event id."""
    seen = {a.event_id for games in appearances.values() for a in games}
    if nights is None:
        return {event: number for number, event in enumerate(sorted(seen), start=1)}
    season = {event: number for number, event in enumerate(nights, start=1)}
    if len(season) != len(nights):
        raise StandingsError("duplicate_night", f"a night is listed twice in {list(nights)}")
    unknown = sorted(seen - set(season))
    if unknown:
        raise StandingsError(
            "unknown_night",
            f"results come from event(s) {unknown}, which are not nights of this season",
        )
    return season


def _night_figures(
    appearances: Mapping[int, Sequence[Appearance]],
    ranked: Sequence[int],
    season: Mapping[int, int],
    metrics: Sequence[Metric],
) -> dict[int, dict[int, tuple[int, dict[str, float]]]]:
    """For each ranked entrant, night number → (event id, that night's figures)."""
    by_night: dict[int, dict[int, list[Appearance]]] = {}
    for entrant, games in appearances.items():
        for a in games:
            by_night.setdefault(a.event_id, {}).setdefault(entrant, []).append(a)
    figures: dict[int, dict[int, tuple[int, dict[str, float]]]] = {}
    wanted = set(ranked)
    for event, night_games in by_night.items():
        players = [entrant for entrant in night_games if entrant in wanted]
        context = build_context(night_games, players)
        for entrant in players:
            games = night_games[entrant]
            values = {m.key: m.compute(entrant, games, context) for m in metrics}
            figures.setdefault(entrant, {})[season[event]] = (event, values)
    return figures


def _best_nights(
    played: Mapping[int, tuple[int, dict[str, float]]], primary: Metric, best_of: int | None
) -> set[int]:
    """Numbers of the nights that count: all of them, or the ``best_of`` best by ``primary``."""
    if best_of is None or len(played) <= best_of:
        return set(played)
    ranked = sorted(
        played, key=lambda night: (primary.sort_key(played[night][1][primary.key]), night)
    )
    return set(ranked[:best_of])
