"""Explanations: which figures put a row where it is against its neighbours.

Rows are compared metric by metric in the order's precedence; the first metric on which two
rows differ decided between them, every metric before it was level.

An explanation is stored data, not a sentence: a ``Reason`` is a JSON-ready dict with a
``code`` and the figures behind it, so a page can word it in its reader's language long after
the standings were computed (``tournaments.standings_words``). ``reason_text`` words one in
English, as "Level with Smith & Jones on points (412); ahead on games won (5 vs 4)".

A *figure* is ``{"metric": key, "value": 412, "other": 400}`` (``other`` is ``None`` when the
figure is not compared; ``value`` is ``None`` for a group metric never computed). The codes and
their other keys:

- ``shares_rank``: ``entrant``, ``name``, ``on`` (figures), ``rank``: level on everything.
- ``behind`` / ``ahead``: ``entrant``, ``name``, ``figure``: the first metric decided.
- ``level_behind`` / ``level_ahead``: ``entrant``, ``name``, ``on``, ``figure``: level on
  ``on``, then ``figure`` decided.
- ``season_best``: ``best_of``, ``attended``, ``dropped`` (night numbers): nights dropped.
- ``season_played``: ``attended``, ``nights``, ``best_of`` (``None`` without a best-of).

``name`` is the entrant's name, or ``None`` when the caller gave none (words then say
"entrant 7").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tournaments.standings.base import Metric
from tournaments.standings.metrics import METRICS
from tournaments.standings.types import MetricValue

Figures = Mapping[int, Mapping[str, MetricValue]]
Reason = dict[str, Any]
"""One line of an explanation as data: ``{"code": ..., ...}`` (see the module's docstring)."""
Figure = dict[str, Any]

SHARES_RANK = "shares_rank"
BEHIND = "behind"
AHEAD = "ahead"
LEVEL_BEHIND = "level_behind"
LEVEL_AHEAD = "level_ahead"
SEASON_BEST = "season_best"
SEASON_PLAYED = "season_played"


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


def _figure(metric: Metric, value: MetricValue, other: MetricValue = None) -> Figure:
    return {"metric": metric.key, "value": value, "other": other}


def _level_on(entrant: int, figures: Figures, metrics: Sequence[Metric]) -> list[Figure]:
    return [_figure(metric, figures[entrant][metric.key]) for metric in metrics]


def against_above(
    entrant: int,
    above: int,
    rank: int,
    figures: Figures,
    metrics: Sequence[Metric],
    name: Callable[[int], str | None],
) -> Reason:
    """Why ``entrant`` is below ``above`` (or level with it, sharing ``rank``)."""
    who = {"entrant": above, "name": name(above)}
    index = deciding_index(entrant, above, figures, metrics)
    if index is None:
        return {
            "code": SHARES_RANK,
            **who,
            "on": _level_on(entrant, figures, metrics),
            "rank": rank,
        }
    metric = metrics[index]
    behind = _figure(metric, figures[entrant][metric.key], figures[above][metric.key])
    if index == 0:
        return {"code": BEHIND, **who, "figure": behind}
    level = _level_on(entrant, figures, metrics[:index])
    return {"code": LEVEL_BEHIND, **who, "on": level, "figure": behind}


def against_below(
    entrant: int,
    below: int,
    figures: Figures,
    metrics: Sequence[Metric],
    name: Callable[[int], str | None],
) -> Reason | None:
    """Why ``entrant`` is above ``below``; ``None`` when they are level (the lower row says so)."""
    index = deciding_index(entrant, below, figures, metrics)
    if index is None:
        return None
    who = {"entrant": below, "name": name(below)}
    metric = metrics[index]
    ahead = _figure(metric, figures[entrant][metric.key], figures[below][metric.key])
    if index == 0:
        return {"code": AHEAD, **who, "figure": ahead}
    level = _level_on(entrant, figures, metrics[:index])
    return {"code": LEVEL_AHEAD, **who, "on": level, "figure": ahead}


def season_line(
    attended: int, season_nights: int, best_of: int | None, dropped: Sequence[int]
) -> Reason:
    """Which of an entrant's nights counted towards its season row."""
    if best_of is not None and dropped:
        return {
            "code": SEASON_BEST,
            "best_of": best_of,
            "attended": attended,
            "dropped": list(dropped),
        }
    return {
        "code": SEASON_PLAYED,
        "attended": attended,
        "nights": season_nights,
        "best_of": best_of,
    }


def namer(names: Mapping[int, str] | None) -> Callable[[int], str | None]:
    """A function that names an entrant, ``None`` for one not named (words say "entrant 7")."""
    known = names or {}

    def name(entrant_id: int) -> str | None:
        return known.get(entrant_id)

    return name


# --- In English -------------------------------------------------------------------------------


def figure_shown(figure: Mapping[str, Any]) -> tuple[str, str | None]:
    """A figure's noun-free parts as the table shows them: ``("412", "400")``, ``("-", None)``."""
    metric = _metric(str(figure["metric"]))
    value, other = figure["value"], figure.get("other")
    if value is None:
        return "-", None
    shown = metric.format(value) if metric else str(value)
    if other is None:
        return shown, None
    return shown, metric.format(other) if metric else str(other)


def _metric(key: str) -> Metric | None:
    cls = METRICS.get(key)
    return cls() if cls is not None else None


def figure_text(figure: Mapping[str, Any]) -> str:
    """``"points (412)"``, ``"points (412 vs 400)"``, ``"head-to-head wins among the tied (-)"``."""
    metric = _metric(str(figure["metric"]))
    noun = metric.noun if metric else str(figure["metric"])
    value, other = figure_shown(figure)
    shown = value if other is None else f"{value} vs {other}"
    return f"{noun} ({shown})"


def reason_text(reason: Mapping[str, Any]) -> str:
    """One explanation line in English."""
    code = reason["code"]
    if code == SEASON_BEST:
        dropped = list(reason["dropped"])
        word = "night" if len(dropped) == 1 else "nights"
        shown = join_words([str(night) for night in dropped])
        return f"best {reason['best_of']} of {reason['attended']} nights: dropped {word} {shown}"
    if code == SEASON_PLAYED:
        line = f"played {reason['attended']} of {reason['nights']} nights"
        if reason["best_of"] is not None:
            line += f"; all count towards the best {reason['best_of']}"
        return line
    name = reason["name"] or f"entrant {reason['entrant']}"
    level = join_words([figure_text(f) for f in reason.get("on", ())])
    if code == SHARES_RANK:
        return f"Level with {name} on {level}: shares rank {reason['rank']}"
    figure = figure_text(reason["figure"])
    if code == BEHIND:
        return f"Behind {name} on {figure}"
    if code == AHEAD:
        return f"Ahead of {name} on {figure}"
    if code == LEVEL_BEHIND:
        return f"Level with {name} on {level}; behind on {figure}"
    if code == LEVEL_AHEAD:
        return f"Level with {name} on {level}; ahead on {figure}"
    raise ValueError(f"there is no explanation code {code!r}")
