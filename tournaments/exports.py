"""CSV exports of standings and results: what a club pastes into its newsletter or website.

Names in them are typed by members, so the text goes through ``csv_cells`` (no cell can start
a spreadsheet formula). Column names follow one convention, lower-case words joined by
underscores (``rank``, ``games_won``, ``side_1``), the same in every language: a script that
reads the file finds its columns by name. A metric's column is named by its key, as the API
names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tournaments.csv_cells import csv_text
from tournaments.models import StandingsSnapshot
from tournaments.round_display import ResultRow
from tournaments.standings_words import explanation_text


def standings_csv(snapshot: StandingsSnapshot | None, *, season: bool = False) -> str:
    """Rank, name, games played, every metric of the order, then (seasons) nights attended,
    and the explanation in words (the reader's language)."""
    columns: Sequence[dict[str, Any]] = snapshot.columns if snapshot else []
    header = ["rank", "name", "played", *(c["key"] for c in columns)]
    if season:
        header.append("nights")
    rows: list[list[Any]] = [[*header, "explanation"]]
    for row in snapshot.rows if snapshot else []:
        values = [row["rank"], row["name"], row["played"]]
        values += [row["shown"].get(c["key"], "") for c in columns]
        if season:
            values.append(row.get("attendance", ""))
        rows.append([*values, explanation_text(row["explanation"])])
    return csv_text(rows)


def results_csv(rows: Sequence[ResultRow]) -> str:
    """One line per game: round, table, each side and its score, the winner, the sheet state."""
    most = max((len(r.sides) for r in rows), default=2)
    header: list[Any] = ["round", "table"]
    for n in range(1, most + 1):
        header += [f"side_{n}", f"score_{n}"]
    lines: list[list[Any]] = [[*header, "winner", "status"]]
    for row in rows:
        values: list[Any] = [row.round, row.table]
        for n in range(most):
            if n < len(row.sides):
                score = row.scores[n]
                values += [row.sides[n], "" if score is None else score]
            else:
                values += ["", ""]
        lines.append([*values, " & ".join(row.winners), row.status])
    return csv_text(lines)
