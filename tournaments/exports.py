"""CSV exports of standings and results: what a club pastes into its newsletter or website."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from tournaments.models import StandingsSnapshot
from tournaments.round_display import ResultRow


def standings_csv(snapshot: StandingsSnapshot | None, *, season: bool = False) -> str:
    """Rank, name, games played, every metric of the order, then (seasons) nights attended,
    and the explanation in words."""
    out = io.StringIO()
    writer = csv.writer(out)
    columns: Sequence[dict[str, Any]] = snapshot.columns if snapshot else []
    header = ["rank", "name", "played", *(c["label"] for c in columns)]
    if season:
        header.append("nights")
    writer.writerow([*header, "explanation"])
    for row in snapshot.rows if snapshot else []:
        values = [row["rank"], row["name"], row["played"]]
        values += [row["shown"].get(c["key"], "") for c in columns]
        if season:
            values.append(row.get("attendance", ""))
        writer.writerow([*values, "; ".join(row["explanation"])])
    return out.getvalue()


def results_csv(rows: Sequence[ResultRow]) -> str:
    """One line per game: round, table, each side and its score, the winner, the sheet state."""
    out = io.StringIO()
    writer = csv.writer(out)
    most = max((len(r.sides) for r in rows), default=2)
    header = ["round", "table"]
    for n in range(1, most + 1):
        header += [f"side {n}", f"score {n}"]
    writer.writerow([*header, "winner", "status"])
    for row in rows:
        values: list[Any] = [row.round, row.table]
        for n in range(most):
            if n < len(row.sides):
                score = row.scores[n]
                values += [row.sides[n], "" if score is None else score]
            else:
                values += ["", ""]
        writer.writerow([*values, " & ".join(row.winners), row.status])
    return out.getvalue()
