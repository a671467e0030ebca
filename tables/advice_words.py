"""Hints and reviews in the reader's language: choices named as the table's buttons name
them, expected points, and how much a decision gave away.

A review's rows are kept as data (``HandReview.rows``); they are worded here when a page or
the API shows them, so each reader reads them in their own language.

A decision is marked as lichess marks moves, by what it gave away: the computer's choice's
expected points per hand minus the member's. Games score on different scales (a hand of
Auction 45 is worth 30 points and more, one of Pitch or Bid Whist a few), so each has its own
thresholds, ``(inaccuracy, mistake, blunder)``: Auction 45 3, 6 and 12 points; Pitch and Bid
Whist 0.5, 1 and 2. A smaller loss is listed without a mark.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from tables.screen import choice_label

#: Losses in expected points per hand from which a decision is an inaccuracy, a mistake, a
#: blunder, by game.
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "auction45": (3.0, 6.0, 12.0),
    "pitch52": (0.5, 1.0, 2.0),
    "bidwhist": (0.5, 1.0, 2.0),
}
DEFAULT_THRESHOLDS = (1.0, 2.0, 4.0)
MARKS = ("inaccuracy", "mistake", "blunder")
MARK_WORDS = {
    "inaccuracy": gettext_lazy("Inaccuracy"),
    "mistake": gettext_lazy("Mistake"),
    "blunder": gettext_lazy("Blunder"),
}


def mark(game_id: str, loss: float) -> str:
    """``inaccuracy``, ``mistake``, ``blunder``, or ``""`` for a loss below all three."""
    found = ""
    for name, threshold in zip(MARKS, THRESHOLDS.get(game_id, DEFAULT_THRESHOLDS), strict=True):
        if loss >= threshold:
            found = name
    return found


def points_text(points: float | None) -> str:
    """Expected points as a page shows them: signed, one decimal ("+4.2", "−1.0")."""
    if points is None:
        return gettext("not valued")
    shown = f"{abs(points):.1f}"
    return ("+" if points >= 0 else "\u2212") + shown


@dataclass(frozen=True)
class ChoiceLine:
    action: str
    label: str
    points: str
    computer: bool = False


@dataclass(frozen=True)
class ReviewLine:
    """One decision of a review as a page shows it."""

    seq: int
    step: int
    mine: str
    best: str
    points: str
    best_points: str
    loss: float
    mark: str
    mark_label: str


def hint_lines(computer: str, best: list[tuple[str, float | None]]) -> list[ChoiceLine]:
    """The best choices of a hint, worded, the computer's own marked."""
    return [
        ChoiceLine(action, choice_label(action), points_text(points), action == computer)
        for action, points in best
    ]


def review_lines(game_id: str, first_seq: int, rows: list[dict[str, Any]]) -> list[ReviewLine]:
    """A review's rows worded in the active language, in the order kept (largest loss
    first); ``step`` is the hand's replay step before the decision."""
    lines = []
    for row in rows:
        loss = float(row["best_points"]) - float(row["points"])
        name = mark(game_id, loss)
        lines.append(
            ReviewLine(
                seq=int(row["seq"]),
                step=int(row["seq"]) - first_seq,
                mine=choice_label(str(row["action"])),
                best=choice_label(str(row["best"])),
                points=points_text(float(row["points"])),
                best_points=points_text(float(row["best_points"])),
                loss=round(loss, 1),
                mark=name,
                mark_label=str(MARK_WORDS[name]) if name else "",
            )
        )
    return lines
