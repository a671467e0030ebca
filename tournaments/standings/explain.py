"""Explanations: which figures put a row where it is against its neighbours.

Rows are compared metric by metric in the order's precedence; the first metric on which two
rows differ decided between them, every metric before it was level. Texts read like
"Level with Smith & Jones on points (412); ahead on games won (5 vs 4)".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from tournaments.standings.base import Metric
from tournaments.standings.types import MetricValue

Figures = Mapping[int, Mapping[str, MetricValue]]


def deciding_index(
    first: int, second: int, figures: Figures, metrics: Sequence[Metric]
) -> int | None:
    """The index of the first metric on which two entrants differ; ``None`` if level on all."""
    one, two = figures[first], figures[second]
    for index, metric in enumerate(metrics):
        if one[metric.key] != two[metric.key]:
            return index
    return None


def join_words(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _level_on(entrant: int, figures: Figures, metrics: Sequence[Metric]) -> str:
    return join_words([_explain(metric, figures[entrant][metric.key]) for metric in metrics])


def _explain(metric: Metric, value: MetricValue, other: MetricValue = None) -> str:
    # Rows compared here were tied up to this metric, so a group metric has a figure for both;
    # a missing one is shown as a dash rather than hiding the metric.
    if value is None:
        return f"{metric.noun} (-)"
    return metric.explain(value, other)


def against_above(
    entrant: int,
    above: int,
    rank: int,
    figures: Figures,
    metrics: Sequence[Metric],
    name: Callable[[int], str],
) -> str:
    """Why ``entrant`` is below ``above`` (or level with it, sharing ``rank``)."""
    index = deciding_index(entrant, above, figures, metrics)
    if index is None:
        level = _level_on(entrant, figures, metrics)
        return f"Level with {name(above)} on {level}: shares rank {rank}"
    metric = metrics[index]
    behind = _explain(metric, figures[entrant][metric.key], figures[above][metric.key])
    if index == 0:
        return f"Behind {name(above)} on {behind}"
    level = _level_on(entrant, figures, metrics[:index])
    return f"Level with {name(above)} on {level}; behind on {behind}"


def against_below(
    entrant: int,
    below: int,
    figures: Figures,
    metrics: Sequence[Metric],
    name: Callable[[int], str],
) -> str | None:
    """Why ``entrant`` is above ``below``; ``None`` when they are level (the lower row says so)."""
    index = deciding_index(entrant, below, figures, metrics)
    if index is None:
        return None
    metric = metrics[index]
    ahead = _explain(metric, figures[entrant][metric.key], figures[below][metric.key])
    if index == 0:
        return f"Ahead of {name(below)} on {ahead}"
    level = _level_on(entrant, figures, metrics[:index])
    return f"Level with {name(below)} on {level}; ahead on {ahead}"


def namer(names: Mapping[int, str] | None) -> Callable[[int], str]:
    """A function that names an entrant, falling back to ``"entrant 7"``."""
    known = names or {}

    def name(entrant_id: int) -> str:
        return known.get(entrant_id, f"entrant {entrant_id}")

    return name
