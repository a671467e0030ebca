"""Standings for one night or tournament: sort entrants by an ordered list of metrics.

The first metric of the order ranks everyone; each later metric only reorders entrants still
level on every metric before it. A group metric (head-to-head) is computed inside each such
tied group, so a win against someone who finished elsewhere never breaks a tie. Entrants level
on every metric share a rank ("3=": 1, 2, 3, 3, 5) and are listed by id, so the same results
always give the same table whatever order the adapter passed them in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tournaments.standings.base import Metric
from tournaments.standings.byes import NO_SCORE, ByeRule, RoundBye, with_byes
from tournaments.standings.context import StandingsContext, build_context, index_results
from tournaments.standings.explain import (
    Reason,
    against_above,
    against_below,
    deciding_index,
    namer,
)
from tournaments.standings.metrics import DEFAULT_ORDER, resolve_order
from tournaments.standings.types import GameResult, MetricValue, StandingRow


def compute_standings(
    results: Iterable[GameResult],
    entrants: Sequence[int],
    order: Sequence[str | Metric] = DEFAULT_ORDER,
    *,
    names: Mapping[int, str] | None = None,
    lot_seed: int = 0,
    byes: Sequence[RoundBye] = (),
    bye_rule: ByeRule = NO_SCORE,
) -> list[StandingRow]:
    """The standings of ``entrants`` over ``results``, best first.

    ``order`` names the metrics by key (see ``metrics.METRICS``) or gives configured ones
    (``Points(cap=120)``). In a progressive event each side lists its two players and each
    player is credited with the side's figures. Entrants with no finished game are ranked on
    zero figures; results may mention ids that are not ranked (a withdrawn opponent still counts
    towards an opponent's Buchholz). ``names`` words the explanations; ``lot_seed`` seeds the
    drawn lot when the order ends with ``"lot"``. ``byes`` score what ``bye_rule`` says
    (``byes.with_byes``).

    Raises:
        StandingsError: ``no_metrics``, ``unknown_metric``, ``duplicate_metric``,
            ``lot_not_last``, ``bad_cap`` (from the order); ``duplicate_entrant``,
            ``duplicate_game``, ``too_few_sides``, ``entrant_twice_in_game`` (from the data).
    """
    metrics = resolve_order(order)
    appearances = with_byes(index_results(results), byes, bye_rule)
    context = build_context(appearances, entrants, seed=lot_seed)
    return rank_entrants(context, metrics, names=names)


def rank_entrants(
    context: StandingsContext,
    metrics: Sequence[Metric],
    *,
    names: Mapping[int, str] | None = None,
) -> list[StandingRow]:
    """Rows for every entrant of ``context.ranked``, sorted by ``metrics`` in order.

    The caller resolves the order (``resolve_order``) and builds the context; season standings
    come in here with each entrant's appearances already cut to its counted nights.
    """
    figures, groups = sort_groups(context, metrics)
    name = namer(names)
    ordered = [entrant for group in groups for entrant in group]
    ranks = {}
    position = 1
    for group in groups:
        for entrant in group:
            ranks[entrant] = position
        position += len(group)
    rows: list[StandingRow] = []
    for index, entrant in enumerate(ordered):
        above = ordered[index - 1] if index else None
        below = ordered[index + 1] if index + 1 < len(ordered) else None
        lines: list[Reason] = []
        decided_by = None
        tied = False
        if above is not None:
            lines.append(against_above(entrant, above, ranks[entrant], figures, metrics, name))
            decider = deciding_index(entrant, above, figures, metrics)
            tied = decider is None
            decided_by = None if decider is None else metrics[decider].key
        if below is not None:
            line = against_below(entrant, below, figures, metrics, name)
            if line is not None:
                lines.append(line)
        rows.append(
            StandingRow(
                rank=ranks[entrant],
                entrant_id=entrant,
                metrics={metric.key: figures[entrant][metric.key] for metric in metrics},
                reasons=tuple(lines),
                tied_with_previous=tied,
                decided_by=decided_by,
            )
        )
    return rows


def sort_groups(
    context: StandingsContext, metrics: Sequence[Metric]
) -> tuple[dict[int, dict[str, MetricValue]], list[list[int]]]:
    """Every entrant's figures, and the entrants split into tied groups, best group first.

    Global metrics are computed for everyone (a table shows them all); a group metric only for
    entrants in a group of two or more at its turn, ``None`` for the others.
    """
    figures: dict[int, dict[str, MetricValue]] = {entrant: {} for entrant in context.ranked}
    for metric in metrics:
        if not metric.group:
            for entrant in context.ranked:
                games = context.games(entrant)
                figures[entrant][metric.key] = metric.compute(entrant, games, context)
    groups = [list(context.ranked)] if context.ranked else []
    for metric in metrics:
        key = metric.key
        split: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                if metric.group:
                    figures[group[0]][key] = None
                split.append(group)
                continue
            if metric.group:
                within = context.within(group)
                for entrant in group:
                    figures[entrant][key] = metric.compute(entrant, within.games(entrant), within)
            split.extend(_split(group, metric, figures))
        groups = split
    return figures, groups


def _split(
    group: list[int], metric: Metric, figures: Mapping[int, Mapping[str, MetricValue]]
) -> list[list[int]]:
    """``group`` sorted by one metric (stably), cut where the figure changes."""
    key = metric.key

    def value(entrant: int) -> float:
        figure = figures[entrant][key]
        assert figure is not None, f"{key} was not computed for entrant {entrant}"
        return figure

    ordered = sorted(group, key=lambda entrant: metric.sort_key(value(entrant)))
    parts: list[list[int]] = [[ordered[0]]]
    for entrant in ordered[1:]:
        if value(entrant) == value(parts[-1][0]):
            parts[-1].append(entrant)
        else:
            parts.append([entrant])
    return parts
